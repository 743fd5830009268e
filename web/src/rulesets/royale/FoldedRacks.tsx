/**
 * Royale on a phone: four racks, each folded to one line of small tiles; the rack you touch opens
 * to full-size tiles (and the one open before folds). Only the open rack's tiles can be tapped, so
 * a touch on a folded line never selects a tile by mistake.
 */
import type { Kind } from "../../../../worker/engine/tile-kinds";
import { Tile } from "../../components/Tile";
import "./folded-racks.css";

export interface RackTile {
  id: number;
  kind: Kind;
}

export interface FoldedRacksProps {
  /** Tiles per rack, in the order the racks are shown. */
  racks: RackTile[][];
  /** Index of the opened rack, null when all are folded, or "all" (a desktop has room for every rack). */
  open: number | null | "all";
  onOpen: (rack: number) => void;
  /** Optional words per rack shown next to its name ("declared", "dead"). */
  tags?: (string | undefined)[];
  /** Tiles selected on the open rack, and a tap on one of them. */
  selected?: readonly number[];
  onTap?: (id: number) => void;
}

export function FoldedRacks({ racks, open, onOpen, tags, selected = [], onTap }: FoldedRacksProps) {
  return (
    <div class="royale-racks">
      {racks.map((tiles, i) => {
        const isOpen = open === i || open === "all";
        const name = `Rack ${i + 1}`;
        const tag = tags?.[i];
        return (
          <section key={i} class={`rack${isOpen ? " open" : " folded"}`} aria-label={name}>
            <button
              type="button"
              class="rack-fold"
              aria-expanded={isOpen}
              aria-controls={`royale-rack-${i}`}
              onClick={() => onOpen(i)}
            >
              <span class="rack-label">{name}</span>
              {tag && <span class="rack-tag">{tag}</span>}
              {/* a declared rack keeps no tiles: its name and "declared" say it all */}
              {tag && !tiles.length ? null : <span class="rack-count">{tiles.length} tiles</span>}
              {!isOpen && (
                <span class="rack-line" aria-hidden="true">
                  {tiles.map((t) => (
                    <Tile key={t.id} kind={t.kind} size="sm" />
                  ))}
                </span>
              )}
            </button>
            {isOpen && (
              <div id={`royale-rack-${i}`} class="concealed rack-open">
                {tiles.map((t) => (
                  <Tile key={t.id} kind={t.kind} selected={selected.includes(t.id)} note={`on ${name.toLowerCase()}`} onTap={onTap && (() => onTap(t.id))} />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
