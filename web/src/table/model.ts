/**
 * The table as the web app draws it, read from the engine's view (viewFor) of a Siamese game.
 * Tiles travel as physical ids (or {id, kind}); an id's kind is its index in the American set.
 */
import type { Move } from "../../../worker/engine/api";
import { JOKER, tileName, tileSets, type Kind } from "../../../worker/engine/tile-kinds";

const KINDS = tileSets("american", 1);
export const kindOfId = (id: number): Kind => KINDS[id] ?? -1;

export interface T {
  id: number;
  kind: Kind;
}

export interface ExposureM {
  kind: Kind;
  tiles: T[];
  claimedId: number | null;
  turn: number;
  killed: boolean;
}

export interface RackM {
  exposures: ExposureM[];
  /** `label`: the hand's name where the view names it (a hand list's hand), else null (a card line, named from the card). */
  mahjong: { line: string; label?: string | null; value: number; jokerless: boolean; turn: number; tiles: T[]; groups: { kind: Kind; size: number; jokers: number }[] } | null;
  dead: { message: string } | null;
}

export interface SeatM {
  /** Concealed tiles when visible (own seat, or everyone after the end); otherwise only the count. */
  pool: T[] | null;
  poolCount: number;
  racks: RackM[];
  drawn: number | null;
  stopped: boolean;
  /** Going for the Atomic hand (RULES §3): public, everyone sees it. */
  atomic: boolean;
  /** The 13 tiles the Atomic hand keeps on rack 1, where the pool is shown (never the drawn tile); otherwise null. */
  atomicTiles: T[] | null;
}

/** A claim window (Royale with 3–4 players): the discard the others may claim, who is still awaited, your own answer only. */
export interface WindowM {
  discarder: number;
  tile: T;
  awaiting: number[];
  asked: boolean;
  answered: boolean;
  yourAnswer: { type: string; rack?: number; size?: number; jokers?: number; line?: string } | null;
  hours: number;
}

export interface TableM {
  seats: SeatM[];
  wall: number;
  turn: number;
  toAct: number | null;
  phase: "draw" | "discard" | "window" | "over";
  /** The open claim window (games where any player may claim a discard), else null. */
  window: WindowM | null;
  /** Your call preference in games with claim windows ("ask" | "mahjong" | "never"), else null. */
  preference: string | null;
  discards: { seat: number; tile: T }[];
  claimable: { seat: number; tile: T } | null;
  seed: string | null;
  die: number | null;
}

const asT = (x: unknown): T | null => {
  if (typeof x === "number") return { id: x, kind: kindOfId(x) };
  if (x && typeof x === "object") {
    const o = x as { id?: unknown; kind?: unknown };
    const id = typeof o.id === "number" ? o.id : -1;
    const kind = typeof o.kind === "number" ? o.kind : id >= 0 ? kindOfId(id) : -1;
    return kind >= 0 ? { id, kind } : null;
  }
  return null;
};
const asTs = (xs: unknown): T[] => (Array.isArray(xs) ? xs.map(asT).filter((t): t is T => t !== null) : []);
const num = (x: unknown, d = 0) => (typeof x === "number" ? x : Array.isArray(x) ? x.length : d);

/** Reads the engine's view defensively: counts or tiles, ids or {id, kind}. */
export function readTable(view: unknown): TableM | null {
  if (!view || typeof view !== "object") return null;
  const v = view as Record<string, any>;
  if (!Array.isArray(v.seats)) return null;
  const seats: SeatM[] = v.seats.map((s: any) => {
    const src = s.concealed ?? s.pool;
    const pool = Array.isArray(src) && !src.some((x: unknown) => x === null) ? asTs(src) : null;
    return {
      pool,
      poolCount: pool ? pool.length : num(s.concealedCount ?? s.poolCount ?? src),
      racks: (s.racks ?? []).map((r: any) => ({
        exposures: (r.exposures ?? []).map((e: any) => {
          const tiles = asTs(e.tiles);
          return {
            kind: typeof e.kind === "number" ? e.kind : (tiles.find((t) => t.kind !== JOKER)?.kind ?? JOKER),
            tiles,
            claimedId: typeof e.claimed === "number" ? e.claimed : (asT(e.claimed)?.id ?? null),
            turn: num(e.turn, -1),
            killed: !!e.killed,
          };
        }),
        mahjong: r.mahjong
          ? { line: String(r.mahjong.line), label: typeof r.mahjong.label === "string" ? r.mahjong.label : null, value: num(r.mahjong.value), jokerless: !!r.mahjong.jokerless, turn: num(r.mahjong.turn, -1), tiles: asTs(r.mahjong.tiles), groups: r.mahjong.groups ?? [] }
          : null,
        dead: r.dead ? { message: String(r.dead.message ?? "This hand is dead.") } : null,
      })),
      drawn: typeof s.drawn === "number" ? s.drawn : (asT(s.drawn)?.id ?? null),
      stopped: !!s.stopped,
      atomic: !!s.atomic,
      atomicTiles: Array.isArray(s.atomicTiles) ? asTs(s.atomicTiles) : null,
    };
  });
  const disc = (d: any) => (d ? { seat: num(d.seat), tile: asT(d.tile)! } : null);
  return {
    seats,
    wall: num(v.wall ?? v.wallCount),
    turn: num(v.turn),
    toAct: typeof v.toAct === "number" ? v.toAct : null,
    phase: v.phase === "discard" || v.phase === "over" || v.phase === "window" ? v.phase : "draw",
    window:
      v.window && asT(v.window.tile)
        ? {
            discarder: num(v.window.discarder),
            tile: asT(v.window.tile)!,
            awaiting: Array.isArray(v.window.awaiting) ? v.window.awaiting.filter((x: unknown) => typeof x === "number") : [],
            asked: !!v.window.asked,
            answered: !!v.window.answered,
            yourAnswer: v.window.yourAnswer && typeof v.window.yourAnswer === "object" ? v.window.yourAnswer : null,
            hours: num(v.window.hours, 12),
          }
        : null,
    preference: typeof v.preference === "string" ? v.preference : null,
    discards: Array.isArray(v.discards) ? (v.discards.map(disc).filter((d: any) => d && d.tile) as { seat: number; tile: T }[]) : [],
    claimable: v.claimable ? disc(v.claimable) : null,
    seed: typeof v.seed === "string" && v.seed ? v.seed : null,
    die: typeof v.die === "number" ? v.die : null,
  };
}

/** Sorting the concealed tiles: by suit then number, or by number then suit. Jokers last, flowers before them. */
export function sortTiles(tiles: T[], by: "suit" | "number"): T[] {
  const key = (k: Kind) => {
    if (k < 27) return by === "suit" ? k : (k % 9) * 3 + Math.floor(k / 9);
    return 100 + k;
  };
  return [...tiles].sort((a, b) => key(a.kind) - key(b.kind) || a.id - b.id);
}

export const names = (tiles: T[]) => tiles.map((t) => tileName(t.kind));

/** Your folded racks (Royale on a phone): the rack you opened, or once it has no tiles left (declared) the first that has some. */
export const rackToOpen = (opened: number | null, tileCounts: number[]): number | null =>
  opened !== null && !tileCounts[opened] ? tileCounts.findIndex((n) => n > 0) : opened;

/** Where another seat sits from yours: across at two; at four play goes counter-clockwise, so the next seat is on your right. */
export type Place = "across" | "left" | "right";
export function seatPlace(me: number, s: number, players: number): Place {
  // three players: the next one (to your right in turn) on your right, the other on your left
  if (players === 3) return (s - me + 3) % 3 === 1 ? "right" : "left";
  if (players !== 4) return "across";
  return (["across", "right", "across", "left"] as const)[(s - me + 4) % 4]!;
}

/** Each seat's own discards in the order thrown (public: everyone saw them land). */
export function discardsBySeat<D extends { seat: number; tile: { id: number; kind: Kind } }>(discards: D[], players: number): { id: number; kind: Kind }[][] {
  const rows = Array.from({ length: players }, () => [] as { id: number; kind: Kind }[]);
  for (const d of discards) rows[d.seat]?.push(d.tile);
  return rows;
}

/** The move list on the table: who did what, newest first (events with no words for this seat are left out). */
export function moveList<E extends { version: number; text: string }>(events: E[]): E[] {
  return events.filter((e) => e.text).slice().reverse();
}

/** The seat that plays first in a hand of four (the American East). */
export const WINDS4 = ["East", "South", "West", "North"] as const;

/**
 * Which of the player's racks each concealed tile sits on (Siamese two, Royale four). The engine
 * keeps one pool (RULES §3: concealed tiles move between racks freely), so this is the player's
 * own arrangement.
 */
export type Arrangement = [number[], number[], ...number[][]];

/** Racks as an Arrangement (at least two). */
const racksOf = (xs: number[][]): Arrangement => [xs[0] ?? [], xs[1] ?? [], ...xs.slice(2)];

const rackSize = (r: RackM | undefined) => (r ? r.exposures.reduce((n, e) => n + e.tiles.length, 0) + (r.mahjong ? r.mahjong.tiles.length : 0) : 0);

/**
 * The racks of a player going for the Atomic hand (RULES §3): rack 1 is exactly the Atomic
 * tiles, in the player's order, a tile that just took a discarded tile's place standing where
 * that tile stood; rack 2 holds the rest of the pool (the drawn tile included) in the player's order.
 */
export function atomicRacks(prev: Arrangement | null, pool: T[], atomic: T[], racks = 2): Arrangement {
  const on1 = new Set(atomic.map((t) => t.id));
  const kept = (prev?.[0] ?? []).filter((id) => on1.has(id));
  const newcomers = sortTiles(atomic.filter((t) => !kept.includes(t.id)), "suit").map((t) => t.id);
  const rack1: number[] = [];
  for (const id of prev?.[0] ?? []) {
    if (on1.has(id)) rack1.push(id);
    else if (newcomers.length && !pool.some((t) => t.id === id)) rack1.push(newcomers.shift()!); // the discarded tile's place
  }
  rack1.push(...newcomers);
  const rest = pool.filter((t) => !on1.has(t.id));
  const restIds = new Set(rest.map((t) => t.id));
  const rack2 = [...(prev?.[1] ?? []), ...(prev?.[0] ?? [])].filter((id) => restIds.has(id));
  // more racks (Royale): racks 3 onwards keep their tiles, newcomers go to rack 2
  const others = Array.from({ length: racks - 2 }, (_, i) => (prev?.[i + 2] ?? []).filter((id) => restIds.has(id) && !rack2.includes(id)));
  const placed = new Set([...rack2, ...others.flat()]);
  rack2.push(...sortTiles(rest.filter((t) => !placed.has(t.id)), "suit").map((t) => t.id));
  return [rack1, rack2, ...others];
}

/**
 * Brings an arrangement up to date with the pool: tiles that left are dropped, new tiles go
 * to the rack that is furthest from 14 (a declared or dead rack takes nothing new if the other can),
 * and so do the tiles left on a rack once it is declared.
 */
export function reconcile(prev: Arrangement | null, pool: T[], racks: RackM[]): Arrangement {
  const ids = new Set(pool.map((t) => t.id));
  const n = Math.max(2, racks.length);
  if (!prev || prev.length !== n) {
    // the first racks filled up to 14 each, the last takes the rest
    const sorted = sortTiles(pool, "suit").map((t) => t.id);
    const out: number[][] = [];
    let at = 0;
    for (let i = 0; i < n - 1; i++) {
      const take = Math.max(0, 14 - rackSize(racks[i]));
      out.push(sorted.slice(at, at + take));
      at += take;
    }
    out.push(sorted.slice(at));
    return racksOf(out);
  }
  // a declared rack holds no concealed tiles: those left on it are still in play, on the open racks
  const open = racks.some((r) => !r.mahjong);
  const out = racksOf(prev.map((r, i) => (open && racks[i]?.mahjong ? [] : r.filter((id) => ids.has(id)))));
  const placed = new Set(out.flat());
  for (const t of pool) {
    if (placed.has(t.id)) continue;
    const closed = (i: number) => !!racks[i]?.mahjong || !!racks[i]?.dead;
    const room = (i: number) => (closed(i) ? -100 : 14 - rackSize(racks[i]) - out[i]!.length);
    // the rack with the most room (the first of equals)
    let to = 0;
    for (let i = 1; i < n; i++) if (room(i) > room(to)) to = i;
    out[to]!.push(t.id);
  }
  return out;
}

/** Rack 1 of a player going for the Atomic hand holds the engine's 13 tiles, not the player's arrangement. */
export const atomicOf = (seat: SeatM): T[] | null => (seat.atomic && seat.atomicTiles ? seat.atomicTiles : null);

/** The tile an Atomic player drew this turn: it belongs to no rack until the discard, so it is shown apart. */
export function apartOf(seat: SeatM): T | undefined {
  const atomic = atomicOf(seat);
  if (!atomic || seat.drawn === null || atomic.some((x) => x.id === seat.drawn)) return undefined;
  return (seat.pool ?? []).find((x) => x.id === seat.drawn);
}

/** The arrangement brought up to date with the seat's pool (and Atomic rack). */
export function arrange(prev: Arrangement | null, seat: SeatM): Arrangement {
  const pool = seat.pool ?? [];
  const atomic = atomicOf(seat);
  return atomic ? atomicRacks(prev, pool, atomic, Math.max(2, seat.racks.length)) : reconcile(prev, pool, seat.racks);
}

/** The concealed tiles on rack i, in the player's order (the tile shown apart is on neither). */
export function rackTiles(arr: Arrangement, seat: SeatM, i: number): T[] {
  const byId = new Map((seat.pool ?? []).map((x) => [x.id, x]));
  const apart = apartOf(seat)?.id;
  return (arr[i] ?? []).map((id) => byId.get(id)).filter((x): x is T => !!x && x.id !== apart);
}

/** What the Siamese table keeps of its own between answers from the server. */
export interface TableState {
  /** The player's split of the concealed pool between the two racks. */
  arr: Arrangement;
  /** Tiles tapped, in order. */
  selected: number[];
  /** A move chosen and waiting for the player's confirmation. */
  pending: Move | null;
  /** The Atomic picker is open. */
  picking: boolean;
  /** The pool (and Atomic rack) and the allowed moves of the last state from the server, to tell a new one from a fresh copy. */
  poolKey: string;
  legalKey: string;
}

export type TableAction =
  /** A state of the game arrived (the same one again changes nothing). */
  | { type: "server"; seat: SeatM; legal: Move[] }
  /** Tap a tile: select it, or unselect it when selected (a pending choice is dropped). */
  | { type: "select"; id: number }
  | { type: "unselect" }
  /** Move the selected tiles to rack `to` (Siamese: the other rack). */
  | { type: "move"; to: number }
  | { type: "sort"; by: "suit" | "number"; seat: SeatM }
  /** Choose a move to confirm (an exposure, a claim, Mah Jongg…), or cancel the choice with null. */
  | { type: "choose"; move: Move | null }
  | { type: "picker"; open: boolean }
  /** The Atomic tiles were chosen and sent. */
  | { type: "atomic-sent" };

const poolKeyOf = (seat: SeatM) => {
  const atomic = atomicOf(seat);
  return (seat.pool ?? []).map((x) => x.id).sort((a, b) => a - b).join(",") + (atomic ? `|${atomic.map((x) => x.id).join(",")}` : "");
};

export function initTableState(seat: SeatM, legal: Move[], saved: Arrangement | null): TableState {
  return { arr: arrange(saved, seat), selected: [], pending: null, picking: false, poolKey: poolKeyOf(seat), legalKey: JSON.stringify(legal) };
}

export function tableReducer(s: TableState, a: TableAction): TableState {
  switch (a.type) {
    case "server": {
      const poolKey = poolKeyOf(a.seat);
      const legalKey = JSON.stringify(a.legal);
      if (poolKey === s.poolKey && legalKey === s.legalKey) return s;
      const next = { ...s, poolKey, legalKey };
      if (poolKey !== s.poolKey) {
        const pool = a.seat.pool ?? [];
        next.arr = arrange(s.arr, a.seat);
        next.selected = s.selected.filter((id) => pool.some((x) => x.id === id));
      }
      if (legalKey !== s.legalKey) {
        // A fresh copy of the same view keeps the choice; it goes only when the move is no longer allowed.
        next.pending = s.pending && legalKey.includes(JSON.stringify(s.pending)) ? s.pending : null;
        if (!a.legal.some((m) => m.type === "atomic")) next.picking = false;
      }
      return next;
    }
    case "select":
      return { ...s, pending: null, selected: s.selected.includes(a.id) ? s.selected.filter((x) => x !== a.id) : [...s.selected, a.id] };
    case "unselect":
      return { ...s, selected: [] };
    case "move": {
      // the selected tiles of every other rack join rack `to`, in rack order
      const moving = s.arr.flatMap((r, i) => (i === a.to ? [] : r.filter((id) => s.selected.includes(id))));
      const arr = racksOf(s.arr.map((r, i) => (i === a.to ? [...r, ...moving] : r.filter((id) => !s.selected.includes(id)))));
      return { ...s, arr, selected: [] };
    }
    case "sort":
      return { ...s, arr: racksOf(s.arr.map((_, i) => sortTiles(rackTiles(s.arr, a.seat, i), a.by).map((x) => x.id))) };
    case "choose":
      return { ...s, pending: a.move };
    case "picker":
      return { ...s, picking: a.open };
    case "atomic-sent":
      return { ...s, picking: false, selected: [] };
  }
}
