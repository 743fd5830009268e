/**
 * The registry: every playable ruleset, in the order the service lists them. A new ruleset (or a
 * new Siamese edition: `siameseVariant(record, cardModule)`, see variants/siamese/edition.ts) is
 * one entry here; the ruleset list, the option checks, the game log's words and the web app's
 * choices follow from it.
 */
import type { RulesetId, Variant } from "./api";
import { cardModule } from "./card";
import { siameseVariant, type SiameseState } from "./variants/siamese";
import { americanVariant, type AmericanState } from "./variants/american";
import { chineseMing, type ChineseState } from "./variants/chinese-ming";
import { siameseWp } from "./variants/siamese-wp";
import type { WpState } from "./variants/siamese-wp/state";
import { ROYALE } from "./variants/royale/edition";

/** Every game state the engine stores (more variants join this union). */
export type GameState = SiameseState | AmericanState | ChineseState | WpState;

export const REGISTERED: readonly Variant<GameState>[] = [
  siameseVariant("siamese", cardModule),
  siameseVariant("siamese-mjm", cardModule),
  siameseWp,
  americanVariant(cardModule),
  chineseMing,
  siameseVariant(ROYALE, cardModule),
] as unknown as Variant<GameState>[];

// Each variant only ever receives states of its own ruleset (variantOf looks it up by state.ruleset).
export const VARIANTS: Partial<Record<RulesetId, Variant<GameState>>> = Object.fromEntries(REGISTERED.map((v) => [v.id, v]));
