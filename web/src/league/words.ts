/** League words and choices kept apart from the pages, so that tests can hold them against the engine. */
import { rulesets } from "../../../worker/engine/rulesets";
import { RULESET_NAMES } from "../components/names";

/**
 * Every ruleset a league season can be played with: each ruleset the engine plays, in the words of
 * the New Season form (test/web/league-words.test.ts holds this list against the engine's).
 */
export const SEASON_RULESETS: { id: string; label: string }[] = rulesets.map((r) => ({ id: r.id, label: r.seasonChoice }));

export const rulesetName = (id: string) => RULESET_NAMES[id] ?? id;

/** "1 member", "5 members". */
export const members = (n: number) => `${n} ${n === 1 ? "member" : "members"}`;

/** The standings' short column heads, spelled out under the table. */
export const TIE_BREAKS = {
  h2h: "H2H, head to head: for players level on points, their results against each other (1 for each game won between them, ½ for a level game).",
  sb: "SB, Sonneborn-Berger: each game result against an opponent (1, ½ or 0) times that opponent's season points, added up; it settles ties head to head leaves.",
};
