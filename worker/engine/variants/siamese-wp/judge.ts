/**
 * The hand judge of Wright-Patterson Siamese: the ruleset's pluggable answer to "what is a
 * hand, what is it worth, how far is a rack from one, which claims may be made, when is a rack dead,
 * what are the hints" (RULES §5), over a hand list (by default the shipped one). The American
 * editions answer the same questions from their card (variants/siamese/judge.ts), which stays their
 * default judge; a list of hands other than `WP_HAND_LIST` is a new judge from `wpJudge(list)`.
 */
import type { GameResult } from "../../api";
import type { Kind } from "../../tiles";
import { isOrdinary, WP_HAND_LIST, type HandList, type WpHand } from "./hands";
import { hintsWp, type HintRack, type Hints } from "./hints";
import { awayOnly, tilesAway, type Away, type WpSet } from "./match";
import { chowClaimAllowed, claimsAllowed, deadReason, handValue, isMahJongg, type ClaimRack, type MahJongg, type WpClaim } from "./mahjong";
import { scoreWp, type WpMatch, type WpOutcome } from "./scoring";

export interface WpJudge {
  list: HandList;
  /** A complete hand: the tiles laid out (14 with the exposures, one more per kong). */
  isMahJongg(tiles: readonly Kind[], exposed: readonly WpSet[]): MahJongg | null;
  handValue(tiles: readonly Kind[], exposed: readonly WpSet[]): ReturnType<typeof handValue>;
  /** The best hand a pool (extra tiles aside) makes with the rack's exposures, or null. */
  best(pool: readonly Kind[], exposed: readonly WpSet[]): { hand: WpHand } | null;
  /** Does the pool (extra tiles aside) make `hand` with the exposures? */
  makes(hand: WpHand, pool: readonly Kind[], exposed: readonly WpSet[]): boolean;
  tilesAway(hand: WpHand, pool: readonly Kind[], exposed: readonly WpSet[]): Away | null;
  claimsAllowed(pool: readonly Kind[], racks: readonly ClaimRack[], discard: Kind): WpClaim[];
  chowClaimAllowed(pool: readonly Kind[], rack: ClaimRack, discard: Kind, start: Kind): boolean;
  deadReason(exposed: readonly WpSet[]): string | null;
  hints(pool: readonly Kind[], racks: readonly HintRack[]): Hints;
  /** The scoring part: one game of the match scored (payout option 2, the pot). */
  score(outcome: WpOutcome, match: WpMatch): { result: GameResult; match: WpMatch };
}

const RANK = { triple: 0, double: 1, single: 2 } as const;

export function wpJudge(list: HandList = WP_HAND_LIST): WpJudge {
  const ranked = list.hands.map((h, i) => ({ h, i })).sort((a, b) => RANK[a.h.limit] - RANK[b.h.limit] || a.i - b.i).map((x) => x.h);
  return {
    list,
    isMahJongg: (tiles, exposed) => isMahJongg(tiles, exposed, list),
    handValue: (tiles, exposed) => handValue(tiles, exposed, list),
    best(pool, exposed) {
      const rack = { concealed: pool, exposed };
      // any complete hand of shape "sets" is also a complete ordinary hand: check the cheap ones first
      if (!list.hands.some((h) => (isOrdinary(h) || h.shape !== "sets") && awayOnly(h, rack) === 0)) return null;
      const hand = ranked.find((h) => awayOnly(h, rack) === 0);
      return hand ? { hand } : null;
    },
    makes: (hand, pool, exposed) => awayOnly(hand, { concealed: pool, exposed }) === 0,
    tilesAway: (hand, pool, exposed) => tilesAway(hand, { concealed: pool, exposed }),
    claimsAllowed: (pool, racks, discard) => claimsAllowed(pool, racks, discard, list),
    chowClaimAllowed: (pool, rack, discard, start) => chowClaimAllowed(pool, rack, discard, start, list),
    deadReason: (exposed) => deadReason(exposed, list),
    hints: (pool, racks) => hintsWp(pool, racks, 3, list),
    score: (outcome, match) => scoreWp(outcome, match, list),
  };
}

export const WP_JUDGE = wpJudge();
