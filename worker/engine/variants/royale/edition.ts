/**
 * Royale Siamese as a Siamese edition record (RULES §8, issue 17; rulings in ./RULINGS.md): 2, 3 or
 * 4 players (`options.players`, default 2), four racks each, one full American set per player, 55
 * tiles each and East 56. Scoring and the end of the game are Royale's own (./scoring.ts); the rest
 * is Siamese play on four racks. `siameseVariant(ROYALE, cardModule)` is the ruleset `royale`.
 */
import { fromHead, SIAMESE, type SiameseEdition } from "../siamese/edition";
import { ROYALE_HAND } from "./config";
import { ROYALE_HEAD, ROYALE_PLAYABLE } from "./head";
import { royaleEnd, royaleResult } from "./scoring";
import { ROYALE_CLAIMS } from "./window";

export { ROYALE_PLAYABLE } from "./head";

export const ROYALE: SiameseEdition = {
  ...SIAMESE,
  ...fromHead(ROYALE_HEAD),
  hand: ROYALE_HAND,
  playerChoices: ROYALE_PLAYABLE,
  setsPerPlayer: true,
  errorKillsBoth: false,
  bothDead: { times: 4 },
  // an abandon is scored as four dead hands; any other end names no culprit (dead hands are read off the racks)
  result: (card, seats, reason, seat) => royaleResult(card, seats, reason, reason === "abandoned" ? seat : null),
  end: royaleEnd,
  // 3–4 players: any player may claim a discard, through claim windows
  claims: ROYALE_CLAIMS,
};

/** Royale as the rule book has it, 2–4 players (the same record now that 3–4 players claim through windows). */
export const ROYALE_ALL: SiameseEdition = ROYALE;
