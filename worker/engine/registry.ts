/**
 * The registry: every playable ruleset whole, one entry per head of ./rulesets.ts (same order):
 * its head, its rules (the Variant), its computer player and its simulated player, each from its
 * variant's folder. The engine's entry dispatches through it; nobody outside asks which ruleset
 * it is. A new ruleset (or a new Siamese edition: `siameseVariant(record, cardModule)`, see
 * variants/siamese/edition.ts) is its folder, its head in ./rulesets.ts and one entry here.
 */
import type { CoreState, RulesetId, Variant } from "./api";
import type { Bot } from "./bots/common";
import { cardModule } from "./card";
import type { PlayerFor } from "./game/simulate";
import type { RulesetHead } from "./head";
import { HEADS } from "./rulesets";
import { americanVariant, type AmericanState } from "./variants/american";
import { chooseAmerican } from "./variants/american/bot";
import { AMERICAN_HEAD } from "./variants/american/head";
import { americanPlayer, checkInvariants as americanCounts } from "./variants/american/simulated";
import { chineseMing, type ChineseState } from "./variants/chinese-ming";
import { chooseChinese } from "./variants/chinese-ming/bot";
import { CHINESE_MING_HEAD } from "./variants/chinese-ming/head";
import { checkInvariants as chineseCounts, chinesePlayer } from "./variants/chinese-ming/simulated";
import { chooseRoyale } from "./variants/royale/bot";
import { ROYALE } from "./variants/royale/edition";
import { ROYALE_HEAD } from "./variants/royale/head";
import { siameseVariant, type SiameseState } from "./variants/siamese";
import { chooseSiamese } from "./variants/siamese/bot";
import { SIAMESE_HEAD, SIAMESE_MJM_HEAD } from "./variants/siamese/head";
import { checkInvariants as siameseCounts, siamesePlayer } from "./variants/siamese/simulated";
import { chooseWp } from "./variants/siamese-wp/bot";
import { siameseWp } from "./variants/siamese-wp";
import { WP_HEAD } from "./variants/siamese-wp/head";
import type { WpState } from "./variants/siamese-wp/state";

/** Every game state the engine stores (more variants join this union). */
export type GameState = SiameseState | AmericanState | ChineseState | WpState;

/** A ruleset whole. */
export interface Ruleset<S extends CoreState = GameState> {
  head: RulesetHead<RulesetId>;
  /** Its rules. */
  variant: Variant<S>;
  /** Its computer player (absent: a simple legal move, see bots/index.ts). */
  bot?: Bot;
  /**
   * Its purposeful simulated player for the property tests (absent: random legal moves), and the
   * checks of its own on every step (how many tiles each seat holds).
   */
  simulated?: { player: PlayerFor<S>; invariants?: (state: S) => void };
}

const siamese = siameseVariant("siamese", cardModule);
const siameseMjm = siameseVariant("siamese-mjm", cardModule);
const american = americanVariant(cardModule);

const entries = [
  { head: SIAMESE_HEAD, variant: siamese, bot: chooseSiamese, simulated: { player: siamesePlayer(siamese), invariants: siameseCounts } },
  { head: SIAMESE_MJM_HEAD, variant: siameseMjm, bot: chooseSiamese, simulated: { player: siamesePlayer(siameseMjm), invariants: siameseCounts } },
  { head: WP_HEAD, variant: siameseWp, bot: chooseWp },
  { head: AMERICAN_HEAD, variant: american, bot: chooseAmerican, simulated: { player: americanPlayer(american), invariants: americanCounts } },
  // absent players time out now and then (about one move in fifteen)
  { head: CHINESE_MING_HEAD, variant: chineseMing, bot: chooseChinese, simulated: { player: chinesePlayer({ timeoutEvery: 15 }), invariants: chineseCounts } },
  { head: ROYALE_HEAD, variant: siameseVariant(ROYALE, cardModule, chooseRoyale), bot: chooseRoyale },
];

/** Every ruleset, in the heads' order. */
export const RULESETS: readonly Ruleset[] = entries as unknown as Ruleset[];

/** The variants in service order. */
export const REGISTERED: readonly Variant<GameState>[] = RULESETS.map((r) => r.variant);

// Each variant only ever receives states of its own ruleset (variantOf looks it up by state.ruleset).
const BY_ID: ReadonlyMap<string, Ruleset> = new Map(RULESETS.map((r) => [r.head.id, r]));
export const VARIANTS: Partial<Record<RulesetId, Variant<GameState>>> = Object.fromEntries(RULESETS.map((r) => [r.head.id, r.variant]));

/** The whole ruleset of `id`, or undefined for an id no ruleset has. */
export const rulesetOf = (id: string): Ruleset | undefined => BY_ID.get(id);

/** The rules of `id`; throws for an id no ruleset has (a bug: ids are checked where they come in). */
export function variantOf(id: string): Variant<GameState> {
  const v = BY_ID.get(id)?.variant;
  if (!v) throw new Error(`no engine for ruleset "${id}"`);
  return v;
}

// one entry per head, in the heads' order, each variant built over its own head
for (const [i, h] of HEADS.entries()) {
  const r = RULESETS[i];
  if (r?.head !== h || r.variant.id !== h.id) throw new Error(`registry entry ${i} is not the ruleset "${h.id}" of rulesets.ts`);
}
if (RULESETS.length !== HEADS.length) throw new Error("every ruleset head needs its entry in registry.ts");
