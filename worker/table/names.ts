/**
 * What a game and the people at it are called, wherever they are shown: the table (game/), mails,
 * notices and digests (notify/). A floor below both, so neither reaches into the other for a name.
 */
import { headOf, isRulesetId } from "../engine/rulesets";
import { STRENGTHS, type Strength } from "../engine/bots";

/** A ruleset's name in mails and notices ("Mah Jongg" for an id no ruleset has, e.g. a game from before a ruleset was withdrawn). */
export const rulesetName = (id: string): string => (isRulesetId(id) ? headOf(id).name : "Mah Jongg");

/** Names compare alike when they read alike: same letters after NFKC, case and spacing aside. */
const sameName = (n: string) => n.normalize("NFKC").toLocaleLowerCase("en").replace(/\s+/gu, " ").trim();

/**
 * The names shown at one table: never two alike. A name already taken at the table (by an
 * earlier seat) gets a mark: "Ann", "Ann (2)".
 */
export function distinctNames(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  return raw.map((name) => {
    let shown = name;
    for (let k = 2; seen.has(sameName(shown)); k++) shown = `${name} (${k})`;
    seen.add(sameName(shown));
    return shown;
  });
}

export const STRENGTH_NAMES: Record<Strength, string> = { easy: "easy", medium: "medium", strong: "strong", expert: "expert" };

/** A computer's name at the table ("Computer (strong)"). */
export const computerName = (strength: Strength): string => `Computer (${STRENGTH_NAMES[strength]})`;

/** A computer's seat has no account: its user id is `computer:<strength>:<seat>`. */
export const computerUserId = (strength: Strength, seat: number): string => `computer:${strength}:${seat}`;

/** A computer's seat in the games index (`computer:<strength>:<seat>`, no account). */
const COMPUTER_ID = /^computer:([a-z]+):(\d+)$/;

export const isComputerUserId = (userId: string): boolean => COMPUTER_ID.test(userId);

/** The strength of the computer whose user id this is; null for a person. */
export function computerStrengthOf(userId: string): Strength | null {
  const strength = COMPUTER_ID.exec(userId)?.[1] as Strength | undefined;
  return strength && STRENGTHS.includes(strength) ? strength : null;
}

/** The name the table shows for a seat of the games index: a computer's as the table names it ("Computer (strong)"), a person's as given. */
export function indexSeatName(p: { userId: string; name: string }): string {
  const strength = computerStrengthOf(p.userId);
  return strength ? computerName(strength) : p.name;
}
