/**
 * Many Mah Jongg lines at once (a Royale deal can offer two dozen over four racks): one row per
 * rack saying how many lines it can declare, the rack you open listing them as short buttons.
 * Each button keeps the whole move as its name ("Declare Mah Jongg on rack 2: 13579, line 4 (35
 * points)"), so a screen reader hears what it does; the picture only drops the repeated start.
 */
import { useState } from "preact/hooks";
import type { Move } from "../../../../worker/engine/api";
import { rackName } from "../../table/words";

export function MahjongGroups({ moves, label, busy, onChoose }: { moves: Move[]; label: (m: Move) => string; busy: boolean; onChoose: (m: Move) => void }) {
  const racks = [...new Set(moves.map((m) => Number(m.rack ?? 0)))];
  const [open, setOpen] = useState<number | null>(racks[0] ?? null);
  return (
    <div class="mj-groups">
      {racks.map((r) => {
        const mine = moves.filter((m) => Number(m.rack ?? 0) === r);
        const isOpen = open === r;
        return (
          <div key={r} class="mj-group">
            <button type="button" class="mj-group-head" aria-expanded={isOpen} onClick={() => setOpen(isOpen ? null : r)}>
              {`${isOpen ? "▾" : "▸"} Mah Jongg on ${rackName(r)}: ${mine.length === 1 ? "1 line" : `${mine.length} lines`}`}
            </button>
            {isOpen
              ? mine.map((m, i) => {
                  const full = label(m);
                  return (
                    <button key={i} type="button" class="win mj-line" aria-label={full} aria-keyshortcuts="M" disabled={busy} onClick={() => onChoose(m)}>
                      {full.replace(/^Declare Mah Jongg on rack \d+: /, "")}
                    </button>
                  );
                })
              : null}
          </div>
        );
      })}
    </div>
  );
}
