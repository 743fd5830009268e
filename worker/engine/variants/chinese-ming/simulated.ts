/**
 * Four somewhat purposeful random chinese-ming players for simulations (tests, `npm run cli --
 * simulate --ruleset chinese-ming`, the benchmark): Woo whenever they can, pung and kong often, now
 * and then take a discard that matches a tile held, discard their loneliest tile. Also the Chinese
 * invariants beyond the generic ones (13/14 held, melds of one kind, points conserved).
 */
import type { GameOptions, Move, Seat } from "../../api";
import { nextInt, nextU32, seedRng, type RngState } from "../../random";
import { simulate, InvariantError, must, type PlayerFor, type Simulation } from "../../game/simulate";
import { countKinds } from "../../tiles";
import { chineseMing } from "./index";
import { KINDS } from "./deal";
import type { ChineseState } from "./state";

export { InvariantError };

/** 144 tiles, each in one place; 13 held (kongs as three) by every seat but the one to discard (14). */
export function checkInvariants(s: ChineseState): void {
  const h = s.hand;
  const seen = new Set<number>();
  const put = (id: number) => {
    must(!seen.has(id), `tile ${id} is in two places`);
    seen.add(id);
  };
  h.wall.forEach(put);
  h.discards.forEach((d) => put(d.tile));
  h.seats.forEach((p, seat) => {
    p.concealed.forEach(put);
    p.flowers.forEach(put);
    p.melds.forEach((m) => m.tiles.forEach(put));
    const n = p.concealed.length + p.melds.length * 3;
    if (s.phase !== "over") must(n === (h.phase === "discard" && h.toAct === seat ? 14 : 13), `seat ${seat} holds ${n} in phase ${h.phase}`);
    p.melds.forEach((m) => must(m.tiles.every((id) => KINDS[id] === m.kind) && m.tiles.length >= 3, `seat ${seat} has a broken meld`));
  });
  if (s.phase !== "over") must(seen.size === 144, `${seen.size} tiles instead of 144`);
  must(s.points.reduce((a, b) => a + b, 0) === 4 * 2010, `points sum to ${s.points.reduce((a, b) => a + b, 0)}`);
}

/** No tile a view shows may be hidden from that seat: other seats' concealed tiles, the wall. */
export function checkView(s: ChineseState, seat: Seat | null): void {
  if (s.phase === "over") return;
  const hidden = new Set<number>(s.hand.wall);
  s.hand.seats.forEach((p, i) => {
    if (i !== seat) p.concealed.forEach((id) => hidden.add(id));
  });
  const view = chineseMing.viewFor(s, seat) as Record<string, unknown>;
  must(!("seed" in view) && !("rng" in view) && !("wall" in view), `view for ${seat} shows the seed, the PRNG or the wall`);
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x && typeof x === "object") {
      const o = x as Record<string, unknown>;
      if (typeof o.id === "number" && typeof o.kind === "number") must(!hidden.has(o.id), `view for ${seat} shows hidden tile ${o.id}`);
      // The finished hands (key "hands") hold kinds only, no tile ids: they need no walk.
      for (const [k, v] of Object.entries(o)) if (k !== "hands" && typeof v === "object") walk(v);
    }
  };
  walk(view);
}

export function choose(s: ChineseState, seat: Seat, moves: Move[], rng: RngState): Move {
  const pick = <T>(xs: T[]) => xs[nextInt(rng, xs.length)]!;
  const chance = (p: number) => nextU32(rng) / 2 ** 32 < p;
  const of = (t: string) => moves.filter((m) => m.type === t);
  if (of("woo").length) return { type: "woo" };
  if (of("kong").length && chance(0.8)) return pick(of("kong"));
  if (of("pung").length && chance(0.7)) return { type: "pung" };
  // Take the last discard instead of drawing, sometimes when it matches a tile held.
  if (of("take").length && s.hand.window) {
    const k = KINDS[s.hand.window.tile]!;
    if (s.hand.seats[seat]!.concealed.some((id) => KINDS[id] === k) && chance(0.5)) return { type: "take" };
  }
  if (of("pass").length) return { type: "pass" };
  const discards = of("discard");
  if (!discards.length) return pick(moves);
  const me = s.hand.seats[seat]!;
  const count = countKinds(me.concealed.map((id) => KINDS[id]!));
  const lonely = Math.min(...me.concealed.map((id) => count[KINDS[id]!]!));
  return pick(discards.filter((m) => count[KINDS[m.tile as number]!] === lonely));
}

export interface MatchOptions {
  check?: boolean;
  /** With check, also check every event as each seat sees it (default: off). */
  events?: boolean;
  /** Call preferences set first ("ask" is the default and is not played). */
  preferences?: ChineseState["preferences"];
  /** About one move in this many is the timeout ruling instead. */
  timeoutEvery?: number;
  /** How long the game lasts (default: the whole match, as a game without the option). */
  length?: GameOptions["length"];
}

/**
 * The purposeful players, from the seeded generator "players:<seed>": first the given call
 * preferences, then a random seat of those to act, its move by `choose` (or now and then a timeout).
 */
export const chinesePlayer =
  (o: MatchOptions = {}): PlayerFor<ChineseState> =>
  (_rules, seed) => {
    const rng = seedRng(`players:${seed}`);
    const first = (o.preferences ?? []).flatMap((call, seat) => (call !== "ask" ? [{ seat, move: { type: "preference", call } as Move }] : []));
    return (s, acting) => {
      if (first.length) return first.shift()!;
      const seat = acting[nextInt(rng, acting.length)]!;
      const legal = chineseMing.legalMoves(s, seat);
      const move = o.timeoutEvery && nextInt(rng, o.timeoutEvery) === 0 ? { type: "timeout" } : choose(s, seat, legal.filter((m) => m.type !== "preference"), rng);
      return { seat, move };
    };
  };

/** Plays a whole match through the generic simulation; `check` verifies its invariants, views and events, and the Chinese ones, after every step. */
export function simulateMatch(seed: string, o: MatchOptions = {}): Simulation<ChineseState> {
  return simulate(chineseMing, o.length ? { length: o.length } : {}, seed, { player: chinesePlayer(o), check: o.check, events: o.events ?? false, invariants: checkInvariants, maxMoves: 100_000 });
}
