/**
 * The rating each ruleset's games change (issue 28): one rating per family, every Siamese edition
 * (Royale included) Siamese, American American, every Chinese rule set Chinese. Each variant's
 * `family` field is read from here, so the ledger, the `rulesets` list and the web app agree; the
 * web app reads this small file without loading the engine.
 */
import type { RatingFamily, RulesetId } from "./api";

export const FAMILY_OF: Readonly<Record<RulesetId, RatingFamily>> = {
  siamese: "siamese",
  "siamese-mjm": "siamese",
  "siamese-wp": "siamese",
  royale: "siamese",
  american: "american",
  "chinese-ming": "chinese",
};

/** The rating family of a ruleset; throws for an id no ruleset has (a bug, never a guess from the name). */
export function familyOf(ruleset: string): RatingFamily {
  const f = FAMILY_OF[ruleset as RulesetId];
  if (!f) throw new Error(`no rating family for unknown ruleset "${ruleset}"`);
  return f;
}
