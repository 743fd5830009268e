/**
 * The table as the web app draws it, read from the engine's view (viewFor) of a Siamese game.
 * Tiles travel as physical ids (or {id, kind}); an id's kind is its index in the American set.
 */
import { JOKER, tileName, tileSets, type Kind } from "../../../worker/engine/tiles";

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
  mahjong: { line: string; value: number; jokerless: boolean; turn: number; tiles: T[]; groups: { kind: Kind; size: number; jokers: number }[] } | null;
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

export interface TableM {
  seats: SeatM[];
  wall: number;
  turn: number;
  toAct: number | null;
  phase: "draw" | "discard" | "over";
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
          ? { line: String(r.mahjong.line), value: num(r.mahjong.value), jokerless: !!r.mahjong.jokerless, turn: num(r.mahjong.turn, -1), tiles: asTs(r.mahjong.tiles), groups: r.mahjong.groups ?? [] }
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
    phase: v.phase === "discard" || v.phase === "over" ? v.phase : "draw",
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

/** Where another seat sits from yours: across at two; at four play goes counter-clockwise, so the next seat is on your right. */
export type Place = "across" | "left" | "right";
export function seatPlace(me: number, s: number, players: number): Place {
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
export function moveList(events: { version: number; text: string }[]): { version: number; text: string }[] {
  return events.filter((e) => e.text).slice().reverse();
}

/** The seat that plays first in a hand of four (the American East). */
export const WINDS4 = ["East", "South", "West", "North"] as const;
