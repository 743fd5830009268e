/** A Siamese replay frame: both players' racks (exposures, Mah Jongg or dead, an Atomic rack's 13 tiles) and concealed pools. */
import { Tile } from "../components/Tile";
import type { FrameProps } from "../pages/Replay";
import { readTable, sortTiles } from "./model";
import { rackName } from "./words";

const title = (ri: number) => rackName(ri)[0]!.toUpperCase() + rackName(ri).slice(1);

export default function SiameseFrame({ frame, names }: FrameProps) {
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
          {s.racks.map((r, ri) => (
            <div key={ri}>
              <strong>{title(ri)}</strong>
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
          <div class="tiles wrap">
            {sortTiles((s.pool ?? []).filter((x) => !s.atomicTiles?.some((a) => a.id === x.id)), "suit").map((x) => (
              <Tile key={x.id} kind={x.kind} size="sm" />
            ))}
          </div>
        </div>
      ))}
    </>
  );
}
