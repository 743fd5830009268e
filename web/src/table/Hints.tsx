/**
 * Hints: for each rack, the closest card lines and how many tiles away, computed in the browser
 * from the player's own concealed pool and exposures (the card matcher is loaded only here).
 */
import { useMemo } from "preact/hooks";
import { bestTwoHands, builtinCards, tilesAway, type Away, type Card, type Group } from "../../../worker/engine/card/index";
import { JOKER, tileName } from "../../../worker/engine/tiles";
import { lineText } from "./card";
import type { TableM } from "./model";

const groupOf = (e: TableM["seats"][number]["racks"][number]["exposures"][number]): Group => ({
  kind: e.kind,
  size: e.tiles.length,
  jokers: e.tiles.filter((t) => t.kind === JOKER).length,
});

/** "3 × 4 Bams, 6 Craks" */
function neededWords(kinds: number[]): string {
  const counts = new Map<number, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([k, n]) => (n > 1 ? `${n} × ${tileName(k)}` : tileName(k))).join(", ");
}

// Atomic lines are declared right after the deal, never later: hints leave them out.
const PLAYABLE = new Map<string, Card>();
function playable(id: string): Card | undefined {
  const c = builtinCards[id] ?? builtinCards["sample-2026"];
  if (!c) return undefined;
  if (!PLAYABLE.has(c.id)) PLAYABLE.set(c.id, { ...c, lines: c.lines.filter((l) => !l.atomic) });
  return PLAYABLE.get(c.id);
}

function Line({ a }: { a: Away }) {
  const need = a.needed.length ? [neededWords(a.needed)] : [];
  return (
    <li>
      <strong>{a.away === 0 ? "Complete!" : `${a.away} ${a.away === 1 ? "tile" : "tiles"} away`}</strong>: {lineText(a.line.id)}
      {need.length ? <div class="muted">Still needed: {need.join(", ")}</div> : null}
    </li>
  );
}

export default function Hints({ table, seat, card }: { gameId: string; table: TableM; seat: number; card: string }) {
  const me = table.seats[seat];
  const c = playable(card);
  const key = JSON.stringify([me?.pool?.map((t) => t.id), me?.racks.map((r) => r.exposures.length)]);
  const out = useMemo(() => {
    if (!me?.pool || !c) return null;
    const pool = me.pool.map((t) => t.kind);
    const exps = me.racks.map((r) => r.exposures.map(groupOf));
    const open = me.racks.map((r) => !r.mahjong && !r.dead);
    const racks = me.racks.map((_, i) => (open[i] ? tilesAway(pool, exps[i]!, c).slice(0, 3) : []));
    const both = open.every(Boolean) ? bestTwoHands(pool, [exps[0] ?? [], exps[1] ?? []], c) : null;
    return { racks, both };
  }, [key]);
  if (!out) return null;
  const ids = out.racks.map((l) => l.map((a) => a.line.id).join());
  const same = out.racks.length === 2 && ids[0] === ids[1] && me!.racks.every((r) => !r.mahjong && !r.dead);
  return (
    <div class="hint-panel">
      {out.both ? (
        <p>
          <strong>Best pair from your tiles ({out.both.total} tiles away in all):</strong> rack 1 {lineText(out.both.racks[0].line.id)}; rack 2{" "}
          {lineText(out.both.racks[1].line.id)}.
        </p>
      ) : null}
      {same ? (
        <div>
          <h3>Closest lines (either rack)</h3>
          <ul>
            {out.racks[0]!.map((a) => (
              <Line key={a.line.id} a={a} />
            ))}
          </ul>
        </div>
      ) : (
        out.racks.map((list, i) => (
          <div key={i}>
            <h3>Rack {i + 1}</h3>
            {me!.racks[i]!.mahjong ? <p class="muted">Mah Jongg declared.</p> : me!.racks[i]!.dead ? <p class="muted">This hand is dead.</p> : null}
            <ul>
              {list.map((a) => (
                <Line key={a.line.id} a={a} />
              ))}
            </ul>
          </div>
        ))
      )}
    </div>
  );
}

