/**
 * A Siamese replay frame: every player's racks (exposures, Mah Jongg or dead, an Atomic rack's 13
 * tiles), concealed pool and discards — two players, or three and four in Royale, whose claim window
 * (the discard asked about, who is still waited for) is shown above the players.
 */
import type { ComponentChildren } from "preact";
import { Tile } from "../components/Tile";
import type { FrameProps } from "../table-types";
import { declaredGroups, declaredWords } from "./declared";
import { readTable, sortTiles } from "./model";
import { tileName } from "../../../worker/engine/tiles";
import { rackName } from "./words";

const title = (ri: number) => rackName(ri)[0]!.toUpperCase() + rackName(ri).slice(1);

/** `beside(seat)`: what a ruleset shows under a player's name (Wright-Patterson: the flowers laid out). */
export default function SiameseFrame({ frame, names, beside }: FrameProps & { beside?: (seat: number) => ComponentChildren }) {
  const t = readTable(frame.view);
  if (!t) return <p class="notice">This position cannot be shown.</p>;
  const list = (seats: number[]) => seats.map((x) => names[x] ?? `Seat ${x + 1}`).join(", ");
  const w = t.window;
  return (
    <>
      <p class="muted">
        Wall: {t.wall} tiles. {t.discards.length ? `${t.discards.length} discard${t.discards.length === 1 ? "" : "s"} so far.` : ""}
      </p>
      {w ? (
        <p class="replay-window" role="group" aria-label="Claim window">
          <strong>Claim window:</strong> <Tile kind={w.tile.kind} size="sm" /> {names[w.discarder]}'s {tileName(w.tile.kind)}
          {w.awaiting.length ? `, waiting for ${list(w.awaiting)}` : ""}
        </p>
      ) : null}
      {t.seats.map((s, si) => (
        <div key={si} class="hands">
          <h2>
            {names[si]}
            {t.phase !== "over" && (w ? w.awaiting.includes(si) : t.toAct === si) ? <span class="tag">{w ? "to answer" : "to play"}</span> : null}
          </h2>
          {beside?.(si)}
          {s.racks.map((r, ri) => (
            <div key={ri} class="replay-rack" role="group" aria-label={`${names[si]}: ${rackName(ri)}`}>
              <strong>{title(ri)}</strong>
              {!r.mahjong && !r.exposures.length && !(ri === 0 && s.atomicTiles) ? <span class="muted"> nothing exposed yet</span> : null}
              {r.mahjong ? <span class="tag win-tag">{declaredWords(r.mahjong)}</span> : r.dead ? <span class="tag dead-tag">Dead</span> : null}
              {ri === 0 && s.atomic ? <span class="tag atomic-tag">Atomic hand</span> : null}
              {ri === 0 && s.atomicTiles ? <div class="tiles wrap">{sortTiles(s.atomicTiles, "suit").map((x) => <Tile key={x.id} kind={x.kind} size="sm" />)}</div> : null}
              <div class="exposures">
                {r.mahjong
                  ? declaredGroups(r.mahjong, r.exposures).map((g, k) => (
                      <span key={k} class="exposure mahjong">
                        {g.map((kind, x) => <Tile key={x} kind={kind} size="sm" />)}
                      </span>
                    ))
                  : r.exposures.map((e, k) => (
                      <span key={k} class="exposure">
                        {e.tiles.map((x) => <Tile key={x.id} kind={x.kind} size="sm" />)}
                      </span>
                    ))}
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
          {(() => {
            const mine = t.discards.filter((d) => d.seat === si);
            return t.seats.length > 2 || mine.length ? (
              <div class="replay-discards" role="group" aria-label={`${names[si]}: discards`}>
                <strong>Discards ({mine.length})</strong>
                <div class="tiles wrap">
                  {mine.map((d) => (
                    <Tile key={d.tile.id} kind={d.tile.kind} size="sm" />
                  ))}
                </div>
              </div>
            ) : null;
          })()}
        </div>
      ))}
    </>
  );
}
