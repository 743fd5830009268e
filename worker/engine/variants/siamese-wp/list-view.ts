/**
 * The hand list in plain words, as data for the card viewer and the rules page (RULES §5 Hands,
 * issue 15): per hand its name, the hand in words, an example in tiles, its limit and points, and
 * whether it must be concealed. Data only; the web code lays it out.
 */
import { formatTiles, parseTiles } from "../../tiles";
import { LIMIT_POINTS, LIMIT_WORDS, WP_HAND_LIST, isOrdinary, type HandList, type Limit } from "./hands";
import { wpTileName } from "./tiles";

export interface HandView {
  id: string;
  name: string;
  /** The hand in words, from the list. */
  text: string;
  limit: Limit;
  /** "Single Limit", "Double Limit", "Triple Limit". */
  limitWords: string;
  points: number;
  concealed: boolean;
  /** "Concealed: nothing claimed before Mah Jongg" or "Sets may be claimed". */
  concealedWords: string;
  /** An example of the hand in tile notation ("1B 2B 3B …"), or null when the list's hand has none here. */
  example: string | null;
  /** The same example in words ("1 Bamboo, 2 Bamboo, …"). */
  exampleWords: string | null;
  ordinary: boolean;
}

export interface HandListView {
  id: string;
  name: string;
  /** What each limit pays under payout option 2. */
  limits: { limit: Limit; words: string; points: number }[];
  /** The ordinary hand first, then the special hands by limit (Single, Double, Triple), in list order within a limit. */
  hands: HandView[];
}

/** Examples of the shipped list's hands (each checked by a test to make exactly that hand). */
export const EXAMPLES: Readonly<Record<string, string>> = {
  ordinary: "1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R R",
  "all-pungs": "1B 1B 1B 5C 5C 5C 9D 9D 9D E E E R R",
  "all-chows": "1B 2B 3B 2C 3C 4C 5D 6D 7D 6B 7B 8B 9C 9C",
  "half-flush": "1B 2B 3B 4B 5B 6B 7B 7B 7B E E E R R",
  "full-flush": "1B 2B 3B 4B 5B 6B 7B 7B 7B 8B 8B 8B 9B 9B",
  "all-honours": "E E E S S S R R R G G G 0 0",
  "all-simples": "2B 3B 4B 5C 6C 7C 6D 7D 8D 8D 8D 4C 4C 4C",
  "ends-and-honours": "1B 1B 1B 9C 9C 9C 1D 1D 1D 9B 9B 9B N N",
  "all-ends": "1B 1B 1B 9C 9C 9C 1D 1D 1D 9B 9B 9B 1C 1C",
  "even-pungs": "2B 2B 2B 4C 4C 4C 6D 6D 6D 8B 8B 8B 4D 4D",
  "hidden-pungs": "3B 3B 3B 6C 6C 6C 2D 2D 2D W W W G G",
  "four-kongs": "1B 1B 1B 1B 5C 5C 5C 5C 9D 9D 9D 9D E E E E R R",
  "three-dragons": "R R R G G G 0 0 0 1B 2B 3B 5C 5C",
  "two-dragons": "R R R G G G 0 0 1B 2B 3B 5C 5C 5C",
  "four-winds": "E E E S S S W W W N N N 5C 5C",
  "three-winds": "E E E S S S W W W N N 1B 2B 3B",
  "seven-pairs": "1B 1B 3C 3C 5D 5D E E R R 9B 9B 7C 7C",
  "thirteen-orphans": "1B 9B 1C 9C 1D 9D E S W N R G 0 0",
  "nine-gates": "1D 1D 1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 5D",
};

const ORDER: Record<Limit, number> = { single: 0, double: 1, triple: 2 };

/** The hand list as the viewer shows it. `examples` maps hand ids to tiles (the shipped list's by default). */
export function handListView(list: HandList = WP_HAND_LIST, examples: Readonly<Record<string, string>> = EXAMPLES): HandListView {
  const hands = list.hands
    .map((h, i): HandView & { i: number } => {
      const ex = examples[h.id] ?? null;
      const tiles = ex === null ? null : parseTiles(ex);
      return {
        i,
        id: h.id,
        name: h.name,
        text: h.text,
        limit: h.limit,
        limitWords: LIMIT_WORDS[h.limit],
        points: LIMIT_POINTS[h.limit],
        concealed: h.concealed,
        concealedWords: h.concealed ? "Concealed: nothing claimed before Mah Jongg" : "Sets may be claimed",
        example: tiles && formatTiles(tiles),
        exampleWords: tiles && tiles.map(wpTileName).join(", "),
        ordinary: isOrdinary(h),
      };
    })
    .sort((a, b) => Number(b.ordinary) - Number(a.ordinary) || ORDER[a.limit] - ORDER[b.limit] || a.i - b.i)
    .map(({ i: _, ...h }) => h);
  return {
    id: list.id,
    name: list.name,
    limits: (["single", "double", "triple"] as const).map((limit) => ({ limit, words: LIMIT_WORDS[limit], points: LIMIT_POINTS[limit] })),
    hands,
  };
}
