/**
 * Home, signed in (also at /games, where merged notices lead): your games first. Those waiting on
 * you, then those waiting on others, your open games, the finished ones; starting a game below.
 * Two games alike (same people, same ruleset) are told apart by when they started and their move.
 */
import { useEffect, useState } from "preact/hooks";
import { api, type GameSummary, type Me } from "../api";
import { useRefreshOnWake } from "../live";
import { setBadge } from "../components/badge";
import { timeLeft } from "../components/timeLeft";
import { awayWords } from "../../../worker/lib/away";
import { RULESET_NAMES } from "../components/names";
import { FindGame } from "../lobby/FindGame";
import { ago, dayOf, placeWords, signed } from "../lobby/when";
import "../lobby/home.css";

/** Finished games shown before "Show all". */
const FINISHED_SHOWN = 10;

export function Lobby({ me }: { me: Me }) {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [error, setError] = useState("");
  const [allFinished, setAllFinished] = useState(false);
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

  const all = games ?? [];
  const yours = all.filter((g) => g.status === "active" && g.myTurn).sort((a, b) => (a.deadline ?? Infinity) - (b.deadline ?? Infinity));
  const waiting = all.filter((g) => g.status === "active" && !g.myTurn);
  const open = all.filter((g) => g.status === "open");
  const ended = all.filter((g) => g.status === "ended");
  useEffect(() => setBadge(yours.length), [yours.length]);

  return (
    <section class="home">
      <div class="home-head">
        <h1>Your games</h1>
        <a class="button" href="#start">Start a game</a>
      </div>
      <p class="muted">Signed in as {me.displayName}.</p>
      {error ? <p class="error" role="alert">{error}</p> : null}
      {games === null && !error ? <p class="loading" aria-busy="true">Loading your games…</p> : null}
      {games && !games.length ? (
        <p class="notice">
          You have no games yet. <a href="#start">Start one below</a>: invite a friend, <a href="#challenges-h">find a player</a>, or{" "}
          <a href="#practice-h">practise against the computer</a>.
        </p>
      ) : null}

      <h2 id="yours-h">
        Waiting for you {yours.length ? <span class="badge" aria-label={`${yours.length} ${yours.length === 1 ? "game" : "games"}`}>{yours.length}</span> : null}
      </h2>
      {yours.length ? (
        <ul class="card-list games" aria-labelledby="yours-h">
          {yours.map((g) => (
            <Row key={g.id} g={g} me={me} line={[g.deadline ? `Your turn: ${timeLeft(g.deadline)}` : "Your turn"]} away={awayLines(g, me)} action="Play" primary />
          ))}
        </ul>
      ) : games ? (
        <p class="muted">No game is waiting for you.</p>
      ) : null}

      <h2 id="others-h">Waiting for others</h2>
      {waiting.length ? (
        <ul class="card-list games" aria-labelledby="others-h">
          {waiting.map((g) => (
            <Row key={g.id} g={g} me={me} line={[`${onWhom(g, me)}, since ${ago(g.updatedAt)}`]} away={awayLines(g, me)} action="Open" />
          ))}
        </ul>
      ) : games ? (
        <p class="muted">None.</p>
      ) : null}

      {open.length ? (
        <>
          <h2 id="open-h">Your open games</h2>
          <ul class="card-list games" aria-labelledby="open-h">
            {open.map((g) => (
              <OpenRow key={g.id} g={g} me={me} />
            ))}
          </ul>
        </>
      ) : null}

      <h2 id="ended-h">Finished</h2>
      {ended.length ? (
        <ul class="card-list games" aria-labelledby="ended-h">
          {(allFinished ? ended : ended.slice(0, FINISHED_SHOWN)).map((g) => (
            <Row key={g.id} g={g} me={me} line={[scoreWords(g), RESULT_WORDS[g.result ?? ""] ?? g.result ?? ""]} action="See result" ended />
          ))}
        </ul>
      ) : games ? (
        <p class="muted">None yet.</p>
      ) : null}
      {!allFinished && ended.length > FINISHED_SHOWN ? (
        <p>
          <button type="button" onClick={() => setAllFinished(true)}>
            Show all {ended.length} finished games
          </button>
        </p>
      ) : null}

      <section id="start" class="start" aria-labelledby="start-h">
        <h2 id="start-h">Start a game</h2>
        <p class="row">
          <a class="button primary" href="/new">Invite a friend to a game</a>
          <a class="button" href="/leagues">Leagues</a>
          <a class="button" href="/cards">Cards</a>
        </p>
        <FindGame />
      </section>
    </section>
  );
}

const RESULT_WORDS: Record<string, string> = {
  mahjong: "ended with Mah Jongg",
  wall: "the wall ran out",
  dead: "both hands dead",
  abandoned: "abandoned (a player resigned, or their time ran out)",
  match: "the match is complete",
  void: "void",
};

const others = (g: GameSummary, me: Me) => g.players.filter((p) => p.userId !== me.id);

/** "Siamese with Bob", "American with Bob, Cy and Dee". */
function title(g: GameSummary, me: Me): string {
  const names = others(g, me).map((p) => p.name);
  const list = names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${RULESET_NAMES[g.ruleset] ?? g.ruleset}${list ? ` with ${list}` : ""}`;
}

/** "Bob's turn", "Bob and Cy to play". */
function onWhom(g: GameSummary, me: Me): string {
  const names = others(g, me).filter((p) => p.toAct).map((p) => p.name);
  if (!names.length) return "Waiting";
  return names.length === 1 ? `${names[0]}'s turn` : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} to play`;
}

/** "Dave is away until Sat 3 pm; their clock is stopped": each other player on vacation (issue 36). */
const awayLines = (g: GameSummary, me: Me): string[] => others(g, me).flatMap((p) => (p.awayUntil ? [awayWords(p.name, p.awayUntil, Date.now())] : []));

/**
 * "You scored +35, 1st of 2"; a place shared with an equal total says so ("joint 2nd of 4", as the
 * game's own result does), and a game in which everyone scored the same is "a draw" (not "1st of 2").
 */
function scoreWords(g: GameSummary): string {
  if (g.myPoints === null || g.myPoints === undefined) return "Result being recorded";
  const pts = signed(g.myPoints);
  const n = g.players.length;
  const shared = g.myPlaceShared ?? 0;
  if (!g.myPlace) return `You scored ${pts}`;
  if (shared >= n - 1) return `You scored ${pts}, a draw`;
  return `You scored ${pts}, ${shared ? "joint " : ""}${placeWords(g.myPlace)} of ${n}`;
}

function Row(p: { g: GameSummary; me: Me; line: string[]; away?: string[]; action: string; primary?: boolean; ended?: boolean }) {
  const { g } = p;
  // When it started (was dealt; a challenge can wait days for its players) and how far it is: two games alike read differently.
  const started = `started ${dayOf(g.startedAt ?? g.createdAt)}`;
  const facts = [started, ...(p.ended ? [] : [`move ${g.moves + 1}`])];
  return (
    <li class={p.primary ? "yours" : ""}>
      <div class="game-facts">
        <strong>{title(g, p.me)}</strong>
        <div>{p.line.filter(Boolean).join(" · ")}</div>
        {p.away?.map((a) => <div key={a} class="away-line">{a}.</div>)}
        <div class="muted">{facts.join(" · ")}</div>
      </div>
      <a class={`button${p.primary ? " primary" : ""}`} href={`/game/${g.id}`} aria-label={`${p.action}: ${title(g, p.me)}, ${started}`}>
        {p.action}
      </a>
    </li>
  );
}

/** A game not dealt yet: an open challenge anyone may take, or a game waiting for the invited players. */
function OpenRow({ g, me }: { g: GameSummary; me: Me }) {
  // The poster cancels a challenge in the challenges list below; someone who took a seat in it can only wait.
  const posted = g.players.find((p) => p.seat === 0)?.userId === me.id;
  const free = g.seats - g.players.length;
  const seats = `${free} ${free === 1 ? "seat" : "seats"} free`;
  return (
    <li>
      <div class="game-facts">
        <strong>{RULESET_NAMES[g.ruleset] ?? g.ruleset}</strong>
        <div>{g.challenge ? `Open challenge: ${seats}` : posted ? `Waiting for your invited ${free === 1 ? "player" : "players"}: ${seats}` : `Waiting for players: ${seats}`}</div>
        <div class="muted">posted {dayOf(g.createdAt)}</div>
      </div>
      {g.challenge && posted ? (
        <a class="button" href="#challenges-h">
          See it
        </a>
      ) : g.challenge ? (
        <a class="button" href={`/game/${g.id}`}>
          Open
        </a>
      ) : (
        <a class="button" href={`/invite/${g.id}`}>
          Invitation link
        </a>
      )}
    </li>
  );
}
