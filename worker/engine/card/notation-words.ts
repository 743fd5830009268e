/**
 * A card line's mistakes (notation.ts's codes) in plain words, as the card editor and the service
 * show them. Apart from the parser so that the browser, which parses only cards already checked,
 * never downloads these texts.
 */
import {
  BAD_OFFSET,
  IDLE_SUIT,
  NEEDS_SUIT,
  NO_GROUPS,
  NO_TILES,
  NOT_A_NUMBER_LETTER,
  NOT_A_RESTRICTION,
  RESTRICTED_TWICE,
  TOO_BIG,
  UNKNOWN_FACE,
  UNUSED_LETTER,
  parseLine,
  type LinePattern,
  type NotationProblem,
} from "./notation";

export function notationProblemWords(p: NotationProblem): string {
  switch (p[0]) {
    case BAD_OFFSET:
      return `group "${p[1]}" has a bad offset; write it like (n+1), with n, m or p and +1..+8`;
    case UNKNOWN_FACE:
      return /[a-z]/.test(p[2])
        ? `unknown group "${p[1]}": "${p[2]}" is not a suit letter (a, b, c) or number letter (n, m, p)`
        : `unknown group "${p[1]}": "${p[2]}" is not a tile (use 1-9, 0 for Soap, N E W S, R G, D, F, n m p)`;
    case NO_TILES:
      return `group "${p[1]}" has a suit but no tiles`;
    case TOO_BIG:
      return `group "${p[1]}" has ${p[2]} tiles; a group has at most 6 (a sextet)`;
    case NEEDS_SUIT:
      return `group "${p[1]}" needs a suit: add a, b or c (any suit; different letters are different suits) or B, C, D`;
    case IDLE_SUIT:
      return `group "${p[1]}" has no numbers and no D, so its suit letter means nothing`;
    case NOT_A_RESTRICTION:
      return `"${p[1]}" is not a restriction; write "n odd", "n even" or "n in 1,4,7"`;
    case NOT_A_NUMBER_LETTER:
      return `"${p[1]}" in "${p[2]}" is not a number letter (n, m, p)`;
    case RESTRICTED_TWICE:
      return `"${p[1]}" is restricted twice`;
    case UNUSED_LETTER:
      return `restricts "${p[1]}" but no group uses it`;
    case NO_GROUPS:
      return "has no groups";
  }
}

/** parseLine, with every problem in words. */
export function parseLineInWords(text: string): { ok: true; pattern: LinePattern } | { ok: false; problems: string[] } {
  const parsed = parseLine(text);
  return parsed.ok ? parsed : { ok: false, problems: parsed.problems.map(notationProblemWords) };
}
