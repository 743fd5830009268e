/**
 * American invariants over simulated four-player games (seeded random legal play): 152 tiles
 * conserved, 13/14 tiles held, no view leaks a hidden tile or a secret choice, every legal move
 * applies, random illegal moves are refused and change nothing, records replay through verify and
 * tampered ones are rejected; and no leak through window timing: the schedule of who is waited for
 * is the same whatever the concealed tiles are.
 */
import { describe, expect, it } from "vitest";
import type { GameOptions, GameRecord, Move, Seat } from "../../worker/engine/api";
import { cardModule } from "../../worker/engine/card";
import type { CallPreference } from "../../worker/engine/game/claim-window";
import { verifyWith } from "../../worker/engine/game/verify";
import { nextInt, seedRng, shuffle, type RngState } from "../../worker/engine/random";
import { JOKER } from "../../worker/engine/tiles";
import { americanVariant, toAct, type AmericanRules } from "../../worker/engine/variants/american";
import type { AmericanState } from "../../worker/engine/variants/american/state";
import { checkInvariants, simulateGame } from "../../worker/engine/variants/american/simulated";
import { american, K } from "./fixtures/american-rig";

const real = americanVariant(cardModule);

function randomMove(rng: RngState, s: AmericanState): Move {
  const n = (k: number) => nextInt(rng, k);
  const small = () => [0, 1, 2, 3, -1, 7, 0.5, "0", null][n(9)];
  const someTiles = () => Array.from({ length: n(5) }, () => [n(152), s.wall[0], s.seats[n(4)]!.concealed[0], -1][n(4)]);
  switch (n(11)) {
    case 0: return { type: "pass", tiles: someTiles(), blind: small() };
    case 1: return { type: "courtesy", tiles: someTiles() };
    case 2: return { type: "stop" };
    case 3: return { type: "discard", tile: [n(152), s.seats[n(4)]!.concealed[0], s.wall[0], -1][n(4)] };
    case 4: return { type: "mahjong", line: ["run-1", "winds-1", "nope", "2026-1"][n(4)] };
    case 5: return { type: "joker", seat: small(), exposure: small() };
    case 6: return { type: "call", size: [1, 2, 3, 4, 5, 6][n(6)], jokers: n(4) };
    case 7: return { type: "call-mahjong", line: ["run-1", "kongs-c", "x"][n(3)] };
    case 8: return { type: "preference", call: ["sometimes", "", null][n(3)] };
    case 9: return { type: "pass", extra: 1 };
    default: return { type: ["draw", "claim", ""][n(3)]! };
  }
}

/** Replays a simulated game checking, before every recorded move, that legal moves apply and illegal ones are refused without change. */
function exercise(v: AmericanRules, options: GameOptions, seed: string, tryLegal: number): AmericanState {
  const { state, record } = simulateGame(v, options, seed, { check: true });
  const rng = seedRng(`illegal:${seed}`);
  let s = v.newGame(options, seed);
  for (const { seat, move } of record.moves) {
    if (s.phase !== "over") {
      const legal = v.legalMoves(s, seat);
      const keys = new Set(legal.map((m) => JSON.stringify(m)));
      for (let i = 0; i < Math.min(tryLegal, legal.length); i++) {
        const m = legal[nextInt(rng, legal.length)]!;
        const r = v.apply(s, seat, JSON.parse(JSON.stringify(m)));
        if (!r.ok) throw new Error(`seed ${seed}: legal ${JSON.stringify(m)} refused: ${r.message}`);
        checkInvariants(r.state);
      }
      const before = JSON.stringify(s);
      for (let i = 0; i < 3; i++) {
        const m = randomMove(rng, s);
        const who = nextInt(rng, 4);
        if (who === seat && keys.has(JSON.stringify(m))) continue;
        if (v.legalMoves(s, who).some((x) => JSON.stringify(x) === JSON.stringify(m))) continue;
        const r = v.apply(s, who, m);
        if (r.ok) throw new Error(`seed ${seed}: illegal ${JSON.stringify(m)} by seat ${who} accepted in phase ${s.phase}`);
        expect(r.code, `seed ${seed}`).toMatch(/^[a-z-]+\/[a-z-]+$/);
      }
      if (JSON.stringify(s) !== before) throw new Error(`seed ${seed}: a refused move changed the state`);
    }
    const r = v.apply(s, seat, move);
    if (!r.ok) throw new Error(`seed ${seed}: ${r.message}`);
    s = r.state;
  }
  expect(s, `seed ${seed}`).toEqual(state);
  const verdict = verifyWith(v, record);
  expect(verdict.ok && verdict.state, `seed ${seed}`).toEqual(state);
  return state;
}

function tampered(v: AmericanRules, record: GameRecord) {
  const seed = record.seed;
  expect(verifyWith(v, { ...record, seed: record.seed + "x" }), `seed ${seed}`).toMatchObject({ ok: false, code: "verify/commitment" });
  const i = record.moves.findIndex((m) => m.move.type === "discard");
  const moves = record.moves.slice();
  moves[i] = { seat: moves[i]!.seat, move: { type: "discard", tile: -1 } };
  expect(verifyWith(v, { ...record, moves }).ok, `seed ${seed}`).toBe(false);
  const j = record.moves.findIndex((m) => m.move.type === "discard");
  const swapped = record.moves.map((m, k) => (k === j ? { ...m, seat: (m.seat + 1) % 4 } : m));
  expect(verifyWith(v, { ...record, moves: swapped }).ok, `seed ${seed}`).toBe(false);
}

describe("American invariants over simulated games", () => {
  it("fixture-card games (prevent and enforce): tiles conserved, 13/14, no leaks, legal moves apply, illegal ones refused, replays match", () => {
    const reasons = new Set<string>();
    for (let g = 0; g < 16; g++) {
      const options: GameOptions = { card: "fixture", deadHands: g % 2 ? "prevent" : "enforce", jokerlessDiscard: g % 3 ? "each-3x" : "discarder-3x" };
      const s = exercise(american, options, `american-prop-${g}`, 3);
      reasons.add(s.result!.reason);
      expect(s.result!.totals.reduce((a, b) => a + b, 0), `seed american-prop-${g}`).toBe(0);
      // Every seat has a result line, also when nobody pays (the ledger counts the game as played).
      expect(new Set(s.result!.lines.map((l) => l.seat)).size, `seed american-prop-${g}`).toBe(4);
    }
    expect(reasons.has("wall")).toBe(true);
  }, 120_000);

  it("sample-card games: the same invariants, records verify, tampered records are rejected", () => {
    for (let g = 0; g < 3; g++) {
      const { record } = simulateGame(real, { card: "sample-2026", deadHands: g ? "enforce" : "prevent" }, `american-real-${g}`, { check: true });
      const v = verifyWith(real, record);
      expect(v.ok, `seed ${record.seed}`).toBe(true);
      tampered(real, record);
    }
  }, 60_000);
});

/** What anyone can see of the window schedule: whose answer is awaited (or whose turn it is) at each step. */
const schedule = (s: AmericanState) => `${s.phase === "over" ? "over" : s.phase}:${toAct(s).join(",")}`;

/** Permutes the non-joker tiles among the hands (but `except`'s) and the wall, jokers staying where they are. */
function permuteHidden(s: AmericanState, seed: string, except: Seat | null = null): AmericanState {
  const places: number[][] = [s.wall, ...s.seats.map((p) => p.concealed)].map((x) => x.slice());
  const slots: [number, number][] = [];
  places.forEach((ids, p) => p - 1 !== except && ids.forEach((id, i) => K[id] !== JOKER && slots.push([p, i])));
  const ids = shuffle(seedRng(seed), slots.map(([p, i]) => places[p]![i]!));
  slots.forEach(([p, i], k) => (places[p]![i] = ids[k]!));
  return { ...s, wall: places[0]!, seats: s.seats.map((p, i) => ({ ...p, concealed: places[i + 1]! })) };
}

/** Plays a game in which nobody's decision looks at tiles: the timeout ruling for every turn, asked seats pass. */
function publicPlay(s: AmericanState, prefs: CallPreference[]): string[] {
  for (const [seat, call] of prefs.entries()) {
    const r = american.apply(s, seat, { type: "preference", call });
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  const out: string[] = [schedule(s)];
  while (s.phase !== "over") {
    const seat = toAct(s)[0]!;
    const r = american.timeout(s, seat);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    checkInvariants(s);
    out.push(schedule(s));
  }
  return out;
}

describe("American claim windows leak nothing through their timing", () => {
  it("two games from the same seed with the concealed tiles permuted wait for the same seats at every step", () => {
    for (const [g, prefs] of ([["ask", "never", "ask", "ask"], ["never", "ask", "never", "ask"], ["ask", "ask", "ask", "ask"]] as CallPreference[][]).entries()) {
      const a = american.newGame({ card: "fixture" }, `timing-${g}`);
      const b = permuteHidden(a, `permute-${g}`);
      expect(b.seats.map((p) => p.concealed)).not.toEqual(a.seats.map((p) => p.concealed));
      const sa = publicPlay(a, prefs);
      const sb = publicPlay(b, prefs);
      expect(sa.length).toBeGreaterThan(100);
      expect(sb).toEqual(sa);
    }
  });

  it('with "pass unless I can call Mah Jongg" seats the schedules agree until one game is won', () => {
    for (let g = 0; g < 6; g++) {
      const prefs: CallPreference[] = ["mahjong", "ask", "mahjong", "never"];
      const a = american.newGame({ card: "fixture" }, `timing-mj-${g}`);
      const sa = publicPlay(a, prefs);
      const sb = publicPlay(permuteHidden(a, `permute-mj-${g}`), prefs);
      const n = Math.min(sa.length, sb.length) - 1;
      expect(sb.slice(0, n)).toEqual(sa.slice(0, n));
    }
  });

  it("at every discard of simulated games, the seats awaited are the same when every hidden tile is permuted", () => {
    let windows = 0;
    for (let g = 0; g < 8; g++) {
      const { record } = simulateGame(american, { card: "fixture", deadHands: g % 2 ? "enforce" : "prevent" }, `timing-sim-${g}`);
      let s = american.newGame(record.options, record.seed);
      for (const [k, { seat, move }] of record.moves.entries()) {
        if (move.type === "discard") {
          // everything the discarder cannot see is shuffled; the same discard must open the same window
          const other = permuteHidden(s, `p-${g}-${k}`, seat);
          expect(other.seats.map((p) => p.concealed)).not.toEqual(s.seats.map((p) => p.concealed));
          const r1 = american.apply(s, seat, move);
          const r2 = american.apply(other, seat, move);
          if (!r1.ok || !r2.ok) throw new Error("discard refused");
          expect(r2.state.window?.awaiting ?? null).toEqual(r1.state.window?.awaiting ?? null);
          if (r1.state.window) windows++;
        }
        const r = american.apply(s, seat, move);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
    }
    expect(windows).toBeGreaterThan(20);
  }, 60_000);
});

