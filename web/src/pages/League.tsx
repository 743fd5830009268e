import { Fragment } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { Me } from "../api";
import { RULESET_NAMES } from "../components/names";
import { leagueApi, type LeaguePage, type Season, type SeasonGame, type Standing } from "../league/client";
import { Organiser } from "../league/Organiser";
import { computerNote, members, TIE_BREAKS, turnsLine, when } from "../league/words";

/** Whose turn it is in a game in play, a line per player whose clock runs (empty when the reader may not know). */
function Turns({ game, me, now }: { game: SeasonGame; me: string; now: number }) {
  return game.toPlay.length ? <div class={game.late ? "turn late" : "turn"}>{turnsLine(game.toPlay, me, now)}</div> : null;
}

/** A league: standings of the chosen season, its schedule and byes, members, and the organiser log. */
export default function League({ me, id }: { me: Me; id: string }) {
  const [page, setPage] = useState<LeaguePage | null>(null);
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const [table, setTable] = useState<Standing[] | null>(null);
  const [error, setError] = useState("");
  const load = () => leagueApi.get(id).then(setPage, (e) => setError(e.message));
  useEffect(() => void load(), [id]);
  const season: Season | undefined = page?.seasons.find((s) => s.id === seasonId) ?? page?.seasons[0];
  useEffect(() => {
    if (season) leagueApi.standings(id, season.id).then((r) => setTable(r.standings), (e) => setError(e.message));
  }, [season?.id, page]);
  const plays = (g: SeasonGame) => g.players.some((p) => p.userId === me.id);
  // a member's own games still to play (in play first, then those not started yet), and the rounds they sit out
  const yours = (season?.games ?? []).filter((g) => plays(g) && (g.status === "scheduled" || (g.status === "started" && g.gameStatus !== "ended"))).sort((a, b) => (a.status === b.status ? a.round - b.round : a.status === "started" ? -1 : 1));
  const myByes = season && season.status !== "ended" ? season.byes.flatMap((b, r) => (b.some((p) => p.userId === me.id) ? [r] : [])) : [];
  if (!page) return error ? <p class="error" role="alert">{error}</p> : <p class="loading" aria-busy="true">Loading…</p>;
  return (
    <section class="league-page">
      <h1>{page.league.name}</h1>
      <p class="muted">
        {page.league.visibility} league · {members(page.members.length)}{page.league.status === "archived" ? " · archived" : ""}
      </p>
      {error ? <p class="error" role="alert">{error}</p> : null}
      {page.seasons.length > 1 ? (
        <label>
          Season{" "}
          <select value={season?.id} onChange={(e) => setSeasonId((e.target as HTMLSelectElement).value)}>
            {page.seasons.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
      ) : null}
      {season ? (
        <>
          {yours.length || myByes.length ? (
            <>
              <h2>Your games</h2>
              <ul class="card-list">
                {yours.map((g) => (
                  <li key={g.gameId} class="yours">
                    <div>
                      <strong>Round {g.round + 1}: with {g.players.filter((p) => p.userId !== me.id).map((p) => p.name).join(", ")}</strong>
                      <div class="muted">{g.status === "scheduled" ? `starts ${when(g.startsAt)}` : g.deadline ? `next move due ${when(g.deadline)}` : "in play"}{computerNote(g.players) ? ` · ${computerNote(g.players)}` : ""}</div>
                      <Turns game={g} me={me.id} now={page.now} />
                    </div>
                    {g.status === "started" ? <a class="button primary" href={`/game/${g.gameId}`}>Open your game</a> : null}
                  </li>
                ))}
              </ul>
              {myByes.length ? <p class="muted">You sit out {myByes.length === 1 ? "round" : "rounds"} {myByes.map((r) => r + 1).join(", ")} (a bye: no game for you that round).</p> : null}
            </>
          ) : null}
          <h2>{season.name}: standings</h2>
          <p class="muted">
            {RULESET_NAMES[season.ruleset] ?? season.ruleset} · {season.format} round robin · {season.mode === "rounds" ? `a round every ${season.roundDays} days` : "all games at once"}{season.computerStrength ? ` · computers (${season.computerStrength}) fill the empty seats` : ""} · {season.status}
          </p>
          {/* A phone has room for rank, name, points and games: the other figures go on a line under the name. */}
          <table class="standings">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Player</th>
                <th scope="col">Points</th>
                <th scope="col">Played</th>
                <th scope="col" class="wide-only">Mah Jonggs</th>
                <th scope="col" class="wide-only">Wall games</th>
                <th scope="col" class="wide-only">Forfeits</th>
                <th scope="col" class="wide-only"><abbr title="Head to head">H2H</abbr></th>
                <th scope="col" class="wide-only"><abbr title="Sonneborn-Berger">SB</abbr></th>
              </tr>
            </thead>
            <tbody>
              {(table ?? []).map((r) => (
                <Fragment key={r.userId}>
                  <tr class={r.userId === me.id ? "yours" : ""}>
                    <td>{r.rank}</td>
                    <td>{r.name}</td>
                    <td>{r.points}</td>
                    <td>{r.played}</td>
                    <td class="wide-only">{r.mahjongs}</td>
                    <td class="wide-only">{r.wallGames}</td>
                    <td class="wide-only">{r.forfeits}</td>
                    <td class="wide-only">{r.headToHead}</td>
                    <td class="wide-only">{r.sonnebornBerger}</td>
                  </tr>
                  <tr class={`phone-only standings-more${r.userId === me.id ? " yours" : ""}`}>
                    <td />
                    <td colSpan={3} class="small muted">
                      Mah Jonggs {r.mahjongs} · wall games {r.wallGames} · forfeits {r.forfeits} · H2H {r.headToHead} · SB {r.sonnebornBerger}
                    </td>
                  </tr>
                </Fragment>
              ))}
            </tbody>
          </table>
          <p class="muted">Ties on points are broken first by H2H, then by SB.</p>
          <ul class="muted">
            <li>{TIE_BREAKS.h2h}</li>
            <li>{TIE_BREAKS.sb}</li>
          </ul>
          <p class="row">
            <a href={`/api/leagues/${id}/standings.csv?season=${season.id}`} download>Standings (CSV)</a> · <a href={`/api/leagues/${id}/ledger.csv?season=${season.id}`} download>Ledger (CSV)</a>
          </p>
          <h2>Schedule</h2>
          {Array.from({ length: season.rounds }, (_, r) => (
            <div key={r}>
              <h3>Round {r + 1}</h3>
              <ul class="card-list">
                {season.games.filter((g) => g.round === r).map((g) => (
                  <li key={g.gameId} class={plays(g) ? "yours" : undefined}>
                    <div>
                      <strong>{g.players.map((p) => p.name).join(" – ")}</strong>
                      <div class="muted">
                        {g.status === "scheduled" ? `starts ${when(g.startsAt)}` : g.status === "cancelled" ? "cancelled" : g.gameStatus === "ended" ? `over (${g.result})` : g.deadline ? `next move due ${when(g.deadline)}` : "in play"}
                        {computerNote(g.players) ? ` · ${computerNote(g.players)}` : ""}
                      </div>
                      {/* whose turn: said once, under "Your games" for the reader's own */}
                      {yours.includes(g) ? null : <Turns game={g} me={me.id} now={page.now} />}
                    </div>
                    {/* Only a game's players may open it: a button on anyone else's would lead to "No such game". */}
                    {g.status === "started" && plays(g) ? <a class="button primary" href={`/game/${g.gameId}`}>Open your game</a> : null}
                  </li>
                ))}
              </ul>
              {season.byes[r]?.length ? <p class="muted">Bye: {season.byes[r]!.map((b) => b.name).join(", ")}</p> : null}
            </div>
          ))}
        </>
      ) : (
        <p class="muted">No season yet.</p>
      )}
      {page.me.organiser ? <Organiser page={page} season={season} me={me.id} onDone={load} /> : null}
      <h2>Members</h2>
      <ul>{page.members.map((m) => <li key={m.userId}>{m.name}{m.organiser ? " (organiser)" : ""}{m.plays ? "" : " (does not play)"}</li>)}</ul>
      <h2>Organiser log</h2>
      <ul>{page.log.map((l) => <li key={l.id}>{when(l.at)} · {l.actor ?? "?"}: {l.detail}</li>)}</ul>
    </section>
  );
}
