/**
 * The head of Royale Siamese (RULES §8): 2, 3 or 4 players (its own `players` option, default 2),
 * four racks each, one full American set per player. Light: the ruleset list, the forms and the
 * API's option check read it (engine/rulesets.ts); the play is ./edition.ts.
 */
import { CARD, DEAD_HANDS, HINTS, PLAYERS, WINDOW_HOURS, type OptionField } from "../../options";
import { defineHead } from "../../head";
import { ROYALE_PLAYERS, ROYALE_RACKS } from "./config";

/** The numbers of players the service deals: 2, 3 or 4 (3–4 players claim discards through windows, ./window.ts). */
export const ROYALE_PLAYABLE: readonly number[] = ROYALE_PLAYERS;

const players = (choices: readonly number[]): OptionField => ({
  ...PLAYERS,
  values: PLAYERS.values.filter((v) => choices.includes(v.value as number)),
  check: (v) => PLAYERS.check(v) ?? (choices.includes(v as number) ? null : `Royale is played by ${choices.join(" or ")} players for now, not ${String(v)}.`),
});

/** Claim windows are for three or four players; two play Siamese claim-or-draw, so the forms do not ask it then. */
const CLAIM_WINDOW: OptionField = { ...WINDOW_HOURS, shownWhen: (o) => (o.players ?? 2) > 2 };

export const ROYALE_HEAD = defineHead({
  id: "royale",
  name: "Royale Siamese",
  description: "Two to four players, four racks each and one set of tiles per player; a jokerless hand earns 25 more.",
  short: "Royale",
  choice: "Royale Siamese (2–4 players, four hands each)",
  seasonChoice: "Royale Siamese (2–4 players)",
  family: "siamese",
  players: 2,
  handsPerPlayer: ROYALE_RACKS,
  sets: 2,
  tileSet: "american",
  optionsSchema: { fields: [players(ROYALE_PLAYABLE), DEAD_HANDS, CARD, HINTS, CLAIM_WINDOW] },
  hintsIn: "device",
});
