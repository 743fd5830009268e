/**
 * The Siamese racks: the opponent's exposures on the felt, and your racks with their concealed
 * tiles — two full racks (Siamese), or with more (Royale's four) each folded to one line, the rack
 * you touch opened (royale/FoldedRacks), each rack's exposures listed above them.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Tile } from "../components/Tile";
import { lazy, lazyPart } from "../lazy";
import { declaredGroups, declaredName, declaredWords } from "./declared";
import { rackToOpen, type RackM, type SeatM, type T } from "./model";
import { ExposedGroups, HandTags } from "./TableParts";
import { rackName } from "./words";

// Royale's folded racks load only at a Royale table: the Siamese game page stays small (issue 13).
/** (exported for the worker, which loads it before drawing a Royale table: worker/web/game-page.tsx) */
export const FoldedRacks = lazyPart(() => import("../rulesets/royale/FoldedRacks"), "FoldedRacks");

/** A rack's tag: its Mah Jongg with the line's name and value, or the dead hand's reason (nothing for an open rack). */
const RackTag = ({ r }: { r: RackM }) => (r.mahjong ? <span class="tag win-tag">{declaredWords(r.mahjong)}</span> : <HandTags hand={r} />);

/** A rack's groups on the table: a declared hand whole, group by group in the line's order (exposures included); else its exposures. */
function RackGroups({ r, small, owner, mahjongLabel }: { r: RackM; small?: boolean; owner: string; mahjongLabel: string }) {
  if (!r.mahjong) return <ExposedGroups hand={r} small={small} owner={owner} mahjongLabel={mahjongLabel} />;
  return (
    <div class="exposures" role="group" aria-label={`${mahjongLabel}: ${declaredName(r.mahjong)}`}>
      {declaredGroups(r.mahjong, r.exposures).map((g, gi) => (
        <span class="exposure mahjong" key={gi}>
          {g.map((k, i) => (
            <Tile key={i} kind={k} size={small ? "sm" : "md"} />
          ))}
        </span>
      ))}
    </div>
  );
}

/** `short`: the box is a compact chip (two or three others on a phone), its words kept short. */
export function OpponentRacks({ seat, short = false }: { seat: SeatM; short?: boolean }) {
  const shown = seat.racks.map((r, i) => ({ r, i })).filter(({ r, i }) => r.exposures.length || r.mahjong || r.dead || (i === 0 && seat.atomic));
  return (
    <div>
      {shown.length ? (
        shown.map(({ r, i }) => (
          <div class="opp-rack" key={i}>
            <span class="rack-label">{rackName(i)}</span> <RackTag r={r} />
            {i === 0 && seat.atomic ? <span class="tag atomic-tag">Going for the Atomic hand</span> : null}
            <RackGroups r={r} small owner={`their ${rackName(i)}`} mahjongLabel={`their ${rackName(i)} Mah Jongg`} />
          </div>
        ))
      ) : (
        <p class="muted opp-none">{short ? "No exposures" : "Nothing exposed yet."}</p>
      )}
    </div>
  );
}

/**
 * Your two racks; an Atomic player's tile just drawn stands apart under rack 1. `rackNotes` follow
 * each rack's name (a seat wind), `beside` is drawn above the racks (flowers laid out).
 */
export function MyRacks({ seat, tiles, selected, atomic, apart, onTap, rackNotes, beside, foldAll = false }: { seat: SeatM; tiles: (i: number) => T[]; selected: number[]; atomic: boolean; apart: T | undefined; onTap: (id: number) => void; rackNotes?: string[]; beside?: ComponentChildren; foldAll?: boolean }) {
  if (seat.racks.length > 2) return <FoldedMyRacks seat={seat} tiles={tiles} selected={selected} apart={apart} onTap={onTap} foldAll={foldAll} />;
  return (
    <section class="mine" aria-label="Your racks">
      {beside}
      {[0, 1].map((i) => (
        <div key={i}>
          <MyRack index={i} rack={seat.racks[i]} tiles={tiles(i)} selected={selected} drawn={seat.drawn} atomic={i === 0 && atomic} onTap={onTap} note={rackNotes?.[i]} />
          {i === 0 && apart ? (
            <div class="drawn-apart">
              <Tile kind={apart.kind} selected={selected.includes(apart.id)} note="just drawn" fresh onTap={() => onTap(apart.id)} />
              <p class="small">
                <strong>Just drawn.</strong> Discard a tile from rack 1 and this one takes its place there; otherwise it goes to rack 2.
              </p>
            </div>
          ) : null}
        </div>
      ))}
    </section>
  );
}

function MyRack(props: { index: number; rack: RackM | undefined; tiles: T[]; selected: number[]; drawn: number | null; atomic: boolean; onTap: (id: number) => void; note?: string }) {
  const { index, rack, tiles } = props;
  return (
    <div class={`rack${rack?.dead ? " dead" : ""}${props.atomic ? " atomic" : ""}`}>
      <h3>
        Rack {index + 1}
        {props.note ? <span class="muted small rack-note"> · {props.note}</span> : null} {rack ? <RackTag r={rack} /> : null}
        {props.atomic ? <span class="tag atomic-tag">Atomic hand, locked</span> : null}
      </h3>
      {props.atomic ? <p class="small atomic-note">These 13 tiles stay here until you give the Atomic hand up.</p> : null}
      {rack ? <RackGroups r={rack} owner={`your ${rackName(index)}`} mahjongLabel={`your ${rackName(index)} Mah Jongg`} /> : null}
      <div class="tiles wrap concealed">
        {tiles.map((x) => (
          <Tile
            key={x.id}
            kind={x.kind}
            selected={props.selected.includes(x.id)}
            note={x.id === props.drawn ? "just drawn" : undefined}
            fresh={x.id === props.drawn}
            onTap={() => props.onTap(x.id)}
          />
        ))}
        {tiles.length === 0 ? <span class="muted">No concealed tiles on this rack.</span> : null}
      </div>
    </div>
  );
}

/** More than two racks (Royale): exposures per rack, then the racks folded to one line each, the touched one open. */
function FoldedMyRacks({ seat, tiles, selected, apart, onTap, foldAll }: { seat: SeatM; tiles: (i: number) => T[]; selected: number[]; apart: T | undefined; onTap: (id: number) => void; foldAll: boolean }) {
  const [opened, setOpened] = useState<number | null>(0);
  // While you answer a claim window every rack starts folded, so the claimed tile and its buttons fit
  // on a phone's screen with all four racks; touching a rack opens it as usual.
  const [inWindow, setInWindow] = useState<number | null>(null);
  useEffect(() => setInWindow(null), [foldAll]);
  // A desktop has room for every rack at full size: nothing is folded there.
  const racks = seat.racks.map((_, i) => tiles(i));
  const open = matchMedia("(min-width: 900px)").matches ? "all" : foldAll ? inWindow : rackToOpen(opened, racks.map((t) => t.length));
  const setOpen = foldAll ? setInWindow : setOpened;
  const tags = seat.racks.map((r) => (r.mahjong ? "declared" : r.dead ? "dead" : undefined));
  return (
    <section class="mine royale" aria-label="Your racks">
      {seat.racks.map((r, i) =>
        r.exposures.length || r.mahjong ? (
          <div class="opp-rack" key={i}>
            <span class="rack-label">{`Rack ${i + 1}`}</span> <RackTag r={r} />
            <RackGroups r={r} small owner={`your ${rackName(i)}`} mahjongLabel={`your ${rackName(i)} Mah Jongg`} />
          </div>
        ) : null,
      )}
      <FoldedRacks racks={racks} open={open} onOpen={(i) => open !== "all" && setOpen(open === i ? null : i)} tags={tags} selected={selected} onTap={onTap} />
      {apart ? (
        <div class="drawn-apart">
          <Tile kind={apart.kind} selected={selected.includes(apart.id)} note="just drawn" fresh onTap={() => onTap(apart.id)} />
        </div>
      ) : null}
    </section>
  );
}
