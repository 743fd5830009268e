/**
 * The Siamese table: status and clocks, the opponent's exposures and face-down racks, the
 * discards, your two racks, and the actions the engine allows right now (and nothing else).
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import type { Move } from "../../../worker/engine/api";
import { tileName } from "../../../worker/engine/tiles";
import { Tile, tileLabel } from "../components/Tile";
import { lazy } from "../lazy";
import { atomicRacks, loadArrangement, reconcile, saveArrangement, type Arrangement } from "./arrangement";
import { discardsBySeat, sortTiles, type RackM, type SeatM, type T, type TableM } from "./model";
import { Board, DiscardRow, Felt, type OpponentM } from "./Board";
import { LargerTiles } from "./LargerTiles";
import { ConfirmMove, ErrorLine, ExposedGroups, HandTags, StatusBar } from "./TableParts";
import { moveLabel, rackName } from "./words";

// The Atomic picker needs the card matcher: it loads only when the player opens it.
const AtomicPicker = lazy(() => import("./AtomicPicker"));

export interface Player {
  seat: number;
  name: string | null;
  toAct: boolean;
  deadline: number | null;
}

interface Props {
  gameId: string;
  version: number;
  table: TableM;
  seat: number;
  players: Player[];
  legal: Move[];
  busy: boolean;
  error: string;
  lineText: (id: string) => string;
  /** The game's card id (for the Atomic picker's suggestions); the sample card when not given. */
  card?: string;
  /** The latest thing that happened, in words. */
  lastEvent: string;
  onMove: (m: Move) => void;
  onClearError: () => void;
}

export function Table(p: Props) {
  const { table: t, seat: me, players } = p;
  const opp = 1 - me;
  const who = (s: number) => (s === me ? "You" : (players[s]?.name ?? "Your opponent"));
  const mine = t.seats[me]!;
  const pool = mine.pool ?? [];

  // While going for the Atomic hand, rack 1 is the engine's, not the player's arrangement.
  const atomic = mine.atomic && mine.atomicTiles ? mine.atomicTiles : null;
  const arrange = (a: Arrangement | null) => (atomic ? atomicRacks(a, pool, atomic) : reconcile(a, pool, mine.racks));
  const [arr, setArr] = useState<Arrangement>(() => arrange(loadArrangement(p.gameId)));
  const [selected, setSelected] = useState<number[]>([]);
  const [pending, setPending] = useState<Move | null>(null);
  const [picking, setPicking] = useState(false);
  const poolKey = pool.map((x) => x.id).sort((a, b) => a - b).join(",") + (atomic ? `|${atomic.map((x) => x.id).join(",")}` : "");
  useEffect(() => {
    setArr((a) => {
      const next = arrange(a);
      saveArrangement(p.gameId, next);
      return next;
    });
    setSelected((s) => s.filter((id) => pool.some((x) => x.id === id)));
  }, [poolKey]);
  // A fresh copy of the same view keeps the choice; it goes only when the move is no longer allowed.
  const legalKey = JSON.stringify(p.legal);
  const atomicMoves = p.legal.filter((m) => m.type === "atomic");
  useEffect(() => {
    setPending((m) => (m && legalKey.includes(JSON.stringify(m)) ? m : null));
    if (!atomicMoves.length) setPicking(false);
  }, [legalKey]);

  const byId = useMemo(() => new Map(pool.map((x) => [x.id, x])), [poolKey]);
  // The tile drawn this turn belongs to no rack of an Atomic player until the discard: it is shown apart.
  const apart = atomic && mine.drawn !== null && !atomic.some((x) => x.id === mine.drawn) ? byId.get(mine.drawn) : undefined;
  const rackTiles = (i: number): T[] => arr[i]!.map((id) => byId.get(id)).filter((x): x is T => !!x && x !== apart);
  const update = (a: Arrangement) => {
    setArr(a);
    saveArrangement(p.gameId, a);
  };
  const toggle = (id: number) => {
    p.onClearError();
    setPending(null);
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  };
  const moveSelected = (to: 0 | 1) => {
    const from = (1 - to) as 0 | 1;
    const moving = arr[from].filter((id) => selected.includes(id));
    const next: Arrangement = [[], []];
    next[from] = arr[from].filter((id) => !selected.includes(id));
    next[to] = [...arr[to], ...moving];
    update(next);
    setSelected([]);
  };
  const sort = (by: "suit" | "number") => update([sortTiles(rackTiles(0), by).map((x) => x.id), sortTiles(rackTiles(1), by).map((x) => x.id)]);

  const myTurn = t.toAct === me && t.phase !== "over";
  const discardOf = (id: number) => p.legal.find((m) => m.type === "discard" && m.tile === id);
  const single = selected.length === 1 ? byId.get(selected[0]!) : undefined;
  const discardMove = single ? discardOf(single.id) : undefined;
  const selRack = selected.length ? (arr[0].includes(selected[0]!) ? 0 : 1) : null;
  const sameRack = selected.every((id) => arr[selRack ?? 0]!.includes(id));
  const fromAtomicRack = !!atomic && single !== undefined && atomic.some((x) => x.id === single.id);
  const others = p.legal.filter((m) => m.type !== "discard" && m.type !== "draw" && m.type !== "atomic");
  const draw = p.legal.find((m) => m.type === "draw");
  const label = (m: Move) => moveLabel(m, t, me, who, p.lineText);
  const choice = (m: Move, i: number) => (
    <button key={`${m.type}-${i}`} type="button" class={m.type.includes("mahjong") ? "win" : ""} disabled={p.busy} onClick={() => setPending(m)}>
      {label(m)}
    </button>
  );

  const claims = others.filter((m) => m.type === "claim" || m.type === "claim-mahjong");
  const status = (() => {
    if (t.phase === "over") return "The game is over.";
    if (myTurn) {
      if (pending) return "Check your choice below, then confirm it or cancel.";
      if (others.some((m) => m.type === "mahjong")) return "Your turn: you can declare Mah Jongg, or discard a tile.";
      if (t.phase === "draw") {
        // before drawing there is nothing to discard yet: the Atomic hand is offered beside drawing and claiming
        const atomicToo = atomicMoves.length > 0;
        if (claims.length && t.claimable) return `Your turn: ${atomicToo ? "go for the Atomic hand, " : ""}claim the ${tileName(t.claimable.tile.kind)}${atomicToo ? "," : ""} or draw a tile from the wall.`;
        return atomicToo ? "Your turn: go for the Atomic hand, or draw a tile from the wall." : "Your turn: draw a tile from the wall.";
      }
      if (atomicMoves.length) return "Your turn: go for the Atomic hand, or tap a tile in your racks to discard it.";
      if (single && discardMove) return `Your turn: discard the ${tileName(single.kind)}, or tap another tile.`;
      return "Your turn: tap a tile in your racks, then discard it.";
    }
    return `Waiting for ${who(t.toAct ?? opp)} to ${t.phase === "draw" ? "draw or claim" : "discard"}.`;
  })();

  const rows = discardsBySeat(t.discards, 2);
  const lastSeat = t.discards.at(-1)?.seat ?? -1;
  const opponent: OpponentM = {
    seat: opp,
    name: who(opp),
    wind: opp === 0 ? undefined : "West",
    east: opp === 0,
    concealedCount: t.seats[opp]!.poolCount,
    acting: t.toAct === opp && t.phase !== "over",
    discards: rows[opp]!,
    lastIsTheirs: lastSeat === opp,
    children: <OpponentRacks seat={t.seats[opp]!} />,
  };
  const last = t.discards.at(-1);

  return (
    <Board
      attrs={{ "data-version": p.version, "data-phase": t.phase, "data-turn": myTurn ? "you" : "other" }}
      status={<StatusBar status={status} yourTurn={myTurn} clocks={players} name={(pl) => (pl.seat === me ? "You" : (pl.name ?? "Opponent"))} wall={t.wall} lastEvent={p.lastEvent} />}
      felt={
        <Felt me={me} players={2} seats={[opponent]} middle={
          <>
            <div class="last-discard">
              {last ? (
                <>
                  <span>{last.seat === me ? "Your last discard" : `${who(last.seat)}'s last discard`}:</span>
                  <Tile kind={last.tile.kind} size="md" note="the last discard" />
                </>
              ) : (
                <span class="muted">No discards yet.</span>
              )}
            </div>
            <section class="my-discards" aria-label="Your discards">
              <span class="small">{me === 0 ? "You (East)" : "You (West)"}:</span> <DiscardRow tiles={rows[me]!} lastMarked={lastSeat === me} owner="Your" />
            </section>
          </>
        } />
      }
      mine={
      <section class="mine" aria-label="Your racks">
        {[0, 1].map((i) => (
          <div key={i}>
            <MyRack index={i} rack={mine.racks[i]} tiles={rackTiles(i)} selected={selected} drawn={mine.drawn} atomic={i === 0 && !!atomic} onTap={toggle} />
            {i === 0 && apart ? (
              <div class="drawn-apart">
                <Tile kind={apart.kind} selected={selected.includes(apart.id)} note="just drawn" fresh onTap={() => toggle(apart.id)} />
                <p class="small">
                  <strong>Just drawn.</strong> Discard a tile from rack 1 and this one takes its place there; otherwise it goes to rack 2.
                </p>
              </div>
            ) : null}
          </div>
        ))}
      </section>
      }
      tools={
        <>
          <span class="sort-label">Sort your racks:</span>
          <button type="button" onClick={() => sort("suit")}>By suit</button>
          <button type="button" onClick={() => sort("number")}>By number</button>
          <LargerTiles />
        </>
      }
      actions={
      <section class="actions" aria-label="Your move">
        <ErrorLine error={p.error} />
        {selected.length ? (
          <div class="row selection">
            {discardMove ? (
              <button class="primary big" type="button" disabled={p.busy} onClick={() => p.onMove(discardMove)}>
                Discard {tileLabel(single!.kind)}
                {fromAtomicRack && apart ? ` (the ${tileLabel(apart.kind)} takes its place on rack 1)` : ""}
              </button>
            ) : fromAtomicRack && myTurn && t.phase === "discard" ? (
              <p class="hint-line">Rack 1 keeps its 13 tiles: one leaves it only for a tile you have just drawn from the wall. Discard from rack 2.</p>
            ) : null}
            {sameRack && selRack !== null && !atomic ? (
              <button type="button" onClick={() => moveSelected((1 - selRack) as 0 | 1)}>
                {selected.length === 1 ? "Move" : `Move ${selected.length}`} to {rackName(1 - selRack)}
              </button>
            ) : null}
            <button type="button" onClick={() => setSelected([])}>Unselect</button>
          </div>
        ) : null}
        {pending ? (
          <ConfirmMove
            label={label(pending)}
            note={pending.type === "abandon-atomic" ? "Rack 1 then takes tiles again like rack 2, and the Atomic lines can no longer be declared." : "Nothing is sent until you confirm."}
            busy={p.busy}
            onYes={() => p.onMove(pending)}
            onCancel={() => setPending(null)}
          />
        ) : myTurn ? (
          <div class="choices">
            {others.filter((m) => m.type === "mahjong").map(choice)}
            {claims.length && t.claimable ? (
              <p class="choice-head claim-head">
                <Tile kind={t.claimable.tile.kind} size="md" note="may be claimed" />
                <span>
                  Claim {who(t.claimable.seat) === "You" ? "your" : `${who(t.claimable.seat)}'s`} {tileName(t.claimable.tile.kind)}:
                </span>
              </p>
            ) : null}
            <div class="claim-list">{claims.map(choice)}</div>
            {atomicMoves.length ? (
              <button class="primary big" type="button" disabled={p.busy} onClick={() => setPicking(true)}>
                {label(atomicMoves[0]!)}
              </button>
            ) : null}
            {draw ? (
              <button class="primary big" type="button" disabled={p.busy} onClick={() => p.onMove(draw)}>
                {label(draw)}
              </button>
            ) : null}
            {others.filter((m) => m.type !== "mahjong" && !claims.includes(m)).map(choice)}
            {t.phase === "discard" && !selected.length ? <p class="hint-line">Tap a tile in your racks to discard it.</p> : null}
          </div>
        ) : (
          <p class="muted idle">Nothing to do now. We will tell you when it is your turn.</p>
        )}
        {picking && atomicMoves.length ? (
          <AtomicPicker
            pool={pool}
            suggestions={atomicMoves}
            card={p.card ?? "sample-2026"}
            busy={p.busy}
            onConfirm={(tiles) => {
              setPicking(false);
              setSelected([]);
              p.onMove({ type: "atomic", tiles });
            }}
            onCancel={() => setPicking(false)}
          />
        ) : null}
      </section>
      }
    />
  );
}

function OpponentRacks({ seat }: { seat: SeatM }) {
  const shown = seat.racks.map((r, i) => ({ r, i })).filter(({ r, i }) => r.exposures.length || r.mahjong || r.dead || (i === 0 && seat.atomic));
  return (
    <div>
      {shown.length ? (
        shown.map(({ r, i }) => (
          <div class="opp-rack" key={i}>
            <span class="rack-label">{rackName(i)}</span> <HandTags hand={r} />
            {i === 0 && seat.atomic ? <span class="tag atomic-tag">Going for the Atomic hand</span> : null}
            <ExposedGroups hand={r} small owner={`their ${rackName(i)}`} mahjongLabel={`their ${rackName(i)} Mah Jongg`} />
          </div>
        ))
      ) : (
        <p class="muted opp-none">Nothing exposed yet.</p>
      )}
    </div>
  );
}

function MyRack(props: { index: number; rack: RackM | undefined; tiles: T[]; selected: number[]; drawn: number | null; atomic: boolean; onTap: (id: number) => void }) {
  const { index, rack, tiles } = props;
  return (
    <div class={`rack${rack?.dead ? " dead" : ""}${props.atomic ? " atomic" : ""}`}>
      <h3>
        Rack {index + 1} {rack ? <HandTags hand={rack} /> : null}
        {props.atomic ? <span class="tag atomic-tag">Atomic hand, locked</span> : null}
      </h3>
      {props.atomic ? <p class="small atomic-note">These 13 tiles stay here until you give the Atomic hand up.</p> : null}
      {rack ? <ExposedGroups hand={rack} owner={`your ${rackName(index)}`} mahjongLabel={`your ${rackName(index)} Mah Jongg`} /> : null}
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
