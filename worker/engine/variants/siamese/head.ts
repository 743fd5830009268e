/**
 * The heads of the two Siamese editions played with the American card (RULES §3, §4): what the
 * ruleset list, the forms, the API and the rating read, without any play (engine/rulesets.ts lists
 * them). Their play is the edition records of ./edition.ts over this folder's rules.
 */
import { CARD, DEAD_HANDS, HINTS } from "../../options";
import { defineHead } from "../../head";

/** The options every Siamese edition takes (an edition may list others in its head). */
export const SIAMESE_OPTIONS = { fields: [DEAD_HANDS, CARD, HINTS] };

export const SIAMESE_HEAD = defineHead({
  id: "siamese",
  name: "Siamese Mah Jongg",
  description: "Two players, two racks each, American tiles and card; as played by its creator.",
  short: "Siamese",
  choice: "Siamese (two players, two hands each)",
  seasonChoice: "Siamese (two players)",
  family: "siamese",
  players: 2,
  handsPerPlayer: 2,
  sets: 1,
  tileSet: "american",
  optionsSchema: SIAMESE_OPTIONS,
  // the tables work hints out on the player's own device with the card matcher
  hintsIn: "device",
});

export const SIAMESE_MJM_HEAD = defineHead({
  ...SIAMESE_HEAD,
  id: "siamese-mjm",
  name: "Siamese Mah Jongg (MahJong Masters)",
  description: "The official MahJong Masters rules: Mah Jongg in error kills both hands; both hands dead costs 100.",
  short: "Siamese (MahJong Masters)",
  choice: "Siamese, MahJong Masters rules",
  seasonChoice: "Siamese, MahJong Masters rules (two players)",
});
