/**
 * Royale on a phone: four racks, each folded to one line of small tiles; the rack you touch opens
 * to full-size tiles (and the one open before folds). Only the open rack's tiles can be tapped, so
 * a touch on a folded line never selects a tile by mistake.
 */
import type { Kind } from "../../../../worker/engine/tile-kinds";
import { Tile } from "../../components/Tile";

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

// the line fades out at its right end, so a folded rack that runs on past the screen shows it does
const FADE = "linear-gradient(to right, #000 80%, transparent)";
const ONE_LINE = { display: "flex", flexWrap: "nowrap", overflow: "hidden", gap: "1px", minWidth: 0, maskImage: FADE, WebkitMaskImage: FADE } as const;
// the rack's name and count stay on one line; the folded tiles take the rest of it
const NO_WRAP = { whiteSpace: "nowrap", flex: "none" } as const;
const WRAP = { display: "flex", flexWrap: "wrap", gap: "2px" } as const;

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
              style={{ display: "flex", alignItems: "center", gap: "0.4rem", width: "100%", background: "none", border: 0, padding: "0.2rem 0", textAlign: "left", cursor: "pointer" }}
            >
              <span class="rack-label" style={NO_WRAP}>{name}</span>
              {tag && <span class="rack-tag" style={NO_WRAP}>{tag}</span>}
              {/* a declared rack keeps no tiles: its name and "declared" say it all */}
              {tag && !tiles.length ? null : <span class="rack-count" style={NO_WRAP}>{tiles.length} tiles</span>}
              {!isOpen && (
                <span style={ONE_LINE} aria-hidden="true">
                  {tiles.map((t) => (
                    <Tile key={t.id} kind={t.kind} size="sm" />
                  ))}
                </span>
              )}
            </button>
            {isOpen && (
              <div id={`royale-rack-${i}`} class="concealed" style={WRAP}>
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
