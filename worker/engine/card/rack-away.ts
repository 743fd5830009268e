/** One rack's result once its share of the pool is known: shared by the exact best-two search and the best-found search. */
import type { Away, Group } from "./api";
import { allocate, arrange } from "./allocate";
import type { Candidate, CompiledLine, Need } from "./compile";
import { assignSlots } from "./exposures";

/** A rack's choice: a line, its concrete candidate and what it needs. */
export interface RackChoice {
  line: CompiledLine;
  cand: Candidate;
  need: Need;
}

/** A choice with its distance against the whole pool and its place in the rack's list. */
export type RackOption = RackChoice & { d: number; i: number };

export function rackAway(o: RackChoice, exposures: Group[], share: ReturnType<typeof allocate>[number]): Away {
  const away: Away = { line: o.line.line, away: share.away, needed: share.needed };
  if (share.away === 0) away.arrangement = arrange(o.cand.slots, exposures, assignSlots(o.cand, exposures)!, o.need, share);
  return away;
}
