/**
 * Replay of a finished game, move by move, re-played by the engine in the browser. Each ruleset
 * draws a frame its own way; a match of many hands (chinese-ming) also steps hand by hand.
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, type Me } from "../api";
import { lazy } from "../lazy";
import type { Frame } from "../table/replay";

export interface FrameProps {
  frame: Frame;
  names: string[];
}

const FRAMES: Record<string, ComponentType<FrameProps>> = {
  american: lazy(() => import("../table/american/ReplayFrame")),
  "chinese-ming": lazy(() => import("../table/chinese/ReplayFrame")),
};
const SiameseFrame = lazy(() => import("../table/replay-siamese"));

export default function Replay({ me, id }: { me: Me; id: string }) {
  const [frames, setFrames] = useState<Frame[] | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [ruleset, setRuleset] = useState("");
  const [error, setError] = useState("");
  const [i, setI] = useState(0);

  useEffect(() => {
    Promise.all([api.getGame(id), api.record(id), import("../table/replay")])
      .then(([game, record, { replay }]) => {
        const who = game.players.map((p) => (p.userId === me.id ? "You" : (p.name ?? `Player ${p.seat + 1}`)));
        setNames(who);
        setRuleset(game.ruleset);
        const out = replay(record as never, who);
        if (typeof out === "string") setError(out);
        else setFrames(out);
      })
      .catch((e) => setError((e as Error).message));
  }, [id]);

  if (error) return <p class="error" role="alert">{error}</p>;
  if (!frames) return <p class="loading" aria-busy="true">Replaying the game…</p>;
  const f = frames[i]!;
  const go = (n: number) => setI(Math.max(0, Math.min(frames.length - 1, n)));
  const hands = frames.at(-1)!.hand + 1;
  const firstOf = (h: number) => frames.findIndex((x) => x.hand === h);
  const inHand = frames.filter((x) => x.hand === f.hand);
  const Draw = FRAMES[ruleset] ?? SiameseFrame;
  return (
    <section class="replay">
      <h1>Replay</h1>
      {hands > 1 ? (
        <div class="replay-controls row" role="group" aria-label="Step through the hands">
          <button type="button" onClick={() => go(firstOf(f.hand - 1))} disabled={f.hand === 0}>◀ Previous hand</button>
          <label class="replay-hand" for="replay-hand">
            Hand
          </label>
          <select id="replay-hand" value={String(f.hand)} onChange={(e) => go(firstOf(Number(e.currentTarget.value)))}>
              {Array.from({ length: hands }, (_, h) => (
                <option key={h} value={String(h)}>
                  {h + 1} of {hands}
                </option>
              ))}
          </select>
          <button type="button" onClick={() => go(firstOf(f.hand + 1))} disabled={f.hand === hands - 1}>Next hand ▶</button>
        </div>
      ) : null}
      <div class="replay-controls row" role="group" aria-label="Step through the moves">
        <button type="button" onClick={() => go(0)} disabled={i === 0}>First</button>
        <button type="button" onClick={() => go(i - 1)} disabled={i === 0}>◀ Back</button>
        <button type="button" class="primary" onClick={() => go(i + 1)} disabled={i === frames.length - 1}>Next ▶</button>
        <button type="button" onClick={() => go(frames.length - 1)} disabled={i === frames.length - 1}>Last</button>
      </div>
      <p class="replay-step" role="status" aria-live="polite">
        <strong>
          {hands > 1 ? `Hand ${f.hand + 1}, step ${inHand.indexOf(f) + 1} of ${inHand.length}` : `Move ${i} of ${frames.length - 1}`}:
        </strong>{" "}
        {f.text || "—"}
      </p>
      <Draw frame={f} names={names} />
      <p>
        <a href={`/game/${id}`}>Back to the result</a>
      </p>
    </section>
  );
}
