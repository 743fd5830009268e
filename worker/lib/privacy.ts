/** Email addresses are shown to nobody but their owner; others see at most a masked form. */

/** "secret.person@example.org" → "s•••@example.org". */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${[...address.slice(0, at)][0]}•••${address.slice(at)}`;
}

const ADDRESS = /[^\s@<>()",;:]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** Masks every address in a text (older log lines were written with whole addresses). */
export const maskEmailsIn = (text: string) => text.replace(ADDRESS, (a) => maskEmail(a));
