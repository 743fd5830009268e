/**
 * Hints: for each rack, the closest card lines, shown as the tiles of the closest arrangement
 * (held, joker, already exposed, or still needed), with the line's category, value and how many
 * tiles away. Computed in the browser from the player's own concealed pool and exposures (the
 * card matcher is loaded only here); while going for the Atomic hand, rack 1 shows the Atomic lines.
 */
import { useContext, useEffect, useMemo, useState } from "preact/hooks";
import type { Away, Card, Group } from "../../../worker/engine/card/index";
import type { Kind } from "../../../worker/engine/tile-kinds";
import { Tile } from "../components/Tile";
import { onBestFound } from "../engine/best-found";
import { lineTitle } from "./card";
import { shownKind, type HintGroup, type HintTileState } from "./closest";
import { away, hintLine, type HintLineM } from "./hint-line";
import type { TableM } from "./model";
import { rackHints } from "./rack-hints";
import { PinsContext } from "./pins";

export { neededWords } from "./hint-line";

const STATE_WORDS: Record<HintTileState, string> = { have: "you have it", joker: "a joker of yours", exposed: "exposed", need: "need" };

/** Runs (a line's singles one after another) are shown together, as on the card. */
function visualGroups(groups: HintGroup[]): HintGroup[][] {
  const out: HintGroup[][] = [];
  for (const g of groups) {
    const last = out.at(-1);
    if (g.size === 1 && last && last[0]!.size === 1) last.push(g);
    else out.push([g]);
  }
  return out;
}

/** The groups of a line in small tiles; `plain` for an example that is nobody's hand (no "you have it"). */
export function HintTiles({ groups, plain }: { groups: HintGroup[]; plain?: boolean }) {
  return (
    <div class="hint-tiles">
      {visualGroups(groups).map((vg, i) => (
        <span class="hint-group" key={i}>
          {vg.flatMap((g, gi) =>
            g.tiles.map((s, ti) => (
              <span key={`${gi}-${ti}`} class={`hint-tile ${s}`}>
                <Tile kind={shownKind(g, s) as Kind} size="sm" note={plain ? undefined : STATE_WORDS[s]} />
                {s === "need" ? <span class="need-mark" aria-hidden="true">need</span> : null}
              </span>
            )),
          )}
        </span>
      ))}
    </div>
  );
}

/** One hint line: how far, which line, the tiles, what is still needed, and the line as printed; a pin where the game takes target lines (PinsContext). */
export function HintLine({ m }: { m: HintLineM }) {
  const pins = useContext(PinsContext);
  const pinned = !!pins?.pinned.includes(m.line);
  return (
    <li class="hint-line-item">
      <div class="hint-head">
        <strong>{m.head}</strong>
        <span class="muted" aria-hidden="true">·</span>
        <span>{m.title}</span>
        {pins ? (
          <button type="button" class={`pin${pinned ? " on" : ""}`} aria-pressed={pinned} aria-label={`${pinned ? "Unpin" : "Pin"} ${m.title} as a target line`} disabled={pins.busy} onClick={() => pins.toggle(m.line)}>
            {pinned ? "Pinned" : "Pin"}
          </button>
        ) : null}
      </div>
      {m.groups ? <HintTiles groups={m.groups} /> : null}
      {m.needed ? <div class="muted">Still needed: {m.needed}</div> : null}
      <div class="muted small card-print">
        On the card: <span class="mono">{m.printed}</span>
        {m.note ? ` (${m.note})` : ""}
      </div>
    </li>
  );
}

const Line = ({ a, pool, exposures, card }: { a: Away; pool: Kind[]; exposures: Group[]; card: Card }) => (
  <HintLine m={hintLine({ line: a.line.id, text: a.line.text, away: a.away, needed: a.needed }, pool, exposures, card)} />
);

export default function Hints({ table, seat, card }: { gameId: string; table: TableM; seat: number; card: string }) {
  const me = table.seats[seat];
  const key = JSON.stringify([me?.pool?.map((t) => t.id), me?.racks.map((r) => r.exposures.length), me?.atomicTiles?.map((t) => t.id)]);
  // Royale's best four lines: worked out again once their search has loaded (web/src/engine/best-found.ts).
  const [found, setFound] = useState(0);
  useEffect(() => onBestFound(() => setFound((n) => n + 1)), []);
  const out = useMemo(() => (me ? rackHints(me, card) : null), [key, found]);
  if (!out) return null;
  const atomic = !!me?.atomic;
  const loose = me?.drawn != null && !!me.atomicTiles && !me.atomicTiles.some((t) => t.id === me.drawn);
  const ids = out.racks.map((r) => r.closest.map((a) => a.line.id).join());
  const same = !atomic && out.racks.length === 2 && ids[0] === ids[1] && out.racks.every((r) => r.exposures.length === 0) && me!.racks.every((r) => !r.mahjong && !r.dead);
  const list = (i: number) => (
    <ul class="hint-list">
      {out.racks[i]!.closest.map((a) => (
        <Line key={a.line.id} a={a} pool={out.racks[i]!.pool} exposures={out.racks[i]!.exposures} card={out.racks[i]!.card} />
      ))}
    </ul>
  );
  return (
    <div class="hint-panel">
      {out.both && out.both.racks.length > 2 ? (
        <p class="hint-best">
          <strong>Best lines found for your {out.both.racks.length} racks ({away(out.both.total)} in all):</strong>{" "}
          {out.both.racks.map((a, i) => `rack ${i + 1} ${lineTitle(a.line.id)}, ${away(a.away)}`).join("; ")}.
        </p>
      ) : out.both ? (
        <p class="hint-best">
          <strong>Best pair for your two racks ({away(out.both.total)} in all):</strong> rack 1 {lineTitle(out.both.racks[0]!.line.id)}, {away(out.both.racks[0]!.away)}; rack 2{" "}
          {lineTitle(out.both.racks[1]!.line.id)}, {away(out.both.racks[1]!.away)}.
        </p>
      ) : null}
      <p class="muted small hint-legend">
        Tiles with a dashed outline and “need” are the ones still missing; the rest come from your racks.
      </p>
      {same ? (
        <div>
          <h3>Closest lines (either rack)</h3>
          {list(0)}
        </div>
      ) : (
        out.racks.map((_, i) => (
          <div key={i}>
            <h3>Rack {i + 1}{atomic && i === 0 ? `: the Atomic lines, from its 13 tiles${loose ? " and the tile just drawn" : ""}` : atomic ? ": from the tiles not kept for the Atomic hand" : ""}</h3>
            {me!.racks[i]!.mahjong ? <p class="muted">Mah Jongg declared.</p> : me!.racks[i]!.dead ? <p class="muted">This hand is dead.</p> : null}
            {list(i)}
          </div>
        ))
      )}
    </div>
  );
}
