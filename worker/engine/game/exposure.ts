/**
 * What American-card variants keep on the table alike: exposures, dead hands and discards (state),
 * and how a seat sees them (views turn tile ids into tile refs).
 */
import type { Seat } from "../api";
import type { Kind } from "../tiles";
import { ref, type TileRef } from "./physical";

/** One exposure; `claimed` is the discard it was made with. */
export interface Exposure {
  kind: Kind;
  /** Physical tile ids, the claimed tile included (jokers are ids of joker tiles). */
  tiles: number[];
  claimed: number;
  from: Seat;
  /** Turn it was made on (Siamese: it may move to the other rack until that turn's discard). */
  turn: number;
  /** Under `deadHands: "enforce"`: this exposure made its hand dead (its jokers stay). */
  killed?: true;
}

export interface Dead {
  reason: "exposure" | "error";
  message: string;
  turn: number;
  /** The line named in an erroneous declaration. */
  line?: string;
}

export interface Discard {
  seat: Seat;
  tile: number;
  turn: number;
}

export const refs = (kinds: readonly Kind[], ids: readonly number[]): TileRef[] => ids.map((id) => ref(kinds, id));

export const exposureView = (kinds: readonly Kind[], e: Exposure) => ({
  kind: e.kind,
  tiles: refs(kinds, e.tiles),
  claimed: ref(kinds, e.claimed),
  from: e.from,
  turn: e.turn,
  killed: !!e.killed,
});

/** A declared Mah Jongg as seen: its tile ids and claimed discard as tile refs, the rest as is. */
export function declarationView<D extends { tiles: number[]; claimed: number | null }>(
  kinds: readonly Kind[],
  m: D,
): Omit<D, "tiles" | "claimed"> & { tiles: TileRef[]; claimed: TileRef | null } {
  return { ...m, tiles: refs(kinds, m.tiles), claimed: m.claimed === null ? null : ref(kinds, m.claimed) };
}

export const discardView = (kinds: readonly Kind[], d: Discard) => ({ seat: d.seat, turn: d.turn, tile: ref(kinds, d.tile) });
