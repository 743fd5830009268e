/** League words and choices kept apart from the pages, so that tests can hold them against the engine. */
import { RULESET_NAMES } from "../components/names";

/**
 * Every ruleset a league season can be played with: the service accepts each ruleset the engine
 * plays (test/web/league-words.test.ts holds this list against the engine's).
 */
export const SEASON_RULESETS: { id: string; label: string }[] = [
  { id: "siamese", label: "Siamese (two players)" },
  { id: "siamese-mjm", label: "Siamese, MahJong Masters rules (two players)" },
  { id: "siamese-wp", label: "Siamese, Wright-Patterson (two players)" },
  { id: "american", label: "American (four players a table)" },
  { id: "chinese-ming", label: "Chinese, Ming family rules (four players a table)" },
];

export const rulesetName = (id: string) => RULESET_NAMES[id] ?? id;

/** "1 member", "5 members". */
export const members = (n: number) => `${n} ${n === 1 ? "member" : "members"}`;

/** The standings' short column heads, spelled out under the table. */
export const TIE_BREAKS = {
  h2h: "H2H, head to head: for players level on points, their results against each other (1 for each game won between them, ½ for a level game).",
  sb: "SB, Sonneborn-Berger: each game result against an opponent (1, ½ or 0) times that opponent's season points, added up; it settles ties head to head leaves.",
};
