/**
 * Simulated chinese-ming matches for tests, `npm run cli -- simulate --ruleset chinese-ming` and the
 * benchmark: four somewhat purposeful random players (Woo whenever they can, pung and kong often,
 * now and then take a discard that matches a tile held, discard their loneliest tile), with the invariants checked after every step when asked.
 */
import type { GameRecord, Move, Seat } from "../../api";
import { nextInt, nextU32, seedRng, type RngState } from "../../random";
import { countKinds } from "../../tiles";
import { chineseMing } from "./index";
import { KINDS } from "./deal";
import type { ChineseState } from "./state";

export class InvariantError extends Error {}
const must = (ok: boolean, what: string) => {
  if (!ok) throw new InvariantError(what);
};

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

export interface SimMatch {
  state: ChineseState;
  record: GameRecord;
  steps: number;
}

/** Plays a whole match; `check` verifies invariants and views after every step. */
export function simulateMatch(seed: string, o: { check?: boolean; preferences?: ChineseState["preferences"]; timeoutEvery?: number } = {}): SimMatch {
  let s = chineseMing.newGame({}, seed);
  const rng = seedRng(`players:${seed}`);
  const moves: GameRecord["moves"] = [];
  const play = (seat: Seat, move: Move) => {
    const r = move.type === "timeout" ? chineseMing.timeout(s, seat) : chineseMing.apply(s, seat, move);
    if (!r.ok) throw new InvariantError(`move ${JSON.stringify(move)} by seat ${seat} refused: ${r.code}: ${r.message}`);
    moves.push({ seat, move });
    s = r.state;
    must(s.ply === moves.length, `ply ${s.ply} after ${moves.length} moves`);
  };
  o.preferences?.forEach((call, seat) => call !== "ask" && play(seat, { type: "preference", call }));
  let steps = 0;
  while (s.phase !== "over") {
    if (o.check) {
      checkInvariants(s);
      for (const seat of [0, 1, 2, 3, null]) checkView(s, seat);
    }
    const acting = chineseMing.toAct(s);
    must(acting.length > 0, "nobody is to act");
    const seat = acting[nextInt(rng, acting.length)]!;
    const legal = chineseMing.legalMoves(s, seat);
    const move = o.timeoutEvery && nextInt(rng, o.timeoutEvery) === 0 ? { type: "timeout" } : choose(s, seat, legal.filter((m) => m.type !== "preference"), rng);
    play(seat, move);
    if (++steps > 100_000) throw new InvariantError("the match does not end");
  }
  if (o.check) checkInvariants(s);
  return { state: s, steps, record: { ruleset: "chinese-ming", options: s.options, seed, commitment: s.commitment, moves } };
}

export interface ChineseFigures {
  ruleset: "chinese-ming";
  matches: number;
  matchesPerSecond: number;
  meanHands: number;
  /** Matches that ended because a player ran out of points. */
  endedEarly: number;
  drawnHands: number;
  jongWins: number;
  highestScore: number;
}

export function simulate(matches: number, seed: string, o: { check?: boolean } = {}): ChineseFigures {
  let hands = 0, early = 0, drawn = 0, jongWins = 0, highest = 0;
  const t0 = performance.now();
  for (let g = 0; g < matches; g++) {
    const { state } = simulateMatch(`${seed}:${g}`, o);
    hands += state.hands.length;
    if (state.points.some((p) => p <= 0)) early++;
    for (const h of state.hands) {
      if (h.winner === null) drawn++;
      else if (h.winner === h.jong) jongWins++;
      highest = Math.max(highest, ...h.sheets.map((x) => x.score));
    }
  }
  const secs = (performance.now() - t0) / 1000;
  return {
    ruleset: "chinese-ming",
    matches,
    matchesPerSecond: Math.round((matches / secs) * 10) / 10,
    meanHands: Math.round((hands / matches) * 10) / 10,
    endedEarly: early,
    drawnHands: drawn,
    jongWins,
    highestScore: highest,
  };
}
