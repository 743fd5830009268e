/**
 * The registry of ruleset heads: every playable ruleset, in the order the service lists them, as
 * the data a list, a form, the API and the rating need (./head.ts), with no play code, so the web
 * app's pages and the API read it without loading the rules. The whole rulesets (their rules,
 * computer and simulated players) are ./registry.ts, one entry per head.
 *
 * Adding a ruleset: its folder under variants/ with its head.ts, one line in HEADS, one entry in
 * registry.ts. Its id, family, seats and options come from its head; nobody else names it.
 */
import type { GameOptions, RuleError } from "./api";
import type { RulesetHead } from "./head";
import { parseWith, type RulesetOption } from "./options";
import { AMERICAN_HEAD } from "./variants/american/head";
import { CHINESE_MING_HEAD } from "./variants/chinese-ming/head";
import { ROYALE_HEAD } from "./variants/royale/head";
import { SIAMESE_HEAD, SIAMESE_MJM_HEAD } from "./variants/siamese/head";
import { WP_HEAD } from "./variants/siamese-wp/head";

export type { RulesetHead } from "./head";

/** Every playable ruleset's head, in service order (the first is the forms' default). */
export const HEADS = [SIAMESE_HEAD, SIAMESE_MJM_HEAD, WP_HEAD, AMERICAN_HEAD, CHINESE_MING_HEAD, ROYALE_HEAD] as const;

export type RulesetId = (typeof HEADS)[number]["id"];
/** Every playable ruleset's id, in service order (what a posted `ruleset` must be one of). */
export const RULESET_IDS: readonly RulesetId[] = HEADS.map((h) => h.id);

/** The ratings, one per family, in the order profiles and leaderboards show them. Every Siamese edition (Royale included) is Siamese, every Chinese rule set Chinese. */
export const FAMILIES = ["siamese", "american", "chinese"] as const;
export type RatingFamily = (typeof FAMILIES)[number];
/** A family's name as players read it ("Siamese"). */
export const FAMILY_NAMES: Readonly<Record<RatingFamily, string>> = { siamese: "Siamese", american: "American", chinese: "Chinese" };

const BY_ID: ReadonlyMap<string, RulesetHead<RulesetId>> = new Map(HEADS.map((h) => [h.id, h]));

export const isRulesetId = (x: unknown): x is RulesetId => typeof x === "string" && BY_ID.has(x);
export const isFamily = (x: unknown): x is RatingFamily => typeof x === "string" && (FAMILIES as readonly string[]).includes(x);

/** The head of a ruleset; throws for an id no ruleset has (a bug: ids are checked where they come in). */
export function headOf(id: string): RulesetHead<RulesetId> {
  const h = BY_ID.get(id);
  if (!h) throw new Error(`unknown ruleset "${id}"`);
  return h;
}

/** The rating a ruleset's games change; throws for an id no ruleset has (never a guess from the name). */
export const familyOf = (id: string): RatingFamily => headOf(id).family;

/** Seats of a game of `id` with these options: `options.players` where the ruleset lets the players choose (Royale: 2, 3 or 4), else its fixed number. */
export function seatsOf(id: RulesetId, options?: GameOptions): number {
  const head = headOf(id);
  const asked = options?.players;
  const choice = head.optionsSchema.fields.find((f) => f.key === "players");
  return asked !== undefined && choice && choice.check(asked) === null ? asked : head.players;
}

export type ParsedGameOptions = { ok: true; options: GameOptions; seats: number } | ({ ok: false } & RuleError);

/** Keys the service reads itself beside a ruleset's options (POST /api/games takes the pace inside them). */
const SERVICE_KEYS: ReadonlySet<string> = new Set(["daysPerMove"]);

/** The keys of posted options that are neither the ruleset's own options nor the service's: refused, never stored. */
function foreignOptions(raw: unknown, schema: RulesetHead<RulesetId>["optionsSchema"]): string[] {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return [];
  const own = new Set<string>(schema.fields.map((f) => f.key));
  return Object.keys(raw).filter((k) => !own.has(k) && !SERVICE_KEYS.has(k) && (raw as Record<string, unknown>)[k] !== undefined);
}

/**
 * The one check of posted game options, for games, challenges and seasons alike: every option the
 * ruleset takes is checked when present and kept, and those it has of deadHands and hints get their
 * defaults (and its own `fillOwn` options theirs); an option it does not have (another ruleset's,
 * or none at all) is refused, so nothing it does not play by is stored; the ruleset's own fields are checked by its own rules
 * (Royale: 2, 3 or 4 players), and the seats follow. The card (a built-in id, or a stored card's
 * id) is left to the caller, which resolves it. Everything a deal refuses of the options is
 * refused here, code "bad-field" in the service's words (an unknown ruleset: "game/ruleset").
 */
export function parseOptions(ruleset: string, raw: unknown): ParsedGameOptions {
  if (!isRulesetId(ruleset)) return { ok: false, code: "game/ruleset", message: `unknown ruleset "${ruleset}" (playable: ${RULESET_IDS.join(", ")})` };
  const head = headOf(ruleset);
  const schema = head.optionsSchema;
  const foreign = foreignOptions(raw, schema);
  if (foreign.length)
    return { ok: false, code: "bad-field", message: `${head.name} has no option ${foreign.map((k) => `"${k}"`).join(", ")}; its options are ${schema.fields.map((f) => `"${f.key}"`).join(", ")}.` };
  const parsed = parseWith(raw, schema);
  if (!parsed.ok) return parsed;
  for (const f of schema.fields) {
    const v = parsed.options[f.key];
    if (f.apart || v === undefined) continue;
    const wrong = f.check(v);
    if (wrong) return { ok: false, code: "bad-field", message: wrong };
  }
  return { ok: true, options: parsed.options, seats: seatsOf(ruleset, parsed.options) };
}

/** A ruleset as lists and forms show it (the API's `rulesets` answer and the web app's choices). */
export interface RulesetInfo {
  id: RulesetId;
  name: string;
  /** The name in lists ("Siamese"), and the labels of the New Game and New Season forms' choices. */
  short: string;
  choice: string;
  seasonChoice: string;
  /** The rating its games change (Royale: "siamese"). */
  family: RatingFamily;
  players: number;
  handsPerPlayer: number;
  sets: number;
  description: string;
  options: RulesetOption[];
  /** Where a table gets its hints (see RulesetHead). */
  hintsIn: "view" | "device";
}

export const rulesets: RulesetInfo[] = HEADS.map((h) => ({
  id: h.id,
  name: h.name,
  short: h.short,
  choice: h.choice,
  seasonChoice: h.seasonChoice,
  family: h.family,
  players: h.players,
  handsPerPlayer: h.handsPerPlayer,
  sets: h.sets,
  description: h.description,
  options: h.optionsSchema.fields.map(({ key, label, description, values, default: d }) => ({ key, label, description, values, default: d })),
  hintsIn: h.hintsIn,
}));
