/**
 * The Wright-Patterson hand list (RULES §5, Ruling): our own list as data, like a card. Each hand
 * is worth a Single, Double or Triple Limit and says whether it must be concealed. A hand is
 * described by its shape and conditions, not by written tiles:
 *
 *   shape "sets"     four sets and a pair; `sets` = any | pungs (pungs and kongs only) | chows;
 *                    `tiles` = which tiles every set and the pair use (see TILE_RULES);
 *                    `kongs: 4` = every set a kong; `dragonPungs`/`windPungs` = at least that many
 *                    pungs (or kongs) of different dragons/winds; `pair` = dragon | wind
 *   shape "pairs"    seven different pairs, of `tiles`
 *   shape "orphans"  one each of the 1s, 9s, winds and dragons, and one more of any of them
 *   shape "gates"    1 1 1 2 3 4 5 6 7 8 9 9 9 of one suit and one more of that suit
 *
 * The ordinary hand (shape sets, any sets, any tiles, nothing else) is the Single Limit every list
 * must have; at least 12 special hands come beside it.
 */
import listData from "./hand-list.json";
import { tilesAway } from "./match";

export const LIMITS = ["single", "double", "triple"] as const;
export type Limit = (typeof LIMITS)[number];
/** Payout option 2 (RULES §5): Single Limit 25, Double 50, Triple 75. */
export const LIMIT_POINTS: Record<Limit, number> = { single: 25, double: 50, triple: 75 };
export const LIMIT_WORDS: Record<Limit, string> = { single: "Single Limit", double: "Double Limit", triple: "Triple Limit" };

export const SHAPES = ["sets", "pairs", "orphans", "gates"] as const;
export type Shape = (typeof SHAPES)[number];
export const SET_RULES = ["any", "pungs", "chows"] as const;
export type SetRule = (typeof SET_RULES)[number];
/**
 * any: every tile; suits: suit tiles only; one-suit: one suit, no honours; one-suit-honours: one
 * suit and at least one honour; honours: winds and dragons; simples: 2–8; ends: 1s and 9s;
 * ends-honours: 1s, 9s and honours; even: 2, 4, 6, 8.
 */
export const TILE_RULES = ["any", "suits", "one-suit", "one-suit-honours", "honours", "simples", "ends", "ends-honours", "even"] as const;
export type TileRule = (typeof TILE_RULES)[number];

export interface WpHand {
  id: string;
  name: string;
  /** The hand in plain words, as shown in the hand list viewer. */
  text: string;
  limit: Limit;
  concealed: boolean;
  shape: Shape;
  sets?: SetRule;
  tiles?: TileRule;
  kongs?: 4;
  dragonPungs?: number;
  windPungs?: number;
  pair?: "dragon" | "wind";
}

export interface HandList {
  id: string;
  name: string;
  hands: WpHand[];
}

export interface HandProblem {
  /** The hand's id (or "hand N" when it has none); absent for a problem of the whole list. */
  hand?: string;
  message: string;
}

export type HandListCheck = { ok: true; list: HandList } | { ok: false; problems: HandProblem[] };

export const MIN_SPECIAL = 12;
const FIELDS = new Set(["id", "name", "text", "limit", "concealed", "shape", "sets", "tiles", "kongs", "dragonPungs", "windPungs", "pair"]);
const SETS_ONLY = ["sets", "kongs", "dragonPungs", "windPungs", "pair"] as const;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const words = (xs: readonly string[]) => `${xs.slice(0, -1).join(", ")} or ${xs.at(-1)}`;
const whole = (v: unknown, lo: number, hi: number) => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;

/** The ordinary hand: four sets and a pair with nothing special. */
export const isOrdinary = (h: WpHand) =>
  h.shape === "sets" && (h.sets ?? "any") === "any" && (h.tiles ?? "any") === "any" && !h.kongs && !h.dragonPungs && !h.windPungs && !h.pair && !h.concealed;

/** `hand "all-pungs": limit must be single, double or triple` */
export const formatHandProblem = (p: HandProblem) => (p.hand === undefined ? p.message : /^hand \d+$/.test(p.hand) ? `${p.hand}: ${p.message}` : `hand "${p.hand}": ${p.message}`);

function checkHand(raw: unknown, index: number, ids: Set<string>, problems: HandProblem[]): WpHand | null {
  const where = isObject(raw) && typeof raw.id === "string" && raw.id.trim() ? raw.id : `hand ${index + 1}`;
  const say = (message: string) => problems.push({ hand: where, message });
  if (!isObject(raw)) return say("is not an object with id, name, text, limit, concealed and shape"), null;
  const before = problems.length;
  for (const k of Object.keys(raw)) if (!FIELDS.has(k)) say(`has an unknown field "${k}"`);
  if (typeof raw.id !== "string" || !raw.id.trim()) say("has no id");
  else if (ids.has(raw.id)) say("has the same id as another hand");
  else ids.add(raw.id);
  if (typeof raw.name !== "string" || !raw.name.trim()) say("has no name");
  if (typeof raw.text !== "string" || !raw.text.trim()) say("has no text saying the hand in words");
  if (!LIMITS.includes(raw.limit as Limit)) say(`limit must be ${words(LIMITS)}`);
  if (typeof raw.concealed !== "boolean") say("concealed must be true or false");
  if (!SHAPES.includes(raw.shape as Shape)) return say(`shape must be ${words(SHAPES)}`), null;
  const shape = raw.shape as Shape;
  if (raw.sets !== undefined && !SET_RULES.includes(raw.sets as SetRule)) say(`sets must be ${words(SET_RULES)}`);
  if (raw.tiles !== undefined && !TILE_RULES.includes(raw.tiles as TileRule)) say(`tiles must be ${words(TILE_RULES)}`);
  if (raw.kongs !== undefined && raw.kongs !== 4) say("kongs must be 4 (every set a kong) or left out");
  if (raw.dragonPungs !== undefined && !whole(raw.dragonPungs, 1, 3)) say("dragonPungs must be a whole number from 1 to 3");
  if (raw.windPungs !== undefined && !whole(raw.windPungs, 1, 4)) say("windPungs must be a whole number from 1 to 4");
  if (raw.pair !== undefined && raw.pair !== "dragon" && raw.pair !== "wind") say("pair must be dragon or wind");
  if (shape !== "sets") for (const k of SETS_ONLY) if (raw[k] !== undefined) say(`has "${k}", which only a hand of shape sets takes`);
  if ((shape === "orphans" || shape === "gates") && raw.tiles !== undefined) say(`has "tiles", which a hand of shape ${shape} does not take (its tiles are fixed)`);
  if (shape !== "sets" && raw.concealed === false) say(`a hand of shape ${shape} cannot be made with an exposure: it must be concealed`);
  if (problems.length > before) return null;
  const hand: WpHand = { id: raw.id as string, name: raw.name as string, text: raw.text as string, limit: raw.limit as Limit, concealed: raw.concealed as boolean, shape };
  for (const k of ["sets", "tiles", "kongs", "dragonPungs", "windPungs", "pair"] as const) if (raw[k] !== undefined) (hand as unknown as Record<string, unknown>)[k] = raw[k];
  if (tilesAway(hand, { concealed: [] }) === null) return say("cannot be made: no fourteen tiles meet all its conditions"), null;
  return hand;
}

/** Checks hand list data (an object or its JSON text): the list, or every problem found. */
export function validateHandList(data: unknown): HandListCheck {
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch (e) {
      return { ok: false, problems: [{ message: `the hand list is not valid JSON: ${(e as Error).message}` }] };
    }
  }
  if (!isObject(data)) return { ok: false, problems: [{ message: "a hand list is an object with id, name and hands" }] };
  const problems: HandProblem[] = [];
  if (typeof data.id !== "string" || !data.id.trim()) problems.push({ message: "the hand list has no id" });
  if (typeof data.name !== "string" || !data.name.trim()) problems.push({ message: "the hand list has no name" });
  if (!Array.isArray(data.hands) || data.hands.length === 0) {
    problems.push({ message: "the hand list has no hands" });
    return { ok: false, problems };
  }
  const ids = new Set<string>();
  const hands = data.hands.map((raw, i) => checkHand(raw, i, ids, problems));
  if (problems.length) return { ok: false, problems };
  const all = hands as WpHand[];
  const ordinary = all.filter(isOrdinary);
  if (ordinary.length !== 1) problems.push({ message: `the hand list needs exactly one ordinary hand (shape sets, any sets, any tiles, nothing else, not concealed); it has ${ordinary.length}` });
  else if (ordinary[0]!.limit !== "single") problems.push({ hand: ordinary[0]!.id, message: "the ordinary hand is a Single Limit" });
  const special = all.length - ordinary.length;
  if (special < MIN_SPECIAL) problems.push({ message: `the hand list needs at least ${MIN_SPECIAL} special hands beside the ordinary one; it has ${special}` });
  if (problems.length) return { ok: false, problems };
  return { ok: true, list: { id: data.id as string, name: data.name as string, hands: all } };
}

/** The hand list the edition ships (validated when loaded: a bad list fails loudly, at once). */
export const WP_HAND_LIST: HandList = (() => {
  const r = validateHandList(listData);
  if (!r.ok) throw new Error(`the Wright-Patterson hand list is not valid: ${r.problems.map(formatHandProblem).join("; ")}`);
  return r.list;
})();
