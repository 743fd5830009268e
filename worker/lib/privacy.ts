/**
 * Email addresses are shown to nobody but their owner; others see at most a masked form. A stored
 * card's contents are shown to those who play it; others read its name.
 */

/** "secret.person@example.org" → "s•••@example.org". */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${[...address.slice(0, at)][0]}•••${address.slice(at)}`;
}

const ADDRESS = /[^\s@<>()",;:]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** Masks every address in a text (older log lines were written with whole addresses). */
export const maskEmailsIn = (text: string) => text.replace(ADDRESS, (a) => maskEmail(a));

/**
 * Game options as anyone may see them: a stored card (private: a player's or a league's, kept as
 * data in the options) is replaced by its name; a built-in card's id stays. The game's players and
 * the league's members read the card itself (issue 38, 2).
 */
export function withCardName<T extends object>(options: T): T {
  const card = (options as { card?: unknown }).card;
  if (card === null || typeof card !== "object") return options;
  const name = (card as { name?: unknown }).name;
  return { ...options, card: { name: typeof name === "string" ? name : "A club's card" } };
}
