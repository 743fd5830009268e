/**
 * Four somewhat purposeful random American players for simulations (tests, `npm run cli --
 * simulate --ruleset american`, the benchmark): they declare Mah Jongg when they can, call and
 * redeem jokers often, pass and discard their loneliest tiles. Also the American invariants beyond
 * the generic ones (13/14 tiles, no secret choice or call preference shown).
 */
import type { GameOptions, Move, Seat } from "../../api";
import { CALL_PREFERENCES } from "../../game/claim-window";
import { kindsOf } from "../../game/physical";
import { nextInt, nextU32, seedRng, type RngState } from "../../random";
import { simulate, InvariantError, must, type PlayerFor, type Simulation } from "../../game/simulate";
import { JOKER } from "../../tiles";
import { toAct, type AmericanRules } from "./index";
import { concealedKinds, groupsOf } from "./moves";
import type { AmericanState } from "./state";
import { completions, completionsWith } from "../siamese/judge";

const K = kindsOf("american");

export { InvariantError };

export const heldBy = (s: AmericanState, seat: Seat) => {
  const p = s.seats[seat]!;
  return p.concealed.length + p.exposures.reduce((t, e) => t + e.tiles.length, 0) + (p.mahjong?.tiles.length ?? 0);
};

/** 152 tiles, each in exactly one place; 13 tiles each, 14 for the player whose turn it is (and East in the Charleston). */
export function checkInvariants(s: AmericanState): void {
  const where = new Map<number, string>();
  const put = (id: number, place: string) => {
    must(!where.has(id), `tile ${id} is both in ${where.get(id)} and in ${place}`);
    where.set(id, place);
  };
  s.wall.forEach((id) => put(id, "the wall"));
  s.discards.forEach((d) => put(d.tile, "the discards"));
  s.seats.forEach((p, seat) => {
    p.concealed.forEach((id) => put(id, `seat ${seat}'s hand`));
    p.exposures.forEach((e) => e.tiles.forEach((id) => put(id, `seat ${seat}'s exposures`)));
    p.mahjong?.tiles.forEach((id) => put(id, `seat ${seat}'s Mah Jongg`));
  });
  must(where.size === 152, `${where.size} tiles instead of 152`);
  s.seats.forEach((p, seat) => {
    const n = heldBy(s, seat);
    const fourteen = (s.phase === "charleston" && seat === 0) || (s.phase === "discard" && s.toAct === seat);
    if (p.dead || s.phase === "over") must(n === 13 || n === 14, `seat ${seat} holds ${n} tiles`);
    else must(n === (fourteen ? 14 : 13), `seat ${seat} holds ${n} tiles in phase ${s.phase}`);
  });
}

/** No view shows a hidden tile (another seat's hand, the wall), the seed, another's choice, answer or preference. */
export function checkView(v: AmericanRules, s: AmericanState, seat: Seat | null): void {
  if (s.phase === "over") return;
  const view = v.viewFor(s, seat) as ReturnType<AmericanRules["viewFor"]> & { seats: { preference: unknown }[] };
  const hidden = new Set<number>(s.wall);
  s.seats.forEach((p, i) => {
    if (i !== seat && !p.revealed) p.concealed.forEach((id) => hidden.add(id));
  });
  view.seats.forEach((p, i) => must(i === seat || p.preference === null, `view for ${seat} shows seat ${i}'s call preference`));
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x && typeof x === "object") {
      const o = x as Record<string, unknown>;
      must(!("seed" in o) && !("rng" in o) && !("wall" in o) && !("answers" in o) && !("choices" in o), `view for ${seat} shows something secret`);
      if (typeof o.id === "number" && typeof o.kind === "number") must(!hidden.has(o.id), `view for ${seat} shows hidden tile ${o.id}`);
      Object.values(o).forEach(walk);
    }
  };
  walk(view);
}

const key = (m: Move) => JSON.stringify(m);

/** Tiles of `ids` whose kind the hand holds fewest of (never jokers). */
function lonely(s: AmericanState, seat: Seat, rng: RngState): number[] {
  const ids = s.seats[seat]!.concealed.filter((id) => K[id] !== JOKER);
  const count = new Map<number, number>();
  for (const id of ids) count.set(K[id]!, (count.get(K[id]!) ?? 0) + 1);
  return ids.map((id) => ({ id, w: count.get(K[id]!)! * 8 + nextInt(rng, 8) })).sort((a, b) => a.w - b.w).map((x) => x.id);
}

/** A move chosen by a somewhat purposeful random player. */
export function choose(v: AmericanRules, s: AmericanState, seat: Seat, moves: Move[], rng: RngState): Move {
  const pick = <T>(xs: T[]) => xs[nextInt(rng, xs.length)]!;
  const chance = (p: number) => nextU32(rng) / 2 ** 32 < p;
  const ctx = v.ctx(s);
  const me = s.seats[seat]!;
  if (s.phase === "charleston") {
    const byType = (t: string) => moves.filter((m) => m.type === t);
    if (byType("stop").length && chance(0.1)) return { type: "stop" };
    const order = lonely(s, seat, rng);
    if (byType("courtesy").length) return { type: "courtesy", tiles: order.slice(0, nextInt(rng, 4)).sort((a, b) => a - b) };
    const blindOk = moves.some((m) => m.type === "pass" && (m.blind as number) > 0);
    const blind = blindOk && chance(0.3) ? 1 + nextInt(rng, 3) : 0;
    return { type: "pass", tiles: order.slice(0, 3 - blind).sort((a, b) => a - b), blind };
  }
  const valid = (type: string, lines: string[]) => {
    const all = moves.filter((m) => m.type === type);
    if (s.options.deadHands !== "enforce") return all;
    if (chance(0.002)) return all; // now and then a Mah Jongg in error
    return all.filter((m) => lines.includes(m.line as string));
  };
  if (s.phase === "window") {
    const tile = K[s.window!.tile]!;
    const mj = valid("call-mahjong", completionsWith(ctx.cards, ctx.card, concealedKinds(me, K), groupsOf(me, K), tile).map((c) => c.line));
    if (mj.length) return pick(mj);
    const calls = moves.filter((m) => m.type === "call");
    if (calls.length && chance(0.5)) return pick(calls.filter((m) => m.jokers === Math.min(...calls.map((c) => c.jokers as number))));
    return { type: "pass" };
  }
  const mj = valid("mahjong", completions(ctx.cards, ctx.card, concealedKinds(me, K), groupsOf(me, K)).map((c) => c.line));
  if (mj.length) return pick(mj);
  const jokers = moves.filter((m) => m.type === "joker");
  if (jokers.length && chance(0.5)) return pick(jokers);
  const order = lonely(s, seat, rng);
  return { type: "discard", tile: order[0] ?? me.concealed[0]! };
}

export interface SimOptions {
  check?: boolean;
  /** With check, also check every event as each seat sees it (default: off). */
  events?: boolean;
  /** Call preferences per seat; by default drawn at random per game. */
  preferences?: (typeof CALL_PREFERENCES)[number][];
}

/**
 * The purposeful players for `v`, from the seeded generator "player:<seed>": first each seat's call
 * preference (given, or drawn at random), then a random seat of those to act, its move by `choose`.
 * With `check`, a chosen move must be one legalMoves lists.
 */
export const americanPlayer =
  (v: AmericanRules, o: SimOptions = {}): PlayerFor<AmericanState> =>
  (_rules, seed) => {
    const rng = seedRng(`player:${seed}`);
    let first: { seat: Seat; move: Move }[] | null = null;
    return (s) => {
      first ??= s.seats.flatMap((p, seat) => {
        const want = o.preferences?.[seat] ?? CALL_PREFERENCES[nextInt(rng, 3)]!;
        return want !== p.preference ? [{ seat, move: { type: "preference", call: want } }] : [];
      });
      if (first.length) return first.shift()!;
      const acting = toAct(s);
      must(acting.length > 0, `nobody is to act in phase ${s.phase}`);
      const seat = acting[nextInt(rng, acting.length)]!;
      const legal = v.legalMoves(s, seat).filter((m) => m.type !== "preference");
      must(legal.length > 0, `seat ${seat} has no legal move`);
      const move = choose(v, s, seat, legal, rng);
      if (o.check) must(legal.some((m) => key(m) === key(move)), `the player chose ${key(move)}, which legalMoves does not list`);
      return { seat, move };
    };
  };

/** One game of `v` between four purposeful players, through the generic simulation (its checks plus the American ones). */
export function simulateGame(v: AmericanRules, options: GameOptions, seed: string, o: SimOptions = {}): Simulation<AmericanState> {
  const invariants = (s: AmericanState) => {
    checkInvariants(s);
    for (const seat of [0, 1, 2, 3, null]) checkView(v, s, seat);
  };
  return simulate(v, options, seed, { player: americanPlayer(v, o), check: o.check, events: o.events ?? false, invariants, maxMoves: 3004 });
}
