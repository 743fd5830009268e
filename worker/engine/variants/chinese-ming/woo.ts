/**
 * Woo (RULES §7 "Play"): all tiles in pungs or kongs plus exactly one pair, flowers aside. With no
 * chows the concealed part splits one way only: every kind held three times is a pung, the one kind
 * held twice is the pair. Also how a player's tiles become the sets the score sheet counts.
 */
import { countKinds, type Kind } from "../../tiles";
import type { ScoredSet } from "./scoring";
import type { HandSeat } from "./state";
import { KINDS } from "./deal";

/** Do these concealed kinds (the melds aside) make pungs plus exactly one pair? */
export function completes(concealed: readonly Kind[]): boolean {
  if (concealed.length % 3 !== 2) return false;
  let pairs = 0;
  for (const n of countKinds(concealed)) {
    if (n === 2) pairs++;
    else if (n !== 0 && n !== 3) return false;
  }
  return pairs === 1;
}

export const concealedKinds = (me: HandSeat) => me.concealed.map((id) => KINDS[id]!);

/**
 * The sets and pairs a player's tiles score. Melds count as laid out. Concealed: a kind held three
 * times or more is a natural three of a kind (Ruling: a fourth copy not laid out as a kong counts
 * nothing more), a kind held twice a pair. For the winner on a discard, `claimedKind` is the
 * discard's kind: the pung it completed counts as exposed (Ruling §7).
 */
export function setsOf(me: HandSeat, claimedKind: Kind | null = null): { sets: ScoredSet[]; pairs: Kind[] } {
  const sets: ScoredSet[] = me.melds.map((m) => ({ kind: m.kind, size: m.tiles.length === 4 ? 4 : 3, natural: m.natural }));
  const pairs: Kind[] = [];
  countKinds(concealedKinds(me)).forEach((n, k) => {
    if (n >= 3) sets.push({ kind: k, size: 3, natural: k !== claimedKind });
    else if (n === 2) pairs.push(k);
  });
  return { sets, pairs };
}
