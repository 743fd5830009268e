/**
 * Game options, described once. Each option is a field: what the New Game form shows (label,
 * description, choices, default) and how a raw value is checked (in the service's words). A ruleset's
 * head lists the fields it takes (`optionsSchema`); `parseOptions(ruleset, raw)` (engine/rulesets.ts)
 * checks a posted options object with it once for games, challenges and seasons, and `newGame`
 * checks the same fields again when it deals.
 */
import type { GameOptions } from "./api";
import { builtinCards } from "./card/builtin";
import { hintsOffByRules } from "./game/hints-allowed";

/** An option as the New Game form shows it. */
export interface RulesetOption {
  key: keyof GameOptions;
  label: string;
  description: string;
  /** The choices offered (a field may accept more, e.g. windowHours any whole number of hours up to two weeks). */
  values: { value: unknown; label: string; /** The choice as a whole sentence, for a form that asks with a button per choice. */ sentence?: string }[];
  default: unknown;
}

/** What the forms are (web/src/components/RulesetOptions.tsx): starting a game, a one-tap practice game, posting a challenge, a league season. */
export type OptionForm = "game" | "practice" | "challenge" | "season";

/**
 * How the forms ask an option, where plain words or another control read better than a list under
 * its label (the label and the choices' labels stay the short words the rule book uses).
 */
export interface OptionAsking {
  /** "list" (the usual: a drop-down), "sentences" (a button per choice, each its `sentence`), "switch" (a check box for true), "card" (the card picker: the built-in cards and your own or your leagues'). */
  control?: "list" | "sentences" | "switch" | "card";
  /** The form's words for it, in place of the label; `promptIn` a form's own (a season: "Players at each table"). */
  prompt?: string;
  promptIn?: Partial<Record<OptionForm, string>>;
  /** The form's help under it, in place of the description. */
  help?: string;
  /** Asked in the one-tap practice form too: it shapes the table (how many play, how long). Other options take their defaults there. */
  quick?: boolean;
  /** The default is the ruleset's own number, not advice: no choice is marked "(usual)". */
  noUsual?: boolean;
  /** The form asks it only while the other choices allow it (Royale's claim windows: three or four players); otherwise it is not sent. */
  shownWhen?(options: GameOptions): boolean;
  /** Another choice settles it (hints: off in tournament games): the value sent, and why, in words the form shows. */
  settledBy?(options: GameOptions): { value: unknown; why: string } | null;
}

export interface OptionField extends RulesetOption, OptionAsking {
  /** Null when `value` is allowed, else what is wrong, in the service's words. */
  check(value: unknown): string | null;
  /** Left out of a posted game, the default is filled in (deadHands, hints); otherwise the option stays out. */
  fill?: boolean;
  /** Left out of a posted game of a ruleset that takes it, the default is filled in (Chinese `length`); other rulesets never get it. */
  fillOwn?: boolean;
  /** Kept apart by the service (a card id is resolved to a stored card first): parseOptions leaves it out. */
  apart?: boolean;
}

export interface OptionsSchema {
  fields: OptionField[];
}

export type ParsedOptions = { ok: true; options: GameOptions } | { ok: false; code: "bad-field"; message: string };

const oneOf =
  (key: string, values: readonly unknown[]) =>
  (v: unknown): string | null =>
    typeof v === "string" && values.includes(v) ? null : `"${key}" must be one of: ${values.join(", ")}.`;

const whole =
  (key: string, min: number, max: number) =>
  (v: unknown): string | null =>
    typeof v === "number" && Number.isInteger(v) && v >= min && v <= max ? null : `"${key}" must be a whole number from ${min} to ${max}.`;

const choices = (field: Omit<OptionField, "check">, check: (v: unknown) => string | null = oneOf(field.key, field.values.map((x) => x.value))): OptionField => ({ ...field, check });

export const DEAD_HANDS = choices({
  key: "deadHands",
  label: "Dead hands",
  description: "Friendly play refuses a move that would make a hand dead and says why; tournament play accepts it and the hand is dead.",
  values: [
    { value: "prevent", label: "Prevent (friendly)", sentence: "Friendly: refuse it and say why" },
    { value: "enforce", label: "Enforce (tournament)", sentence: "Tournament: accept it, the hand is dead" },
  ],
  default: "prevent",
  fill: true,
  control: "sentences",
  prompt: "A move that would kill a hand",
});

/** A built-in card's id, or a card object (a league's card, loaded as data). */
export const CARD: OptionField = {
  key: "card",
  label: "Card",
  description: "The card of hands played.",
  values: Object.keys(builtinCards).map((id) => ({ value: id, label: builtinCards[id]!.name })),
  default: "sample-2026",
  control: "card",
  check: (v) => (typeof v === "string" || (typeof v === "object" && v !== null && !Array.isArray(v)) ? null : `"card" must be a card id, such as sample-2026, or a card.`),
  apart: true,
};

export const HINTS = choices(
  {
    key: "hints",
    label: "Hints",
    description: "Show the closest card lines for each rack.",
    values: [
      { value: true, label: "On" },
      { value: false, label: "Off" },
    ],
    default: true,
    fill: true,
    control: "switch",
    prompt: "Show hints: the hands each rack is closest to",
    settledBy: (o) => (hintsOffByRules(o) ? { value: false, why: "off in tournament games" } : null),
  },
  (v) => (typeof v === "boolean" ? null : `"hints" must be true or false.`),
);

export const JOKERLESS_DISCARD = choices({
  key: "jokerlessDiscard",
  label: "Jokerless on a discard",
  description: "A jokerless hand won on a discard pays three times: by each of the three (our ruling), or by the discarder only (the literal reading).",
  values: [
    { value: "each-3x", label: "Each pays 3×", sentence: "Each of the three others pays three times the hand (our ruling)" },
    { value: "discarder-3x", label: "Discarder pays 3×", sentence: "The discarder pays three times, the others as usual (the literal reading)" },
  ],
  default: "each-3x",
  control: "sentences",
  prompt: "Mah Jongg without jokers on a discard",
  help: "The rules say a hand without jokers won on a discard pays “three times the hand value” without saying who pays it.",
});

/** Hours a claim window stays open: the form offers a few, any whole number of hours up to two weeks is accepted. */
export const WINDOW_HOURS = choices(
  {
    key: "windowHours",
    label: "Claim window",
    description: "How long the other players may call a discard; after that silence is a pass.",
    values: [1, 4, 12, 24].map((h) => ({ value: h, label: `${h} hour${h === 1 ? "" : "s"}` })),
    default: 12,
    prompt: "Time to call a discard",
    help: "After each discard the other players have this long to call it; then silence counts as a pass. The window closes as soon as everyone asked has answered.",
  },
  whole("windowHours", 1, 14 * 24),
);

/** Wright-Patterson Siamese: a match of games, the wall-game pot carried from game to game (RULES §5 Matches). */
export const GAMES = choices(
  {
    key: "games",
    label: "Games in the match",
    description: "The pot of wall games carries over from game to game; a pot nobody wins is returned at the end of the match.",
    values: [1, 2, 4, 6, 8].map((n) => ({ value: n, label: `${n} game${n === 1 ? "" : "s"}` })),
    default: 4,
  },
  whole("games", 1, 8),
);

/** Royale: how many play (one full set of tiles each); left out, the ruleset's own number (Royale: 2). */
export const PLAYERS = choices(
  {
    key: "players",
    label: "Players",
    description: "How many play: two, three or four, with four hands each and one full set of tiles per player.",
    values: [2, 3, 4].map((n) => ({ value: n, label: `${n} players` })),
    default: 2,
    quick: true,
    noUsual: true,
    promptIn: { season: "Players at each table" },
  },
  whole("players", 2, 4),
);

/**
 * Chinese (Ming): how long the game lasts (RULES §7, §9). New games default to one round; a game
 * whose stored options have no length (created before this option) is a whole match: the variant's
 * newGame writes that in, so old records replay as they were played.
 */
export const LENGTH = choices({
  key: "length",
  label: "Length of the game",
  description: "One hand: the game ends with its first hand. One round: until every player has been the Jong once (usually 4 to 8 hands). Whole match: four rounds, at least 16 hands. Every hand is scored and paid the same way.",
  values: [
    { value: "hand", label: "One hand" },
    { value: "round", label: "One round (East round)" },
    { value: "match", label: "Whole match" },
  ],
  default: "round",
  fillOwn: true,
  quick: true,
});

/** Every option any variant takes. */
export const OPTION_FIELDS: OptionField[] = [DEAD_HANDS, CARD, HINTS, JOKERLESS_DISCARD, WINDOW_HOURS, GAMES, PLAYERS, LENGTH];

/**
 * Checks a posted options object. Every option the engine knows is checked when present and kept
 * (parseOptions has refused first any option the ruleset does not have), the defaults of the `fill` options are filled in (of those `own`, the ruleset's
 * schema, lists when given), and of the `fillOwn` options when `own` lists them; anything else (e.g.
 * daysPerMove, which the service reads itself) is left out, and so is the card (`apart`).
 */
export function parseWith(raw: unknown, own?: OptionsSchema): ParsedOptions {
  const o = raw === undefined ? {} : raw;
  if (typeof o !== "object" || o === null || Array.isArray(o)) return { ok: false, code: "bad-field", message: `"options" must be an object.` };
  const r = o as Record<string, unknown>;
  for (const f of OPTION_FIELDS) {
    if (f.apart || r[f.key] === undefined) continue;
    const wrong = f.check(r[f.key]);
    if (wrong) return { ok: false, code: "bad-field", message: wrong };
  }
  const options: Record<string, unknown> = {};
  for (const f of OPTION_FIELDS) {
    if (f.apart) continue;
    if (r[f.key] !== undefined) options[f.key] = r[f.key];
    else if ((f.fill && (!own || own.fields.includes(f))) || (f.fillOwn && own?.fields.includes(f))) options[f.key] = f.default;
  }
  return { ok: true, options: options as GameOptions };
}

/** What `newGame` checks: the options the variant takes, when present (the card is checked by loading it). */
export function checkOptions(schema: OptionsSchema, options: GameOptions): void {
  for (const f of schema.fields) {
    const v = options[f.key];
    if (f.apart || v === undefined) continue;
    const wrong = f.check(v);
    if (wrong) throw new Error(wrong);
  }
}
