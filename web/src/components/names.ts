import { rulesets } from "../../../worker/engine/rulesets";

/** Short ruleset names for lists ("Siamese"), from the engine's ruleset list: a new ruleset needs no edit here. */
export const RULESET_NAMES: Record<string, string> = Object.fromEntries(rulesets.map((r) => [r.id, r.short]));
