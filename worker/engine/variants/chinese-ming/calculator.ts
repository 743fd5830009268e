/**
 * The scoring calculator for hands played at a real table (docs/score-calculator.md): a hand
 * described in tile notation is checked and scored. Used by `npm run cli -- score` and the
 * calculator page. Bad input gets a message that says what is wrong; nothing is guessed.
 */
import { FIRST_CHINESE_FLOWER, isFlower, NotationError, parseTiles, tileCode, type Kind } from "../../tiles";
import { scoreHand, type HandToScore, type ScoredSet, type ScoreSheet } from "./scoring";
import { SEAT_WINDS, chineseTileName } from "./words";

export interface DescribedHand {
  /** Exposed sets, comma-separated: "5B 5B 5B, N N N, 2D 2D 2D 2D". */
  exposed?: string;
  /** Natural (concealed) sets, comma-separated: "E E E E, 9D 9D 9D". */
  natural?: string;
  /** Pairs, comma-separated: "R R, 8B 8B". */
  pairs?: string;
  /** Flowers: "F2g F4r". */
  flowers?: string;
  /** Seat wind E, S, W or N (gives the own flower 1..4). */
  seat: string;
  /** Prevailing wind E, S, W or N (default E). */
  prevailing?: string;
  jong?: boolean;
  winner?: boolean;
  /** Won on the replacement tile from the loose end. */
  replacement?: boolean;
  /** Never punged; the set the winning discard completed may still be listed as exposed. */
  concealed?: boolean;
}

export type Calculation = { ok: true; hand: HandToScore; sheet: ScoreSheet } | { ok: false; problems: string[] };

function groups(text: string | undefined, what: string, problems: string[]): Kind[][] {
  if (!text || !text.trim()) return [];
  const out: Kind[][] = [];
  for (const part of text.split(",")) {
    if (!part.trim()) continue;
    try {
      out.push(parseTiles(part));
    } catch (e) {
      if (!(e instanceof NotationError)) throw e;
      problems.push(`${what} "${part.trim()}": ${e.message}`);
    }
  }
  return out;
}

function wind(text: string | undefined, what: string, problems: string[], dflt?: number): number {
  if (text === undefined && dflt !== undefined) return dflt;
  const i = SEAT_WINDS.indexOf((text ?? "").trim().toUpperCase() as (typeof SEAT_WINDS)[number]);
  if (i < 0) problems.push(`${what} must be E, S, W or N (got ${JSON.stringify(text ?? "")})`);
  return Math.max(0, i);
}

export function calculate(d: DescribedHand): Calculation {
  const problems: string[] = [];
  const sets: ScoredSet[] = [];
  const addSets = (text: string | undefined, natural: boolean) => {
    const what = natural ? "natural set" : "exposed set";
    for (const g of groups(text, what, problems)) {
      const label = `${what} "${g.map(tileCode).join(" ")}"`;
      if (g.length !== 3 && g.length !== 4) problems.push(`${label} must be three or four tiles (a pung or a kong; there are no chows)`);
      else if (g.some((k) => k !== g[0])) problems.push(`${label} must be tiles of one kind`);
      else if (isFlower(g[0]!)) problems.push(`${label}: flowers are not sets, list them under flowers`);
      else sets.push({ kind: g[0]!, size: g.length as 3 | 4, natural });
    }
  };
  addSets(d.exposed, false);
  addSets(d.natural, true);
  const pairs: Kind[] = [];
  for (const g of groups(d.pairs, "pair", problems)) {
    if (g.length !== 2 || g[0] !== g[1] || isFlower(g[0]!)) problems.push(`pair "${g.map(tileCode).join(" ")}" must be two tiles of one kind`);
    else pairs.push(g[0]!);
  }
  let flowers: Kind[] = [];
  try {
    flowers = d.flowers ? parseTiles(d.flowers) : [];
  } catch (e) {
    if (!(e instanceof NotationError)) throw e;
    problems.push(`flowers: ${e.message}`);
  }
  for (const f of flowers) if (f < FIRST_CHINESE_FLOWER) problems.push(`flowers: ${tileCode(f)} is not a flower of the Chinese set (F1r..F4r, F1g..F4g)`);
  if (new Set(flowers).size !== flowers.length) problems.push("flowers: each flower exists once in the set");
  const seat = wind(d.seat, "the seat wind", problems);
  const prevailing = wind(d.prevailing, "the prevailing wind", problems, 0);

  const used = new Map<Kind, number>();
  for (const s of sets) used.set(s.kind, (used.get(s.kind) ?? 0) + s.size);
  for (const p of pairs) used.set(p, (used.get(p) ?? 0) + 2);
  for (const [k, n] of used) if (n > 4) problems.push(`there are only four ${chineseTileName(k)} tiles (the hand uses ${n})`);
  if (sets.length > 4) problems.push(`a hand has at most four sets (got ${sets.length})`);
  if (sets.length * 3 + pairs.length * 2 > 14) problems.push("that is more tiles than a hand holds (13, or 14 with the winning tile, kongs counted as three)");
  const winner = !!d.winner;
  if (winner && (sets.length !== 4 || pairs.length !== 1)) problems.push(`a winning hand (Woo) is four sets and one pair (got ${sets.length} sets and ${pairs.length} pairs)`);
  if (!winner && d.replacement) problems.push("only the winner can have won on the replacement tile");
  if (!winner && d.concealed) problems.push("the concealed-hand double is for the winner only");
  if (d.concealed) {
    const exposed = sets.filter((s) => !s.natural);
    if (exposed.length > 1 || exposed.some((s) => s.size === 4))
      problems.push("a concealed hand was never punged: at most one exposed pung, the one completed by the winning discard");
  }
  if (problems.length) return { ok: false, problems };
  const hand: HandToScore = { sets, pairs, flowers, seat, prevailing, jong: !!d.jong, winner, replacement: !!d.replacement, concealed: !!d.concealed };
  return { ok: true, hand, sheet: scoreHand(hand) };
}

/** A score sheet as plain text, one line per set or double. */
export function formatSheet(sheet: ScoreSheet): string {
  const half = (n: number) => (Number.isInteger(n) ? String(n) : `${Math.floor(n) || ""}½`);
  const rows = sheet.lines.map((l) => `  ${l.what.padEnd(40)} ${l.doubles ? "double".padStart(8) : half(l.points).padStart(8)}`);
  return [
    ...rows,
    `  ${"total".padEnd(40)} ${half(sheet.total).padStart(8)}`,
    `  ${"basic score (total × 4)".padEnd(40)} ${String(sheet.basic).padStart(8)}`,
    `  ${`doubles: ${sheet.doubles}`.padEnd(40)} ${`× ${2 ** sheet.doubles}`.padStart(8)}`,
    `  ${"score".padEnd(40)} ${sheet.score.toLocaleString("en-US").padStart(8)}`,
  ].join("\n");
}
