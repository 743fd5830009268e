/**
 * What the table loads for its hints. Hints.tsx is also imported directly by the pages that show hint
 * tiles (card viewer, Atomic picker, American hints); loaded through this file, it needs no module
 * namespace built at run time, which kept a small extra script on every game page (issue 13's budget).
 */
export { default } from "./Hints";
