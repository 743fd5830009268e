/**
 * Royale Siamese as a Siamese edition record (RULES §8, issue 17; rulings in ./RULINGS.md): 2, 3 or
 * 4 players (`options.players`, default 2), four racks each, one full American set per player, 55
 * tiles each and East 56. Scoring and the end of the game are Royale's own (./scoring.ts); the rest
 * is Siamese play on four racks. `siameseVariant(ROYALE, cardModule)` is the ruleset `royale`.
 */
import { CARD, DEAD_HANDS, HINTS, PLAYERS, WINDOW_HOURS, type OptionField } from "../../options";
import { SIAMESE, type SiameseEdition } from "../siamese/edition";
import { ROYALE_HAND, ROYALE_PLAYERS, ROYALE_RACKS } from "./config";
import { royaleEnd, royaleResult } from "./scoring";
import { ROYALE_CLAIMS } from "./window";

/** The numbers of players the service deals: 2, 3 or 4 (3–4 players claim discards through windows, ./window.ts). */
export const ROYALE_PLAYABLE: readonly number[] = ROYALE_PLAYERS;

const players = (choices: readonly number[]): OptionField => ({
  ...PLAYERS,
  values: PLAYERS.values.filter((v) => choices.includes(v.value as number)),
  check: (v) => PLAYERS.check(v) ?? (choices.includes(v as number) ? null : `Royale is played by ${choices.join(" or ")} players for now, not ${String(v)}.`),
});

export const ROYALE: SiameseEdition = {
  ...SIAMESE,
  id: "royale",
  name: "Royale Siamese",
  description: "Two to four players, four racks each and one set of tiles per player; a jokerless hand earns 25 more.",
  short: "Royale",
  choice: "Royale Siamese (2–4 players, four hands each)",
  seasonChoice: "Royale Siamese (2–4 players)",
  options: { fields: [players(ROYALE_PLAYABLE), DEAD_HANDS, CARD, HINTS, WINDOW_HOURS] },
  players: 2,
  sets: 2,
  racks: ROYALE_RACKS,
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
