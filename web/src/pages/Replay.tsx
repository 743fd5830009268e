/** Replay of a finished game, move by move, re-played by the engine in the browser. */
import { useEffect, useState } from "preact/hooks";
import { api, type Me } from "../api";
import { Tile } from "../components/Tile";
import { sortTiles } from "../table/model";
import type { Frame } from "../table/replay";
import { rackName } from "../table/words";

export default function Replay({ me, id }: { me: Me; id: string }) {
  const [frames, setFrames] = useState<Frame[] | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [error, setError] = useState("");
  const [i, setI] = useState(0);

  useEffect(() => {
    Promise.all([api.getGame(id), api.record(id), import("../table/replay")])
      .then(([game, record, { replay }]) => {
        const who = game.players.map((p) => (p.userId === me.id ? "You" : (p.name ?? `Player ${p.seat + 1}`)));
        setNames(who);
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
  return (
    <section class="replay">
      <h1>Replay</h1>
      <div class="replay-controls row" role="group" aria-label="Step through the game">
        <button type="button" onClick={() => go(0)} disabled={i === 0}>First</button>
        <button type="button" onClick={() => go(i - 1)} disabled={i === 0}>◀ Back</button>
        <button type="button" class="primary" onClick={() => go(i + 1)} disabled={i === frames.length - 1}>Next ▶</button>
        <button type="button" onClick={() => go(frames.length - 1)} disabled={i === frames.length - 1}>Last</button>
      </div>
      <p class="replay-step" role="status" aria-live="polite">
        <strong>
          Move {i} of {frames.length - 1}:
        </strong>{" "}
        {f.text || "—"}
      </p>
      <p class="muted">Wall: {f.table.wall} tiles. {f.table.discards.length ? `Last discard: ${f.table.discards.length} so far.` : ""}</p>
      {f.table.seats.map((s, si) => (
        <div key={si} class="hands">
          <h2>{names[si]}</h2>
          {s.racks.map((r, ri) => (
            <div key={ri}>
              <strong>{rackName(ri)[0]!.toUpperCase() + rackName(ri).slice(1)}</strong>
              {r.mahjong ? <span class="tag win-tag">Mah Jongg ({r.mahjong.value})</span> : r.dead ? <span class="tag dead-tag">Dead</span> : null}
              <div class="exposures">
                {r.exposures.map((e, k) => (
                  <span key={k} class="exposure">
                    {e.tiles.map((x) => <Tile key={x.id} kind={x.kind} size="sm" />)}
                  </span>
                ))}
                {r.mahjong ? (
                  <span class="exposure mahjong">{r.mahjong.tiles.map((x) => <Tile key={x.id} kind={x.kind} size="sm" />)}</span>
                ) : null}
              </div>
            </div>
          ))}
          <div class="tiles wrap">{sortTiles(s.pool ?? [], "suit").map((x) => <Tile key={x.id} kind={x.kind} size="sm" />)}</div>
        </div>
      ))}
      <p>
        <a href={`/game/${id}`}>Back to the result</a>
      </p>
    </section>
  );
}
