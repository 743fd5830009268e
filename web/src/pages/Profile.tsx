/** A player's public page: ratings with their history, results, current and recent games, head-to-head. */
import { useEffect, useState } from "preact/hooks";
import type { Me } from "../api";
import { FAMILIES, profileApi, ratingText, signed, type Family, type Profile } from "../profile/data";
import { RatingChart } from "../profile/RatingChart";
import { RULESET_NAMES } from "../components/names";

const rulesetName = (id: string) => RULESET_NAMES[id] ?? "Mah Jongg";

const when = (t: number) => new Date(t).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

/** What a game not dealt yet waits for: "waiting for 1 invited player", "an open challenge, 3 seats free". */
function waitsFor(g: Profile["currentGames"][number]): string {
  const free = Math.max(1, (g.seats ?? 2) - (g.seatsTaken ?? 1));
  if (g.challenge) return `an open challenge, ${free} ${free === 1 ? "seat" : "seats"} free`;
  return `waiting for ${free} invited ${free === 1 ? "player" : "players"}`;
}

export default function ProfilePage({ me, id }: { me: Me; id: string }) {
  const [p, setP] = useState<Profile | null>(null);
  const [error, setError] = useState("");
  const [family, setFamily] = useState<Family | null>(null);
  useEffect(() => {
    profileApi.profile(id, id === me.id ? undefined : me.id).then((x) => {
      setP(x);
      // Show first the family with the most rated games.
      setFamily([...FAMILIES].sort((a, b) => x.ratings[b.id].games - x.ratings[a.id].games)[0]!.id);
    }, (e) => setError(String(e.message ?? e)));
  }, [id, me.id]);
  if (error)
    return (
      <>
        <p class="error" role="alert">{error}</p>
        <p>
          <a class="button" href="/">Your games</a>
        </p>
      </>
    );
  if (!p || !family) return <p class="loading" aria-busy="true">Loading…</p>;
  const s = p.stats;
  const playing = p.currentGames.filter((g) => g.status !== "open");
  const waiting = p.currentGames.filter((g) => g.status === "open");
  return (
    <section class="profile">
      <h1>{p.displayName}</h1>
      <h2>Ratings</h2>
      <div class="rating-tabs" role="tablist">
        {FAMILIES.map((f) => (
          <button type="button" role="tab" aria-selected={f.id === family} class={f.id === family ? "selected" : ""} onClick={() => setFamily(f.id)}>
            {f.name} <strong>{ratingText(p.ratings[f.id])}</strong>
          </button>
        ))}
      </div>
      <p>
        {FAMILIES.find((f) => f.id === family)!.name}: <strong class="big-rating">{ratingText(p.ratings[family])}</strong> after {p.ratings[family].games} rated{" "}
        {p.ratings[family].games === 1 ? "game" : "games"}
.
      </p>
      {FAMILIES.some((f) => p.ratings[f.id].provisional) ? (
        <p class="small muted rating-note">
          A rating with a ? is still settling: every player starts at 1500, and the first rated games move it a lot. The
          ? goes once enough rated games have shown how strong the player is.
        </p>
      ) : null}
      <RatingChart points={p.history[family].length ? [{ at: 0, rating: p.history[family][0]!.before }, ...p.history[family]] : []} label={`${FAMILIES.find((f) => f.id === family)!.name} rating`} />
      <h2>Results</h2>
      <dl class="stats">
        <dt>Games played</dt><dd>{s.played}</dd>
        <dt>Games won</dt><dd>{s.won}</dd>
        <dt>Mah Jongg in</dt><dd>{Math.round(s.mahjongRate * 100)} % of games</dd>
        <dt>Points per game</dt><dd>{s.averagePoints}</dd>
      </dl>
      {p.headToHead ? (
        <p class="h2h">
          {p.headToHead.played
            ? `Against you: ${p.headToHead.played} ${p.headToHead.played === 1 ? "game" : "games"} — ${p.displayName} won ${p.headToHead.wins}, you won ${p.headToHead.losses}, ${p.headToHead.draws} even.`
            : "Against you: no finished games yet."}
        </p>
      ) : null}
      <h2>Playing now</h2>
      {playing.length ? (
        <ul class="playing-now">{playing.map((g) => <li><a href={g.url}>{rulesetName(g.ruleset)}{g.rated ? " (rated)" : ""}</a></li>)}</ul>
      ) : <p class="muted">No game running.</p>}
      {waiting.length ? (
        <>
          {/* games not dealt yet: not being played, so not under "Playing now"; the player's own open their waiting page */}
          <h2>Waiting for players</h2>
          <ul class="waiting-games">
            {waiting.map((g) => {
              const words = `${rulesetName(g.ruleset)}${g.rated ? " (rated)" : ""}: ${waitsFor(g)}`;
              return <li>{id === me.id ? <a href={g.url}>{words}</a> : words}</li>;
            })}
          </ul>
        </>
      ) : null}
      <h2>Recent games</h2>
      {p.recentGames.length ? (
        <ul class="recent-games">
          {p.recentGames.map((g) => (
            <li>
              <a href={g.replay}>{when(g.endedAt)} · {rulesetName(g.ruleset)}</a> against {g.opponents.map((o) => o.name).join(", ")}: {g.points} points
              {g.ratingChange !== null ? <span class="rating-change"> ({signed(g.ratingChange)})</span> : null}
            </li>
          ))}
        </ul>
      ) : <p class="muted">No finished games yet.</p>}
      <p><a href={`/leaderboard?family=${family}`}>Leaderboard</a></p>
    </section>
  );
}
