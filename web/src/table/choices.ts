/**
 * What the Siamese player can do right now, worked out from the table, the moves the engine
 * allows and the table's own state (the selection, a pending choice), and the status line that says it.
 */
import type { Move } from "../../../worker/engine/api";
import { tileName as americanName, type Kind } from "../../../worker/engine/tile-kinds";
import { apartOf, atomicOf, type TableM, type TableState, type T } from "./model";

export interface Choices {
  myTurn: boolean;
  /** The one selected tile, if exactly one. */
  single: T | undefined;
  discardMove: Move | undefined;
  /** The rack of the first selected tile (null: nothing selected); all selected tiles on that rack. */
  selRack: number | null;
  sameRack: boolean;
  /** An Atomic player selected one of the 13 tiles on rack 1. */
  fromAtomicRack: boolean;
  atomic: T[] | null;
  apart: T | undefined;
  draw: Move | undefined;
  atomicMoves: Move[];
  mahjongs: Move[];
  claims: Move[];
  /** In a claim window you are asked in (Royale with 3–4 players): pass, and the claims you may make. */
  windowMoves: Move[];
  /** Everything else (exposures, abandoning the Atomic hand…). */
  rest: Move[];
}

/** Answers in a claim window, and the call preferences (the game menu's): never among a turn's buttons. */
const WINDOW = new Set(["pass", "call", "call-mahjong"]);

export function choicesOf(t: TableM, me: number, legal: Move[], s: TableState): Choices {
  const mine = t.seats[me]!;
  const pool = mine.pool ?? [];
  const atomic = atomicOf(mine);
  const { selected, arr } = s;
  const single = selected.length === 1 ? pool.find((x) => x.id === selected[0]) : undefined;
  const found = selected.length ? arr.findIndex((r) => r.includes(selected[0]!)) : -1;
  const selRack = selected.length ? (found < 0 ? 1 : found) : null;
  const windowMoves = t.phase === "window" ? legal.filter((m) => WINDOW.has(m.type)) : [];
  const others = legal.filter((m) => m.type !== "discard" && m.type !== "draw" && m.type !== "atomic" && m.type !== "preference" && m.type !== "orders" && !WINDOW.has(m.type));
  const claims = others.filter((m) => m.type === "claim" || m.type === "claim-mahjong");
  return {
    // in a claim window it is yours to answer when you are asked
    myTurn: t.phase === "window" ? windowMoves.length > 0 : t.toAct === me && t.phase !== "over",
    single,
    discardMove: single ? legal.find((m) => m.type === "discard" && m.tile === single.id) : undefined,
    selRack,
    sameRack: selected.every((id) => arr[selRack ?? 0]!.includes(id)),
    fromAtomicRack: !!atomic && single !== undefined && atomic.some((x) => x.id === single.id),
    atomic,
    apart: apartOf(mine),
    draw: legal.find((m) => m.type === "draw"),
    atomicMoves: legal.filter((m) => m.type === "atomic"),
    mahjongs: others.filter((m) => m.type === "mahjong"),
    claims,
    windowMoves,
    rest: others.filter((m) => m.type !== "mahjong" && !claims.includes(m)),
  };
}

/** The status line above the table; `tileName` names a tile in the table's words (the American set's unless given). */
export function statusLine(t: TableM, me: number, c: Choices, pending: Move | null, who: (s: number) => string, tileName: (k: Kind) => string = (k) => americanName(k)): string {
  if (t.phase === "over") return "The game is over.";
  const w = t.window;
  if (t.phase === "window" && w) {
    const tile = `${who(w.discarder) === "You" ? "your" : `${who(w.discarder)}'s`} ${tileName(w.tile.kind)}`;
    if (c.myTurn) {
      if (pending) return "Check your choice below, then confirm it or cancel.";
      return w.answered ? `You answered; you may change your answer about ${tile} until the window closes.` : `Claim ${tile}, or pass.`;
    }
    const waiting = w.awaiting.map(who).join(" and ");
    return `The others may claim ${tile}${waiting ? `: waiting for ${waiting}` : ""} (at most ${w.hours} hours).`;
  }
  if (c.myTurn) {
    if (pending) return "Check your choice below, then confirm it or cancel.";
    if (c.mahjongs.length) return "Your turn: you can declare Mah Jongg, or discard a tile.";
    const atomicToo = c.atomicMoves.length > 0;
    if (t.phase === "draw") {
      // before drawing there is nothing to discard yet: the Atomic hand is offered beside drawing and claiming
      if (c.claims.length && t.claimable) return `Your turn: ${atomicToo ? "go for the Atomic hand, " : ""}claim the ${tileName(t.claimable.tile.kind)}${atomicToo ? "," : ""} or draw a tile from the wall.`;
      return atomicToo ? "Your turn: go for the Atomic hand, or draw a tile from the wall." : "Your turn: draw a tile from the wall.";
    }
    if (atomicToo) return "Your turn: go for the Atomic hand, or tap a tile in your racks to discard it.";
    if (c.single && c.discardMove) return `Your turn: discard the ${tileName(c.single.kind)}, or tap another tile.`;
    return "Your turn: tap a tile in your racks, then discard it.";
  }
  // with claim windows the next player only draws (the discard was offered to everyone in the window)
  const draw = t.seats.length > 2 ? "draw" : "draw or claim";
  return `Waiting for ${who(t.toAct ?? 1 - me)} to ${t.phase === "draw" ? draw : "discard"}.`;
}
