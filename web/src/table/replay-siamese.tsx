/** A Siamese replay frame: both players' racks (exposures, Mah Jongg or dead, an Atomic rack's 13 tiles) and concealed pools. */
import type { ComponentChildren } from "preact";
import { Tile } from "../components/Tile";
import type { FrameProps } from "../pages/Replay";
import { readTable, sortTiles } from "./model";
import { rackName } from "./words";

const title = (ri: number) => rackName(ri)[0]!.toUpperCase() + rackName(ri).slice(1);

/** `beside(seat)`: what a ruleset shows under a player's name (Wright-Patterson: the flowers laid out). */
export default function SiameseFrame({ frame, names, beside }: FrameProps & { beside?: (seat: number) => ComponentChildren }) {
  const t = readTable(frame.view);
  if (!t) return <p class="notice">This position cannot be shown.</p>;
  return (
    <>
      <p class="muted">
        Wall: {t.wall} tiles. {t.discards.length ? `${t.discards.length} discards so far.` : ""}
      </p>
      {t.seats.map((s, si) => (
        <div key={si} class="hands">
          <h2>{names[si]}</h2>
          {beside?.(si)}
          {s.racks.map((r, ri) => (
            <div key={ri} class="replay-rack" role="group" aria-label={`${names[si]}: ${rackName(ri)}`}>
              <strong>{title(ri)}</strong>
              {!r.mahjong && !r.exposures.length && !(ri === 0 && s.atomicTiles) ? <span class="muted"> nothing exposed yet</span> : null}
              {r.mahjong ? <span class="tag win-tag">Mah Jongg ({r.mahjong.value})</span> : r.dead ? <span class="tag dead-tag">Dead</span> : null}
              {ri === 0 && s.atomic ? <span class="tag atomic-tag">Atomic hand</span> : null}
              {ri === 0 && s.atomicTiles ? <div class="tiles wrap">{sortTiles(s.atomicTiles, "suit").map((x) => <Tile key={x.id} kind={x.kind} size="sm" />)}</div> : null}
              <div class="exposures">
                {r.exposures.map((e, k) => (
                  <span key={k} class="exposure">
                    {e.tiles.map((x) => <Tile key={x.id} kind={x.kind} size="sm" />)}
                  </span>
                ))}
                {r.mahjong ? <span class="exposure mahjong">{r.mahjong.tiles.map((x) => <Tile key={x.id} kind={x.kind} size="sm" />)}</span> : null}
              </div>
            </div>
          ))}
          {(() => {
            // The engine keeps a player's concealed tiles in one pool that belongs to neither rack until a
            // group is exposed: shown as such, not under one rack's heading.
            const hidden = sortTiles((s.pool ?? []).filter((x) => !s.atomicTiles?.some((a) => a.id === x.id)), "suit");
            return (
              <div class="replay-pool" role="group" aria-label={`${names[si]}: concealed tiles, not yet on a rack`}>
                <strong>Concealed, not yet on a rack ({hidden.length})</strong>
                <div class="tiles wrap">
                  {hidden.map((x) => (
                    <Tile key={x.id} kind={x.kind} size="sm" />
                  ))}
                </div>
              </div>
            );
          })()}
        </div>
      ))}
    </>
  );
}
