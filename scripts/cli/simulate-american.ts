/**
 * `npm run cli -- simulate --ruleset american --games N --seed S [--dead enforce] [--card id] [--fast]`
 * Four seeded random players play legal moves to the end (purposeful enough: they declare Mah
 * Jongg when they can, call and redeem jokers often, pass and discard their loneliest tiles), with
 * the invariants checked on every step unless --fast. Prints JSON figures; exit 1 on a violation.
 */
import type { CardModule } from "../../worker/engine/card/api";
import { cardModule } from "../../worker/engine/card";
import type { GameOptions, GameRecord, Move, Seat } from "../../worker/engine/api";
import { CALL_PREFERENCES } from "../../worker/engine/game/claim-window";
import { kindsOf } from "../../worker/engine/game/physical";
import { nextInt, nextU32, seedRng, type RngState } from "../../worker/engine/random";
import { JOKER } from "../../worker/engine/tiles";
import { americanVariant, toAct, type AmericanRules } from "../../worker/engine/variants/american";
import { concealedKinds, groupsOf } from "../../worker/engine/variants/american/moves";
import type { AmericanState } from "../../worker/engine/variants/american/state";
import { completions, completionsWith } from "../../worker/engine/variants/siamese/judge";
import { argReader, deadHandsArg, gamesArg, InvariantError, must, printFigures } from "./sim-run";

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
  /** Call preferences per seat; by default drawn at random per game. */
  preferences?: (typeof CALL_PREFERENCES)[number][];
}

export interface SimGame {
  state: AmericanState;
  record: GameRecord;
  steps: number;
}

export function simulateGame(v: AmericanRules, options: GameOptions, seed: string, o: SimOptions = {}): SimGame {
  let s = v.newGame(options, seed);
  const rng = seedRng(`player:${seed}`);
  const moves: GameRecord["moves"] = [];
  const play = (seat: Seat, move: Move) => {
    const r = v.apply(s, seat, move);
    if (!r.ok) throw new InvariantError(`legal move ${key(move)} by seat ${seat} refused: ${r.code}: ${r.message}`);
    moves.push({ seat, move });
    s = r.state;
    must(s.ply === moves.length, `ply ${s.ply} after ${moves.length} moves`);
  };
  s.seats.forEach((p, seat) => {
    const want = o.preferences?.[seat] ?? CALL_PREFERENCES[nextInt(rng, 3)]!;
    if (want !== p.preference) play(seat, { type: "preference", call: want });
  });
  let steps = 0;
  while (s.phase !== "over") {
    if (o.check) {
      checkInvariants(s);
      for (const seat of [0, 1, 2, 3, null]) checkView(v, s, seat);
    }
    const acting = toAct(s);
    must(acting.length > 0, `nobody is to act in phase ${s.phase}`);
    const seat = acting[nextInt(rng, acting.length)]!;
    const legal = v.legalMoves(s, seat).filter((m) => m.type !== "preference");
    must(legal.length > 0, `seat ${seat} has no legal move`);
    const move = choose(v, s, seat, legal, rng);
    if (o.check) must(legal.some((m) => key(m) === key(move)), `the player chose ${key(move)}, which legalMoves does not list`);
    play(seat, move);
    if (++steps > 3000) throw new InvariantError("the game does not end");
  }
  if (o.check) checkInvariants(s);
  return { state: s, steps, record: { ruleset: "american", options: s.options, seed, commitment: s.commitment, moves } };
}

export interface SimFigures {
  ruleset: string;
  games: number;
  gamesPerSecond: number;
  mahjong: number;
  selfDrawn: number;
  wallGames: number;
  deadOrVoid: number;
  charlestonStopped: number;
  meanDiscards: number;
}

export function simulate(v: AmericanRules, options: GameOptions, games: number, seed: string, o: SimOptions = {}): SimFigures {
  let mahjong = 0, self = 0, wall = 0, dead = 0, stopped = 0, turns = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const { state, record } = simulateGame(v, options, `${seed}:${g}`, o);
    const r = state.result!;
    if (r.reason === "mahjong") mahjong++;
    if (r.lines.some((l) => l.reason === "mahjong/self-drawn")) self++;
    if (r.reason === "wall") wall++;
    if (r.reason === "dead" || r.reason === "void") dead++;
    if (record.moves.some((m) => m.move.type === "stop")) stopped++;
    turns += state.turn;
  }
  const secs = (performance.now() - t0) / 1000;
  return {
    ruleset: "american",
    games,
    gamesPerSecond: Math.round((games / secs) * 10) / 10,
    mahjong,
    selfDrawn: self,
    wallGames: wall,
    deadOrVoid: dead,
    charlestonStopped: stopped,
    meanDiscards: Math.round((turns / Math.max(1, games)) * 10) / 10,
  };
}

export async function run(args: string[], cards: CardModule = cardModule): Promise<number> {
  const arg = argReader(args);
  const games = gamesArg(arg, "20");
  if (games === null) return 2;
  const deadHands = deadHandsArg(arg);
  if (deadHands === null) return 2;
  return printFigures(() => simulate(americanVariant(cards), { deadHands, card: arg("card", "sample-2026") }, games, arg("seed", "simulate"), { check: !args.includes("--fast") }));
}
