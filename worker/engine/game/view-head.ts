/** The opening fields every table view shares: which game, how far it is, whose move, the wall's length (never its order). */
import type { CoreState, Seat } from "../api";

export interface TableState extends CoreState {
  turn: Seat;
  phase: string;
  toAct: Seat;
  die: number;
  wall: readonly unknown[];
}

/** How far the game is as everyone sees it: its record entries but the orders moves, which are private to their seat. */
export const playedPly = (s: CoreState) => s.ply - (s.ordersEntries ?? 0);

export const viewHead = <S extends TableState>(s: S, seat: Seat | null) => ({
  ruleset: s.ruleset,
  options: s.options,
  commitment: s.commitment,
  ply: playedPly(s),
  turn: s.turn,
  phase: s.phase as S["phase"],
  toAct: (s.phase === "over" ? null : s.toAct) as S["toAct"] | null,
  you: seat,
  die: s.die,
  wallCount: s.wall.length,
});
