/**
 * Hints: for each rack, the closest card lines and how many tiles away, computed in the browser
 * from the player's own concealed pool and exposures (the card matcher is loaded only here).
 */
import { useMemo } from "preact/hooks";
import { bestTwoHands, builtinCards, tilesAway, type Away, type Group } from "../../../worker/engine/card/index";
import { JOKER, tileName } from "../../../worker/engine/tiles";
import { lineText } from "./card";
import type { TableM } from "./model";

const groupOf = (e: TableM["seats"][number]["racks"][number]["exposures"][number]): Group => ({
  kind: e.kind,
  size: e.tiles.length,
  jokers: e.tiles.filter((t) => t.kind === JOKER).length,
});

function Line({ a }: { a: Away }) {
  const need = a.needed.map(tileName);
  return (
    <li>
      <strong>{a.away === 0 ? "Complete!" : `${a.away} ${a.away === 1 ? "tile" : "tiles"} away`}</strong>: {lineText(a.line.id)}
      {need.length ? <div class="muted">Still needed: {need.join(", ")}</div> : null}
    </li>
  );
}

export default function Hints({ table, seat, card }: { gameId: string; table: TableM; seat: number; card: string }) {
  const me = table.seats[seat];
  const c = builtinCards[card] ?? builtinCards["sample-2026"];
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
  return (
    <div class="hint-panel">
      {out.both ? (
        <p>
          <strong>Best pair from your tiles ({out.both.total} tiles away in all):</strong> rack 1 {lineText(out.both.racks[0].line.id)}; rack 2{" "}
          {lineText(out.both.racks[1].line.id)}.
        </p>
      ) : null}
      {out.racks.map((list, i) => (
        <div key={i}>
          <h3>Rack {i + 1}</h3>
          {me!.racks[i]!.mahjong ? <p class="muted">Mah Jongg declared.</p> : me!.racks[i]!.dead ? <p class="muted">This hand is dead.</p> : null}
          <ul>
            {list.map((a) => (
              <Line key={a.line.id} a={a} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

