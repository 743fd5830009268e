import { useEffect, useState } from "preact/hooks";
import { api, type GameSummary, type Me } from "../api";
import { useRefreshOnWake } from "../live";
import { setBadge } from "../components/badge";
import { timeLeft } from "../components/timeLeft";
import { RULESET_NAMES } from "../components/names";
import { FindGame } from "../lobby/FindGame";

export function Lobby({ me }: { me: Me }) {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [error, setError] = useState("");
  const load = () =>
    api.listGames().then(
      (g) => {
        setGames(g);
        setError("");
      },
      (e) => setError(e.message),
    );
  useEffect(() => {
    load();
    const t = setInterval(load, 60000);
    return () => clearInterval(t);
  }, []);
  useRefreshOnWake(load);

  const yours = (games ?? []).filter((g) => g.status === "active" && g.myTurn).sort((a, b) => (a.deadline ?? 0) - (b.deadline ?? 0));
  const waiting = (games ?? []).filter((g) => (g.status === "active" && !g.myTurn) || g.status === "open");
  const ended = (games ?? []).filter((g) => g.status === "ended");
  useEffect(() => setBadge(yours.length), [yours.length]);

  return (
    <section>
      <div class="row" style="justify-content: space-between">
        <h1>Hello, {me.displayName}</h1>
        <a class="button" href="/leagues">Leagues</a>
        <a class="button" href="/cards">Cards</a>
        <a class="button primary" href="/new">Start a game</a>
      </div>
      {error ? <p class="error" role="alert">{error}</p> : null}
      {games === null && !error ? <p class="loading" aria-busy="true">Loading your games…</p> : null}
      <h2>Your turn {yours.length ? <span class="badge" aria-label={`${yours.length} games`}>{yours.length}</span> : null}</h2>
      {yours.length ? <GameList games={yours} meId={me.id} /> : <p class="muted">No game is waiting for you.</p>}
      <FindGame />
      <h2>Waiting for others</h2>
      {waiting.length ? <GameList games={waiting} meId={me.id} /> : <p class="muted">None.</p>}
      <h2>Finished</h2>
      {ended.length ? <GameList games={ended} meId={me.id} /> : <p class="muted">None yet.</p>}
    </section>
  );
}

const RESULT_WORDS: Record<string, string> = {
  mahjong: "ended with Mah Jongg",
  wall: "ended: the wall ran out",
  dead: "ended: both hands dead",
  abandoned: "abandoned (time ran out)",
};

const opponents = (g: GameSummary, meId: string) => g.players.filter((p) => p.userId !== meId).map((p) => p.name);

function GameList({ games, meId }: { games: GameSummary[]; meId: string }) {
  return (
    <ul class="card-list">
      {games.map((g) => (
        <li key={g.id} class={g.myTurn && g.status === "active" ? "yours" : ""}>
          <div>
            <strong>{opponents(g, meId).length ? `with ${opponents(g, meId).join(", ")}` : "waiting for a player to join"}</strong>
            <div class="muted">
              {RULESET_NAMES[g.ruleset] ?? g.ruleset}
              {g.status === "active" && g.deadline ? ` · ${timeLeft(g.deadline)}` : ""}
              {g.status === "ended" && g.result ? ` · ${RESULT_WORDS[g.result] ?? g.result}` : ""}
            </div>
          </div>
          <a class={`button${g.myTurn && g.status === "active" ? " primary" : ""}`} href={g.status === "open" ? `/invite/${g.id}` : `/game/${g.id}`}>
            {g.status === "open" ? "Invite" : g.status === "ended" ? "See result" : g.myTurn ? "Play" : "Open"}
          </a>
        </li>
      ))}
    </ul>
  );
}
