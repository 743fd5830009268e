/**
 * Builds a chinese-ming state from tile notation for a rule scenario. Seats not named hold 13
 * unrelated single tiles; every tile not named goes to the wall (144 conserved): `wall` tiles are
 * drawn next, `loose` tiles are the next replacements (the first named is taken first).
 */
import { expect } from "vitest";
import type { Move, Seat } from "../../worker/engine/api";
import { kindsOf } from "../../worker/engine/game/physical";
import { commitment, seedRng } from "../../worker/engine/random";
import { isFlower, parseTile, parseTiles, type Kind } from "../../worker/engine/tiles";
import { chineseMing, type ChineseState } from "../../worker/engine/variants/chinese-ming";
import type { HandSeat } from "../../worker/engine/variants/chinese-ming/state";

const KINDS = kindsOf("chinese");

export interface RigSeat {
  concealed?: string;
  /** Melds, comma-separated; a meld written with a leading "*" is natural (concealed kong). */
  melds?: string;
  flowers?: string;
}

export interface Rig {
  seats?: Partial<Record<Seat, RigSeat>>;
  toAct?: Seat;
  jong?: Seat;
  prevailing?: number;
  wall?: string;
  loose?: string;
  /** Live tiles left in the wall beyond the dead wall (default: everything not named). */
  liveTiles?: number;
  points?: number[];
  lastTile?: ChineseState["hand"]["lastTile"];
  number?: number;
}

export function rig(r: Rig): ChineseState {
  const free = new Map<Kind, number[]>();
  KINDS.forEach((k, id) => free.set(k, [...(free.get(k) ?? []), id]));
  const take = (k: Kind) => {
    const id = free.get(k)?.shift();
    if (id === undefined) throw new Error(`rig: no more ${k} tiles`);
    return id;
  };
  const toAct = r.toAct ?? 0;
  const named = new Set<Kind>();
  const texts = [r.wall, r.loose, ...Object.values(r.seats ?? {}).flatMap((s) => [s?.concealed, s?.melds?.replaceAll("*", ""), s?.flowers])];
  for (const t of texts) if (t) parseTiles(t.replaceAll(",", " ")).forEach((k) => named.add(k));
  const wallFront = r.wall ? parseTiles(r.wall).map(take) : [];
  const looseEnd = r.loose ? parseTiles(r.loose).map(take) : [];
  const seats: HandSeat[] = [0, 1, 2, 3].map((seat) => {
    const d = r.seats?.[seat] ?? {};
    const melds = (d.melds ?? "").split(",").filter((x) => x.trim()).map((text) => {
      const natural = text.trim().startsWith("*");
      const tiles = parseTiles(text.replace("*", "")).map(take);
      return { kind: KINDS[tiles[0]!]!, tiles, claimed: natural ? null : tiles[0]!, from: natural ? null : (seat + 3) % 4, natural };
    });
    return { concealed: d.concealed ? parseTiles(d.concealed).map(take) : [], melds, flowers: d.flowers ? parseTiles(d.flowers).map(take) : [], drawn: null };
  });
  // Fill with singles of kinds the scenario does not use, a different run of kinds per seat.
  const fillers = Array.from({ length: 34 }, (_, k) => k).filter((k) => !named.has(k));
  let at = 0;
  seats.forEach((p, seat) => {
    if (r.seats?.[seat]?.concealed !== undefined) return;
    const want = 13 - p.melds.length * 3 + (seat === toAct ? 1 : 0);
    const used = new Set<Kind>();
    // Unnamed kinds first; when they run out, singles of any kind still free.
    const order = [...fillers.slice(at % Math.max(1, fillers.length)), ...fillers, ...Array.from({ length: 34 }, (_, k) => k)];
    for (const k of order) {
      if (p.concealed.length >= want) break;
      if (used.has(k) || !free.get(k)?.length) continue;
      used.add(k);
      at++;
      p.concealed.push(take(k));
    }
    if (p.concealed.length < want) throw new Error(`rig: cannot fill seat ${seat}`);
  });
  const rest = [...free.values()].flat().sort((a, b) => a - b);
  const plain = rest.filter((id) => !isFlower(KINDS[id]!));
  const flowers = rest.filter((id) => isFlower(KINDS[id]!));
  const middle = Math.floor(plain.length / 2);
  let wall = [...wallFront, ...plain.slice(0, middle), ...flowers, ...plain.slice(middle), ...looseEnd.reverse()];
  if (r.liveTiles !== undefined) {
    // Drop unnamed tiles from the front part so that exactly `liveTiles` remain beyond the dead wall.
    const keep = r.liveTiles + 14;
    const drop = wall.length - keep;
    if (drop < 0) throw new Error("rig: not enough tiles for liveTiles");
    const removed = wall.slice(wallFront.length, wallFront.length + drop);
    wall = [...wallFront, ...wall.slice(wallFront.length + drop)];
    // Conserve the 144: removed tiles count as earlier discards of the seat before.
    return build(r, seats, wall, toAct, removed);
  }
  return build(r, seats, wall, toAct, []);
}

function build(r: Rig, seats: HandSeat[], wall: number[], toAct: Seat, discarded: number[]): ChineseState {
  const seed = "rigged-scenario";
  return {
    ruleset: "chinese-ming",
    options: {},
    commitment: commitment(seed),
    seed,
    rng: seedRng(seed),
    ply: 0,
    players: 4,
    points: r.points ?? [2010, 2010, 2010, 2010],
    preferences: ["ask", "ask", "ask", "ask"],
    hand: {
      number: r.number ?? 0,
      jong: r.jong ?? 0,
      prevailing: r.prevailing ?? 0,
      dice: [3, 4],
      wall,
      seats,
      toAct,
      phase: "discard",
      discards: discarded.map((tile, i) => ({ seat: i % 4, tile })),
      window: null,
      lastTile: r.lastTile ?? "wall",
    },
    hands: [],
    phase: "play",
    ended: null,
    result: null,
  };
}

/** Applies a move that must be legal: it is listed by legalMoves and accepted by apply. */
export function play(s: ChineseState, seat: Seat, move: Move): ChineseState {
  expect(chineseMing.legalMoves(s, seat)).toContainEqual(move);
  const r = chineseMing.apply(s, seat, move);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.state;
}

/** Applies a move that must be refused with `code`, and checks nothing changed. */
export function refused(s: ChineseState, seat: Seat, move: Move, code: string): string {
  const before = JSON.stringify(s);
  const r = chineseMing.apply(s, seat, move);
  expect(r.ok).toBe(false);
  if (r.ok) return "";
  expect(r.code).toBe(code);
  expect(JSON.stringify(s)).toBe(before);
  expect(chineseMing.legalMoves(s, seat)).not.toContainEqual(move);
  return r.message;
}

/** Id of a concealed tile of `kind` held by `seat`. */
export const idOf = (s: ChineseState, seat: Seat, tile: string): number => {
  const k = parseTile(tile);
  const id = s.hand.seats[seat]!.concealed.find((i) => KINDS[i] === k);
  if (id === undefined) throw new Error(`seat ${seat} holds no ${tile}`);
  return id;
};

export const kindsHeld = (s: ChineseState, seat: Seat) => s.hand.seats[seat]!.concealed.map((id) => KINDS[id]!).sort((a, b) => a - b);

/** Everyone asked passes (in turn order). */
export function passAll(s: ChineseState): ChineseState {
  while (s.phase !== "over" && s.hand.phase === "window") s = play(s, s.hand.window!.awaiting[0]!, { type: "pass" });
  return s;
}
