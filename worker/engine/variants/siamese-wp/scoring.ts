/**
 * Payout option 2 of Wright-Patterson Siamese (RULES §5) and the match of games that carries the
 * wall-game pot. Pure: a game's outcome and the match so far in, the result lines and the match
 * after the game out. Every line is a payment between the two players or to/from the pot, so the
 * lines of a whole match (pot returned) sum to zero.
 *
 * - Bouquet (all four flowers of one colour laid out): 25, paid by the opponent at once, whatever
 *   happens later (the lines are listed with the game; `bouquetLines` gives them at once).
 * - A seat's Mah Jongg money: one Mah Jongg, its value; two on different turns, the first plus
 *   double the second; two in the same turn (Double Mah Jongg), double both. Each player pays the
 *   opponent's money, so the opponent's Mah Jongg offsets the debt and, each with one, the lower
 *   pays the difference.
 * - Both hands dead: the offender pays a Double Limit, a Triple Limit when the opponent has a Mah
 *   Jongg. Ruling: on top of that Mah Jongg's own payment (a declared Mah Jongg is always paid).
 * - Wall game (no Mah Jongg, nobody dead): each player puts 25 into the pot; the pot goes to the
 *   player who declares the next Mah Jongg (Ruling: the first declared in a later game, paid with
 *   that game), and grows with each wall game. East is not paid double and does not pay double.
 * - Match (Ruling): `games` 1–8, default 4; a pot nobody has won when the match ends is returned
 *   in equal shares (it is always a multiple of 50).
 */
import type { GameResult, ResultLine, Seat } from "../../api";
import { LIMIT_POINTS, LIMIT_WORDS, WP_HAND_LIST, type HandList, type Limit } from "./hands";
import type { FlowerColour } from "./tiles";

export const BOUQUET = 25;
export const POT_SHARE = 25;

export interface WpDeclared {
  seat: Seat;
  rack: number;
  /** Id of the hand of the list declared (its best hand). */
  hand: string;
  /** Turn (discard count) of the declaration: two of one seat on the same turn are a Double Mah Jongg. */
  turn: number;
}

export interface WpBouquet {
  seat: Seat;
  colour: FlowerColour;
}

export interface WpOutcome {
  /** Declared Mah Jonggs in the order they were declared. */
  mahjongs: WpDeclared[];
  bouquets?: WpBouquet[];
  /** The seat whose two hands are both dead (the game ended at once), if any. */
  bothDead?: Seat | null;
}

export interface WpMatch {
  games: number;
  /** Games scored so far. */
  played: number;
  pot: number;
  /** Wall games whose 25s are in the pot. */
  potGames: number;
  /** Running totals per seat. */
  totals: [number, number];
  /** Per game: its reason and lines (the ledger). */
  ledger: { game: number; reason: GameResult["reason"]; lines: ResultLine[] }[];
}

export const MIN_GAMES = 1;
export const MAX_GAMES = 8;
export const DEFAULT_GAMES = 4;

export function newMatch(games: number = DEFAULT_GAMES): WpMatch {
  if (!Number.isInteger(games) || games < MIN_GAMES || games > MAX_GAMES) throw new Error(`a Wright-Patterson match is ${MIN_GAMES} to ${MAX_GAMES} games, not ${games}`);
  return { games, played: 0, pot: 0, potGames: 0, totals: [0, 0], ledger: [] };
}

export const matchOver = (m: WpMatch) => m.played >= m.games;

const COLOUR_WORDS: Record<FlowerColour, string> = { red: "Flowers (red, 1–4)", blue: "Seasons (blue, 1–4)" };
const limitText = (l: Limit) => `a ${LIMIT_WORDS[l]} (${LIMIT_POINTS[l]})`;

/** The Bouquet's payment, made the moment the fourth flower of a colour is laid out. */
export function bouquetLines(b: WpBouquet): ResultLine[] {
  const what = `all four ${COLOUR_WORDS[b.colour]}`;
  return [
    { seat: b.seat, points: BOUQUET, reason: "bouquet", detail: `Bouquet: ${what} laid out (${BOUQUET}, paid by the opponent)` },
    { seat: 1 - b.seat, points: -BOUQUET, reason: "bouquet/paid", detail: `Pays the opponent's Bouquet: ${what} (${BOUQUET})` },
  ];
}

/** One seat's Mah Jongg lines and money (what the opponent owes for them). */
function mahjongLines(seat: Seat, mine: WpDeclared[], list: HandList): { lines: ResultLine[]; money: number } {
  const lines: ResultLine[] = [];
  const named = (d: WpDeclared) => {
    const h = list.hands.find((x) => x.id === d.hand);
    if (!h) throw new Error(`no hand "${d.hand}" on the hand list`);
    return h;
  };
  if (mine.length === 1) {
    const h = named(mine[0]!);
    lines.push({ seat, points: LIMIT_POINTS[h.limit], reason: "mahjong/first", detail: `Mah Jongg: ${h.name}, ${limitText(h.limit)}` });
  } else if (mine.length === 2) {
    const [a, b] = mine.map(named) as [ReturnType<typeof named>, ReturnType<typeof named>];
    if (mine[0]!.turn === mine[1]!.turn) {
      for (const h of [a, b])
        lines.push({ seat, points: 2 * LIMIT_POINTS[h.limit], reason: "mahjong/double", detail: `Double Mah Jongg: ${h.name}, ${LIMIT_WORDS[h.limit]} doubled (2 × ${LIMIT_POINTS[h.limit]})` });
    } else {
      lines.push({ seat, points: LIMIT_POINTS[a.limit], reason: "mahjong/first", detail: `First Mah Jongg: ${a.name}, ${limitText(a.limit)}` });
      lines.push({ seat, points: 2 * LIMIT_POINTS[b.limit], reason: "mahjong/second", detail: `Second Mah Jongg: ${b.name}, ${LIMIT_WORDS[b.limit]} doubled (2 × ${LIMIT_POINTS[b.limit]})` });
    }
  } else if (mine.length > 2) throw new Error("a player declares at most two Mah Jonggs");
  return { lines, money: lines.reduce((t, l) => t + l.points, 0) };
}

/**
 * Scores one game of a match: its result lines (payments; pot in and out) and the match after it.
 * Neither argument is changed.
 */
export function scoreWp(outcome: WpOutcome, before: WpMatch, list: HandList = WP_HAND_LIST): { result: GameResult; match: WpMatch } {
  if (matchOver(before)) throw new Error(`the match of ${before.games} games is over`);
  const match: WpMatch = { ...before, totals: [...before.totals], ledger: [...before.ledger], played: before.played + 1 };
  const lines: ResultLine[] = [];
  for (const b of outcome.bouquets ?? []) lines.push(...bouquetLines(b));

  const bySeat = [0, 1].map((s) => outcome.mahjongs.filter((d) => d.seat === s));
  const money = [0, 1].map((s) => {
    const m = mahjongLines(s, bySeat[s]!, list);
    lines.push(...m.lines);
    return m.money;
  });
  for (const s of [0, 1]) {
    const owed = money[1 - s]!;
    if (!owed) continue;
    const net = owed - money[s]!;
    const offset = money[s]! ? ` (offset by your own ${money[s]}: ${net > 0 ? `you pay ${net} in all` : net < 0 ? `you receive ${-net} in all` : "nobody pays"})` : "";
    lines.push({ seat: s, points: -owed, reason: "mahjong/paid", detail: `Pays the opponent's Mah Jongg: ${owed}${offset}` });
  }

  let reason: GameResult["reason"];
  const dead = outcome.bothDead ?? null;
  if (dead !== null) {
    reason = "dead";
    const p = LIMIT_POINTS[bySeat[1 - dead]!.length ? "triple" : "double"];
    const words = bySeat[1 - dead]!.length ? LIMIT_WORDS.triple : LIMIT_WORDS.double;
    const why = bySeat[1 - dead]!.length ? "the opponent has a Mah Jongg" : "the opponent has no Mah Jongg";
    lines.push({ seat: dead, points: -p, reason: "dead/both", detail: `Both hands dead: pays a ${words} (${p}), as ${why}` });
    lines.push({ seat: 1 - dead, points: p, reason: "dead/penalty", detail: `The opponent's hands are both dead: a ${words} (${p})` });
  } else if (outcome.mahjongs.length) reason = "mahjong";
  else reason = "wall";

  if (reason === "wall") {
    match.pot += 2 * POT_SHARE;
    match.potGames++;
    for (const s of [0, 1]) lines.push({ seat: s, points: -POT_SHARE, reason: "pot/in", detail: `Wall game: ${POT_SHARE} into the pot (the pot now holds ${match.pot})` });
  } else if (outcome.mahjongs.length && match.pot > 0) {
    const winner = outcome.mahjongs[0]!.seat;
    lines.push({ seat: winner, points: match.pot, reason: "pot/won", detail: `The pot: ${match.pot} from ${match.potGames} wall game${match.potGames === 1 ? "" : "s"}, won with the next Mah Jongg` });
    match.pot = 0;
    match.potGames = 0;
  }

  if (matchOver(match) && match.pot > 0) {
    const share = match.pot / 2;
    for (const s of [0, 1]) lines.push({ seat: s, points: share, reason: "pot/returned", detail: `End of the match: nobody won the pot of ${match.pot}, ${share} returned to each player` });
    match.pot = 0;
    match.potGames = 0;
  }

  const totals = [0, 1].map((s) => lines.filter((l) => l.seat === s).reduce((t, l) => t + l.points, 0));
  match.totals = [match.totals[0] + totals[0]!, match.totals[1] + totals[1]!];
  match.ledger.push({ game: match.played, reason, lines });
  return { result: { reason, totals, lines }, match };
}
