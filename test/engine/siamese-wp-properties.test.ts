/**
 * Wright-Patterson Siamese (RULES §5) invariants over simulated matches (seeded random legal play):
 * 144 tiles conserved, 28/27 between turns, flowers never in a hand, the pot balanced, views and
 * events leak no hidden tile, every legal move applies, random illegal moves are refused and change
 * nothing, a record replays through verify() to the same state and a tampered one is rejected.
 */
import { describe, expect, it } from "vitest";
import type { GameOptions, Move } from "../../worker/engine/api";
import * as engine from "../../worker/engine";
import { verifyWith } from "../../worker/engine/game/verify";
import { nextInt, seedRng } from "../../worker/engine/random";
import type { WpState } from "../../worker/engine/variants/siamese-wp/state";
import { simulateGame, WP } from "../../scripts/cli/simulate-wp";

function randomMove(rng: ReturnType<typeof seedRng>, s: WpState): Move {
  const n = (k: number) => nextInt(rng, k);
  const small = () => [0, 1, 2, -1, 7, 0.5, "0", null][n(8)];
  switch (n(9)) {
    case 0: return { type: "draw" };
    case 1: return { type: "claim", rack: small(), set: ["pung", "kong", "chow", "quint"][n(4)] };
    case 2: return { type: "chow", rack: small(), start: [0, 1, 6, 7, 27, -1][n(6)] };
    case 3: return { type: "discard", tile: [n(144), s.seats[1 - s.toAct]!.pool[0], s.wall[0], s.flowerWall[0], -1][n(5)] };
    case 4: return { type: "mahjong", rack: small() };
    case 5: return { type: "claim-mahjong", rack: small() };
    case 6: return { type: "kong", rack: small(), kind: [0, 5, 27, 40][n(4)] };
    case 7: return { type: "discard", tile: 3, extra: 1 };
    default: return { type: ["pass", "joker", "atomic", ""][n(4)]! };
  }
}

function exercise(options: GameOptions, seed: string, everyMove: boolean) {
  const { state, record } = simulateGame(options, seed, { check: true });
  const rng = seedRng(`illegal:${seed}`);
  let s = WP.newGame(options, seed);
  for (const { seat, move } of record.moves) {
    const legal = WP.legalMoves(s, seat);
    const keys = new Set(legal.map((m) => JSON.stringify(m)));
    expect(keys.has(JSON.stringify(move))).toBe(true);
    if (everyMove) for (const m of legal) if (!WP.apply(s, seat, JSON.parse(JSON.stringify(m))).ok) throw new Error(`legal ${JSON.stringify(m)} refused`);
    const before = JSON.stringify(s);
    for (let i = 0; i < 4; i++) {
      const m = randomMove(rng, s);
      const who = nextInt(rng, 3) === 0 ? 1 - seat : seat;
      if (who === seat && keys.has(JSON.stringify(m))) continue;
      const r = WP.apply(s, who, m);
      if (r.ok) throw new Error(`illegal ${JSON.stringify(m)} by seat ${who} accepted`);
      expect(r.code).toMatch(/^[a-z-]+\/[a-z-]+$/);
    }
    if (JSON.stringify(s) !== before) throw new Error("a refused move changed the state");
    const r = WP.apply(s, seat, move);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  expect(s).toEqual(state);
  return { state, record };
}

describe("§5 Wright-Patterson Siamese: invariants over simulated matches", () => {
  it("144 tiles, 28/27, flowers out of hands, pot balance, leak-free views and events; legal moves apply, illegal ones change nothing", () => {
    for (let m = 0; m < 4; m++) exercise({ games: 2 }, `wp-props:${m}`, m === 0);
    exercise({ games: 2, deadHands: "enforce" }, "wp-props:enforce", false);
  });

  it("a match's totals are the sum of its games' lines and sum to zero (pot returned); every game is in the result with its words", () => {
    for (let m = 0; m < 4; m++) {
      const { state } = simulateGame({ games: 3 }, `wp-totals:${m}`);
      expect(state.phase).toBe("over");
      expect(state.games).toHaveLength(3);
      expect(state.match.pot).toBe(0);
      const r = state.result!;
      expect(r.totals[0]! + r.totals[1]!).toBe(0);
      for (const seat of [0, 1]) expect(r.lines.filter((l) => l.seat === seat).reduce((t, l) => t + l.points, 0)).toBe(r.totals[seat]);
      expect(r.lines.every((l) => /^Game [123]: /.test(l.detail))).toBe(true);
    }
  });

  it("verify replays a match from its record, and rejects a tampered record", () => {
    const { state, record } = simulateGame({ games: 2 }, "wp-verify:1");
    const v = verifyWith(WP, record);
    expect(v.ok && v.state).toEqual(state);
    expect(engine.verify(record).ok).toBe(true);
    const moves = record.moves.slice();
    const i = moves.findIndex((m) => m.move.type === "discard");
    moves[i] = { seat: moves[i]!.seat, move: { type: "discard", tile: 999 } };
    const bad = verifyWith(WP, { ...record, moves });
    expect(bad.ok).toBe(false);
    expect(verifyWith(WP, { ...record, seed: "another seed entirely" }).ok).toBe(false);
  });

  it("timeouts alone play a match to its end: the drawn tile is discarded", () => {
    let s = WP.newGame({ games: 1 }, "wp-timeouts");
    for (let i = 0; s.phase !== "over" && i < 400; i++) {
      const r = WP.timeout(s, s.toAct);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(s.phase).toBe("over");
    expect(s.result!.totals[0]! + s.result!.totals[1]!).toBe(0);
  });

  it("is registered: in the ruleset list with its options, created through the engine's entry", () => {
    const info = engine.rulesets.find((r) => r.id === "siamese-wp")!;
    expect(info).toBeDefined();
    expect(JSON.stringify(info)).toContain("games");
    const g = engine.newGame("siamese-wp", { games: 3 }, "wp-registered");
    expect(g.ok).toBe(true);
    expect(engine.parseOptions("siamese-wp", { games: 9 }).ok).toBe(false);
  });
});
