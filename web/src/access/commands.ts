/**
 * The command line's words, pure. A typed line ("discard 3 dot", "pung on rack 2", "pass 3 bam, 4 bam,
 * north", "mah jongg", "hand") becomes a Command (`parseCommand`), and a Command with the moves the
 * engine allows now becomes one move to send, a numbered choice when several fit, or an answer in
 * words (`resolveCommand`). Tiles are named in the ruleset's own words (its head's tile names and
 * its faces' short words, `tileVocabulary`), with the spellings players type besides ("dots", "crack",
 * "5c", "soap", "white dragon").
 */
import type { Move } from "../../../worker/engine/api";
import type { Kind } from "../../../worker/engine/tile-kinds";
import { claimWord } from "./announce";

export type Verb =
  | "discard" | "draw" | "pass" | "stop" | "courtesy" | "claim" | "mahjong" | "swap"
  | "hand" | "discards" | "clock" | "who" | "status" | "last" | "help" | "close" | "pick";

export interface Command {
  verb: Verb;
  tiles: Kind[];
  /** A claim's group: 2 pair, 3 pung, 4 kong, 5 quint, 6 sextet. */
  size?: number;
  chow?: boolean;
  /** Take the discard instead of drawing (Chinese). */
  take?: boolean;
  /** 0-based. */
  rack?: number;
  jokers?: number;
  blind?: number;
  /** A number: the choice picked (1-based), or how many of the last moves to read. */
  n?: number;
}

export type Parsed = { ok: true; command: Command } | { ok: false; message: string };

/** A tile's words, as token lists: "3 dot" is ["3", "dot"]. */
export interface Vocabulary {
  phrases: { tokens: string[]; kind: Kind }[];
  name: (k: Kind) => string;
}

const NUMBER_WORDS: Record<string, string> = { one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", zero: "0", no: "no" };

/** Lower case, words and numbers apart ("5Crak" → "5 crak"), plural "s" dropped, number words as digits, "mah jongg" one word. */
export function tokens(text: string): string[] {
  const t = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/mah[\s-]*jongg?|mahjongg?|\bmj\b/g, " mahjong ")
    .replace(/[()'’,.;:!?/\\-]+/g, " ")
    .replace(/(\d)([a-z])/g, "$1 $2")
    .replace(/([a-z])(\d)/g, "$1 $2");
  return t
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => NUMBER_WORDS[w] ?? w)
    // plurals as their singular ("dots", "craks", "jokers"), not "pass", "status" or "this"
    .map((w) => (w.length > 3 && /[^sui]s$/.test(w) ? w.slice(0, -1) : w));
}

const SUIT_WORDS = [
  ["bam", "bamboo", "b", "bams"],
  ["crak", "crack", "character", "char", "c", "cr"],
  ["dot", "circle", "circ", "d", "ci"],
];
const WIND_WORDS = [["north", "n"], ["east", "e"], ["west", "w"], ["south", "s"]];
const DRAGON_WORDS = [["red", "r", "red dragon"], ["green", "g", "green dragon"], ["white", "soap", "0", "white dragon", "wh"]];

/**
 * The words of the tiles `kinds`: each tile's own names (`names`: the ruleset's tile words, as read
 * on its buttons and in its messages) and the spellings players type besides.
 */
export function tileVocabulary(kinds: readonly Kind[], names: ((k: Kind) => string)[]): Vocabulary {
  const phrases: Vocabulary["phrases"] = [];
  const add = (kind: Kind, words: string) => {
    const tk = tokens(words);
    if (tk.length && !phrases.some((p) => p.kind === kind && p.tokens.join(" ") === tk.join(" "))) phrases.push({ tokens: tk, kind });
  };
  for (const k of new Set(kinds)) {
    // "Season 3 (blue)" also as "season 3"
    for (const n of names) add(k, n(k)), add(k, n(k).replace(/\s*\(.*\)/, ""));
    if (k < 27) for (const w of SUIT_WORDS[Math.floor(k / 9)]!) add(k, `${(k % 9) + 1} ${w}`);
    else if (k < 31) for (const w of WIND_WORDS[k - 27]!) add(k, w), add(k, `${w} wind`);
    else if (k < 34) for (const w of DRAGON_WORDS[k - 31]!) add(k, w);
    else if (k === 34) add(k, "flower"), add(k, "f");
    else if (k === 35) add(k, "joker"), add(k, "j");
  }
  return { phrases, name: names[0]! };
}

/** The longest tile phrase at `at`, and how many tokens it takes. */
function tileAt(ws: string[], at: number, v: Vocabulary): { kind: Kind; len: number } | null {
  let best: { kind: Kind; len: number } | null = null;
  for (const p of v.phrases) {
    if (p.tokens.length > ws.length - at || (best && p.tokens.length <= best.len)) continue;
    if (p.tokens.every((t, i) => t === ws[at + i])) best = { kind: p.kind, len: p.tokens.length };
  }
  return best;
}

const VERBS: Record<string, Verb> = {
  discard: "discard", throw: "discard", d: "discard", drop: "discard", toss: "discard",
  draw: "draw", w: "draw", wall: "draw",
  pass: "pass", p: "pass", skip: "pass",
  stop: "stop",
  courtesy: "courtesy", offer: "courtesy",
  claim: "claim", call: "claim", c: "claim", pair: "claim", pung: "claim", pong: "claim", kong: "claim", quint: "claim", sextet: "claim", chow: "claim", take: "claim",
  mahjong: "mahjong", m: "mahjong", woo: "mahjong", declare: "mahjong",
  swap: "swap", exchange: "swap", redeem: "swap",
  hand: "hand", h: "hand", tile: "hand", rack: "hand", mine: "hand",
  discard_: "discards", pile: "discards",
  clock: "clock", time: "clock", timer: "clock",
  who: "who", player: "who", other: "who", seat: "who", opponent: "who", table: "who",
  status: "status", what: "status", turn: "status", now: "status", where: "status",
  last: "last", move: "last", log: "last", history: "last", event: "last",
  help: "help", command: "help", key: "help",
  close: "close", exit: "close", quit: "close",
};
const SIZES: Record<string, number> = { pair: 2, pung: 3, pong: 3, kong: 4, quint: 5, sextet: 6 };
const FILLER = new Set(["the", "a", "an", "of", "on", "from", "with", "for", "tile", "and", "please", "i", "to", "it", "my", "your", "in", "me", "them", "card", "line", "hand", "wall", "discard", "instead", "drawing", "mahjong", "go", "declare"]);

/** A line as typed → a Command, or why it is not one. */
export function parseCommand(text: string, v: Vocabulary): Parsed {
  // "discards" keeps its s: it is a command of its own, not "discard"
  const raw = text.trim().toLowerCase();
  if (!raw) return { ok: false, message: "Type a command, or help to hear them all." };
  if (raw === "?") return { ok: true, command: { verb: "help", tiles: [] } };
  const ws = tokens(text);
  if (/^(discards|pile)\b/.test(raw)) ws[0] = "discard_";
  if (ws.length === 1 && /^\d+$/.test(ws[0]!)) return { ok: true, command: { verb: "pick", tiles: [], n: Number(ws[0]) } };
  // "call mah jongg", "claim mahjong": Mah Jongg with the discard
  const verb = VERBS[ws[0]!] === "claim" && ws.includes("mahjong") ? "mahjong" : VERBS[ws[0]!];
  if (!verb) return { ok: false, message: `I do not know "${text.trim()}". Type help to hear the commands.` };
  const c: Command = { verb, tiles: [] };
  if (SIZES[ws[0]!]) c.size = SIZES[ws[0]!];
  if (ws[0] === "chow") c.chow = true;
  if (ws[0] === "take") c.take = true;
  const claimish = verb === "claim" || verb === "mahjong";
  for (let i = 1; i < ws.length; ) {
    const w = ws[i]!, nx = ws[i + 1];
    const num = (x: string | undefined) => (x !== undefined && /^\d+$/.test(x) ? Number(x) : null);
    if ((w === "rack" || w === "r") && num(nx) !== null) {
      c.rack = num(nx)! - 1;
      i += 2;
    } else if (w === "blind" && num(nx) !== null) {
      c.blind = num(nx)!;
      i += 2;
    } else if (num(w) !== null && nx === "blind") {
      c.blind = num(w)!;
      i += 2;
    } else if (claimish && (w === "no" || num(w) !== null) && (nx === "joker" || nx === "j")) {
      c.jokers = w === "no" ? 0 : num(w)!;
      i += 2;
    } else if (claimish && (w === "jokerless" || (w === "without" && nx === "joker"))) {
      c.jokers = 0;
      i += w === "jokerless" ? 1 : 2;
    } else if (claimish && SIZES[w]) {
      c.size = SIZES[w];
      i++;
    } else if (claimish && w === "chow") {
      c.chow = true;
      i++;
    } else if (FILLER.has(w) && !tileAt(ws, i, v)) {
      i++;
    } else {
      const t = tileAt(ws, i, v);
      if (t) {
        c.tiles.push(t.kind);
        i += t.len;
      } else if (num(w) !== null && nx === undefined && (verb === "last" || claimish)) {
        if (verb === "last") c.n = num(w)!;
        else c.rack = num(w)! - 1;
        i++;
      } else return { ok: false, message: `I did not understand "${num(w) !== null && nx ? `${w} ${nx}` : w}" in "${text.trim()}". Tiles go by their names, like 3 dot, 7 crak, north, red, joker.` };
    }
  }
  return { ok: true, command: c };
}

/** What a command comes to. */
export type Outcome =
  | { kind: "move"; move: Move }
  /** Several moves fit: the player picks one by its number. */
  | { kind: "choose"; choices: Move[] }
  | { kind: "say"; text: string }
  /** A question about the table, answered from the view (reading.ts). */
  | { kind: "read"; what: "hand" | "discards" | "clock" | "who" | "status" | "last" | "help"; n?: number }
  | { kind: "close" };

export interface Context {
  /** The moves the engine allows you now (standing orders and call preferences included or not: they are left out). */
  legal: Move[];
  /** Your concealed tiles. */
  mine: { id: number; kind: Kind }[];
  /** The choices offered by the last answer, for a number typed next. */
  offered: Move[];
  /** The tile a joker move gives (the exposure's kind), where the table knows it. */
  jokerKind?: (m: Move) => Kind | undefined;
  /** Tiles in the ruleset's words. */
  name: (k: Kind) => string;
}

const MAHJONG = new Set(["mahjong", "claim-mahjong", "call-mahjong", "woo"]);
const GROUP_SIZE: Record<string, number> = { pung: 3, kong: 4 };
const sizeOf = (m: Move) => (typeof m.size === "number" ? m.size : GROUP_SIZE[typeof m.set === "string" ? m.set : m.type]);
const CLAIM_WORDS: Record<number, string> = { 2: "a pair", 3: "a pung", 4: "a kong", 5: "a quint", 6: "a sextet" };
const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Ids of your tiles for these kinds, each tile once (null: you do not hold them all). */
function idsFor(kinds: Kind[], mine: Context["mine"]): number[] | null {
  const used = new Set<number>();
  for (const k of kinds) {
    const t = mine.find((x) => x.kind === k && !used.has(x.id));
    if (!t) return null;
    used.add(t.id);
  }
  return [...used].sort((a, b) => a - b);
}

/** One move, or a choice among several, or why none. */
function oneOf(found: Move[], none: string): Outcome {
  if (!found.length) return { kind: "say", text: none };
  return found.length === 1 ? { kind: "move", move: found[0]! } : { kind: "choose", choices: found };
}

export function resolveCommand(c: Command, ctx: Context): Outcome {
  const legal = ctx.legal.filter((m) => m.type !== "preference" && m.type !== "orders");
  const has = (t: string) => legal.some((m) => m.type === t);
  const charleston = legal.some((m) => (m.type === "pass" && Array.isArray(m.tiles)) || m.type === "courtesy");
  const missing = () => {
    const held = new Set(ctx.mine.map((t) => t.kind));
    const k = c.tiles.find((x) => !held.has(x));
    return k === undefined ? null : `You have no ${ctx.name(k)}.`;
  };
  switch (c.verb) {
    case "hand": case "discards": case "clock": case "who": case "status": case "last": case "help":
      return { kind: "read", what: c.verb, n: c.n };
    case "close":
      return { kind: "close" };
    case "pick": {
      const m = ctx.offered[(c.n ?? 0) - 1];
      if (!ctx.offered.length) return { kind: "say", text: "There is no choice to pick from now." };
      return m ? { kind: "move", move: m } : { kind: "say", text: `Pick a number from 1 to ${ctx.offered.length}.` };
    }
    case "draw":
      if (has("draw")) return { kind: "move", move: legal.find((m) => m.type === "draw")! };
      return { kind: "say", text: has("discard") ? "You have your tiles: discard one, like discard 3 dot." : "You cannot draw now." };
    case "discard": {
      if (c.tiles.length !== 1) return { kind: "say", text: "Say which tile to discard, like discard 3 dot." };
      if (!has("discard")) return { kind: "say", text: has("draw") ? "Draw first: type draw." : "You cannot discard now." };
      const k = c.tiles[0]!;
      const m = legal.find((x) => x.type === "discard" && ctx.mine.some((t) => t.id === x.tile && t.kind === k));
      if (m) return { kind: "move", move: m };
      return { kind: "say", text: missing() ?? `You cannot discard the ${ctx.name(k)} now.` };
    }
    case "pass": {
      if (!charleston) {
        if (c.tiles.length) return { kind: "say", text: "Tiles are passed only in the Charleston." };
        const m = legal.find((x) => x.type === "pass");
        return m ? { kind: "move", move: m } : { kind: "say", text: "Nothing to pass now." };
      }
      if (!legal.some((m) => m.type === "pass")) return { kind: "say", text: "This is the courtesy pass: type courtesy and up to 3 tiles, or courtesy alone to offer none." };
      const blind = c.blind ?? 0;
      if (c.tiles.length !== 3 - blind) return { kind: "say", text: `Say ${3 - blind === 1 ? "the tile" : `the ${3 - blind} tiles`} to pass, like pass 3 dot, 5 bam, north${legal.some((m) => Number(m.blind) > 0) ? " (or pass 2 tiles and blind 1)" : ""}.` };
      if (c.tiles.includes(35)) return { kind: "say", text: "Jokers are never passed." };
      const ids = idsFor(c.tiles, ctx.mine);
      if (!ids) return { kind: "say", text: missing() ?? "You do not hold all of those tiles." };
      const m = legal.find((x) => x.type === "pass" && Number(x.blind ?? 0) === blind && Array.isArray(x.tiles) && same([...(x.tiles as number[])].sort((a, b) => a - b), ids));
      return m ? { kind: "move", move: m } : { kind: "say", text: blind ? "A blind pass is allowed only on the first Charleston's left and the second's right." : "Those tiles cannot be passed." };
    }
    case "courtesy": {
      if (!has("courtesy")) return { kind: "say", text: "The courtesy pass comes after the Charleston." };
      const ids = idsFor(c.tiles, ctx.mine);
      if (!ids) return { kind: "say", text: missing() ?? "You do not hold all of those tiles." };
      const m = legal.find((x) => x.type === "courtesy" && same([...(x.tiles as number[])].sort((a, b) => a - b), ids));
      return m ? { kind: "move", move: m } : { kind: "say", text: "Offer at most 3 tiles, never a joker." };
    }
    case "stop":
      return oneOf(legal.filter((m) => m.type === "stop"), "The Charleston can be stopped only on the second Charleston's first pass.");
    case "mahjong": {
      const all = legal.filter((m) => MAHJONG.has(m.type));
      const found = all.filter((m) => c.rack === undefined || m.rack === c.rack);
      return oneOf(found, all.length ? `No Mah Jongg on rack ${(c.rack ?? 0) + 1}.` : "You cannot declare Mah Jongg now.");
    }
    case "swap": {
      const all = legal.filter((m) => m.type === "joker");
      const found = all.filter((m) => !c.tiles.length || ctx.jokerKind?.(m) === c.tiles[0]);
      return oneOf(found, all.length ? `No joker to swap for the ${ctx.name(c.tiles[0]!)}.` : "No joker can be swapped now.");
    }
    case "claim": {
      // a kong of your own tiles (laid out in your turn), named by its tile ("kong 5 dot")
      const laid = legal.filter((m) => m.type === "kong" && m.kind !== undefined && (c.rack === undefined || m.rack === c.rack));
      if (c.tiles.length && (c.size === 4 || c.size === undefined) && laid.length) return oneOf(laid.filter((m) => m.kind === c.tiles[0]), `You cannot lay out a kong of ${ctx.name(c.tiles[0]!)} now.`);
      const claims = legal.filter((m) => claimWord(m) !== null);
      let found = claims.filter((m) => (c.size === undefined || sizeOf(m) === c.size) && (!c.chow || claimWord(m) === "chow") && (!c.take || m.type === "take") && (c.rack === undefined || m.rack === c.rack) && (c.jokers === undefined || Number(m.jokers ?? 0) === c.jokers));
      // jokers not said: the fewest each way of claiming needs
      if (c.jokers === undefined) found = found.filter((m) => !found.some((o) => o !== m && sizeOf(o) === sizeOf(m) && o.rack === m.rack && claimWord(o) === claimWord(m) && Number(o.jokers ?? 0) < Number(m.jokers ?? 0)));
      // "kong" in your own turn: the kong you may lay out, if it is the only one
      if (!found.length && c.size === 4 && !claims.length) return oneOf(laid, "You cannot claim or lay out a kong now.");
      if (found.length) return oneOf(found, "");
      if (!claims.length) return { kind: "say", text: has("draw") || has("discard") ? "There is no discard you can claim now." : "Nothing to claim now." };
      const ways = [...new Set(claims.map(claimWord))].join(", ");
      return { kind: "say", text: `You cannot ${c.take ? "take it" : `claim it for ${c.chow ? "a chow" : c.size ? CLAIM_WORDS[c.size] : "that"}`}${c.rack !== undefined ? ` on rack ${c.rack + 1}` : ""}; you may claim: ${ways}.` };
    }
  }
}
