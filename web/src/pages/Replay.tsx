/**
 * Replay of a finished game, move by move, re-played by the engine in the browser. Each ruleset
 * draws a frame its own way (web/src/rulesets/registry.ts); a match of many hands also steps hand by hand.
 * A slider and Play/Pause move through the game; `/replay/:id?move=N` opens at move N, and the
 * address follows the move shown, so it can be copied and sent.
 */
import { useEffect, useState } from "preact/hooks";
import { api, type Me } from "../api";
import { webRuleset } from "../rulesets/registry";
import type { Frame } from "../table-types";
import { Refused } from "./game-refused";
import { useCopy } from "../components/ShareLink";

/** One step every this many milliseconds while playing. */
const PLAY_MS = 1500;

/** The move asked for by `?move=N` (0 is the deal). */
const askedMove = () => {
  const n = Number(new URLSearchParams(location.search).get("move"));
  return Number.isInteger(n) && n > 0 ? n : 0;
};

const moveUrl = (id: string, n: number) => `/replay/${encodeURIComponent(id)}?move=${n}`;

export default function Replay({ me, id }: { me: Me; id: string }) {
  const [frames, setFrames] = useState<Frame[] | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [ruleset, setRuleset] = useState("");
  const [error, setError] = useState("");
  const [i, setI] = useState(askedMove);
  const [playing, setPlaying] = useState(false);
  const { copied, copy: copyText, reset } = useCopy();

  useEffect(() => {
    Promise.all([api.getGame(id), api.record(id), import("../table/replay")])
      .then(([game, record, { replay }]) => {
        const who = game.players.map((p) => (p.userId === me.id ? "You" : (p.name ?? `Player ${p.seat + 1}`)));
        setNames(who);
        const web = webRuleset(game.ruleset);
        if (!web) return setError("This game's rules are not known here.");
        setRuleset(game.ruleset);
        // A private card's lines are given to the game's players only: without them the game cannot be replayed.
        const card = (record.options as { card?: unknown }).card;
        if (card && typeof card === "object" && !("lines" in card)) return setError(`This game was played with “${(card as { name?: string }).name ?? "a club's card"}”, a private card: only the game's players can replay it.`);
        const out = replay(record as never, who, web.match);
        if (typeof out === "string") setError(out);
        else {
          setFrames(out);
          setI((n) => Math.min(n, out.length - 1));
        }
      })
      .catch((e) => setError((e as Error).message));
  }, [id]);

  const last = frames ? frames.length - 1 : 0;
  // The address names the move shown (replaced, not pushed: Back still leaves the replay).
  useEffect(() => {
    if (!frames) return;
    const url = moveUrl(id, i);
    if (location.pathname + location.search !== url) history.replaceState(null, "", url);
    reset();
  }, [i, frames]);
  useEffect(() => {
    if (!playing || !frames) return;
    if (i >= last) return setPlaying(false);
    const t = setTimeout(() => setI((n) => Math.min(n + 1, last)), PLAY_MS);
    return () => clearTimeout(t);
  }, [playing, i, frames]);

  if (error) return <Refused page="replay" title="Replay" error={error} id={id} />;
  if (!frames) return <p class="loading" aria-busy="true">Replaying the game…</p>;
  const f = frames[i]!;
  const go = (n: number) => setI(Math.max(0, Math.min(last, n)));
  const step = (n: number) => {
    setPlaying(false);
    go(n);
  };
  const hands = frames.at(-1)!.hand + 1;
  const firstOf = (h: number) => frames.findIndex((x) => x.hand === h);
  const inHand = frames.filter((x) => x.hand === f.hand);
  const Draw = webRuleset(ruleset)!.frame;
  const link = location.origin + moveUrl(id, i);
  const copy = () => copyText(link);
  return (
    <section class="replay">
      <h1>Replay</h1>
      {hands > 1 ? (
        <div class="replay-controls row" role="group" aria-label="Step through the hands">
          <button type="button" onClick={() => step(firstOf(f.hand - 1))} disabled={f.hand === 0}>◀ Previous hand</button>
          <label class="replay-hand" for="replay-hand">
            Hand
          </label>
          <select id="replay-hand" value={String(f.hand)} onChange={(e) => step(firstOf(Number(e.currentTarget.value)))}>
              {Array.from({ length: hands }, (_, h) => (
                <option key={h} value={String(h)}>
                  {h + 1} of {hands}
                </option>
              ))}
          </select>
          <button type="button" onClick={() => step(firstOf(f.hand + 1))} disabled={f.hand === hands - 1}>Next hand ▶</button>
        </div>
      ) : null}
      <div class="replay-slider">
        <label for="replay-move">
          Move {i} of {last}
        </label>
        <input
          id="replay-move"
          type="range"
          min={0}
          max={last}
          step={1}
          value={i}
          aria-valuetext={i === 0 ? "The deal" : `Move ${i} of ${last}`}
          style={{ width: "100%", minHeight: "44px" }}
          onInput={(e) => step(Number(e.currentTarget.value))}
        />
      </div>
      <div class="replay-controls row" role="group" aria-label="Step through the moves">
        <button type="button" onClick={() => step(0)} disabled={i === 0}>First</button>
        <button type="button" onClick={() => step(i - 1)} disabled={i === 0}>◀ Back</button>
        <button
          type="button"
          class="primary"
          aria-pressed={playing}
          onClick={() => {
            if (playing) return setPlaying(false);
            if (i >= last) go(0);
            setPlaying(true);
          }}
        >
          {playing ? "❚❚ Pause" : "▶ Play"}
        </button>
        <button type="button" onClick={() => step(i + 1)} disabled={i === last}>Next ▶</button>
        <button type="button" onClick={() => step(last)} disabled={i === last}>Last</button>
      </div>
      <p class="replay-step" role="status" aria-live={playing ? "off" : "polite"}>
        <strong>
          {hands > 1 ? `Hand ${f.hand + 1}, step ${inHand.indexOf(f) + 1} of ${inHand.length}` : `Move ${i} of ${last}`}:
        </strong>{" "}
        {f.text || "—"}
      </p>
      <p class="row replay-link">
        <a href={moveUrl(id, i)}>Link to this move</a>
        <button type="button" onClick={copy}>{copied ? "Link copied" : "Copy the link"}</button>
      </p>
      <Draw frame={f} names={names} />
      <p>
        <a href={`/game/${id}`}>Back to the result</a>
      </p>
    </section>
  );
}
