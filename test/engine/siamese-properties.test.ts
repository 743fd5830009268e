/**
 * Invariants over thousands of simulated games (seeded random legal play): 152 tiles conserved,
 * counts 27/28, no view leaks a hidden tile, every legal move applies, random illegal moves are
 * refused and change nothing, a record replays to the same state, verify() accepts real records
 * and rejects tampered ones. Most games use the small fixture card (fast); some the sample card.
 */
import { describe, expect, it } from "vitest";
import type { GameOptions, GameRecord, Move } from "../../worker/engine/api";
import { cardModule } from "../../worker/engine/card";
import { verifyWith } from "../../worker/engine/game/verify";
import { nextInt, seedRng } from "../../worker/engine/random";
import { siameseVariant, type SiameseState } from "../../worker/engine/variants/siamese";
import { checkInvariants, checkView, choose, siamesePlayer, simulateGame, type SiameseRules } from "../../worker/engine/variants/siamese/simulated";
import { simulate } from "../../worker/engine/game/simulate";
import { atomicOffered, everyDeclaration, legalMoves as listMoves } from "../../worker/engine/variants/siamese/moves";
import { fixtureCards } from "./fixtures/fixture-card";

const fixture = { siamese: siameseVariant("siamese", fixtureCards), "siamese-mjm": siameseVariant("siamese-mjm", fixtureCards) };
const real = { siamese: siameseVariant("siamese", cardModule), "siamese-mjm": siameseVariant("siamese-mjm", cardModule) };

/** Random moves of every shape, most of them illegal. */
function randomMove(rng: ReturnType<typeof seedRng>, s: SiameseState): Move {
  const n = (k: number) => nextInt(rng, k);
  const small = () => [0, 1, 2, -1, 7, 0.5, "0", null][n(8)];
  switch (n(10)) {
    case 0: return { type: "draw" };
    case 1: return { type: "claim", rack: small(), size: [2, 3, 4, 5, 6, 7][n(6)], jokers: n(4) };
    case 2: return { type: "claim-mahjong", rack: small(), line: ["run-1", "kongs-1", "nope", "2026-1"][n(4)] };
    case 3: return { type: "discard", tile: [n(152), s.seats[s.toAct]!.pool[0], s.seats[1 - s.toAct]!.pool[0], s.wall[0], -1][n(5)] };
    case 4: return { type: "mahjong", rack: small(), line: ["run-1", "winds-1", "pairs-1", "x"][n(4)] };
    case 5: return { type: "joker", seat: small(), rack: small(), exposure: small() };
    case 6: return { type: "move-exposure", rack: small(), exposure: small(), to: small() };
    // an Atomic rack of 12 tiles, of the opponent's tiles, or of one tile twice (any 13 of one's own would be legal on a first turn)
    case 7: return { type: "atomic", tiles: [s.seats[s.toAct]!.pool.slice(0, 12), s.seats[1 - s.toAct]!.pool.slice(0, 13), Array(13).fill(s.seats[s.toAct]!.pool[0])][n(3)] };
    case 8: return { type: "abandon-atomic" };
    default: return { type: ["pass", "charleston", ""][n(3)]! };
  }
}

function exercise(v: SiameseRules, options: GameOptions, seed: string, everyMove: boolean): SiameseState {
  const { state, record } = simulateGame(v, options, seed, { check: true });
  // replay, checking at every step that legal moves apply and illegal ones are refused without change
  const rng = seedRng(`illegal:${seed}`);
  let s = v.newGame(options, seed);
  for (const { seat, move } of record.moves) {
    const legal = v.legalMoves(s, seat);
    const keys = new Set(legal.map((m) => JSON.stringify(m)));
    if (everyMove) for (const m of legal) if (!v.apply(s, seat, JSON.parse(JSON.stringify(m))).ok) throw new Error(`seed ${seed}: legal ${JSON.stringify(m)} refused`);
    const before = JSON.stringify(s);
    for (let i = 0; i < 4; i++) {
      const m = randomMove(rng, s);
      const who = nextInt(rng, 3) === 0 ? 1 - seat : seat;
      if (who === seat && keys.has(JSON.stringify(m))) continue;
      const r = v.apply(s, who, m);
      if (r.ok) throw new Error(`seed ${seed}: illegal ${JSON.stringify(m)} by seat ${who} accepted`);
      expect(r.code, `seed ${seed}`).toMatch(/^[a-z-]+\/[a-z-]+$/);
    }
    if (JSON.stringify(s) !== before) throw new Error(`seed ${seed}: a refused move changed the state`);
    const r = v.apply(s, seat, move);
    if (!r.ok) throw new Error(`seed ${seed}: ${r.message}`);
    s = r.state;
  }
  expect(s, `seed ${seed}`).toEqual(state);
  const verdict = verifyWith(v, record);
  expect(verdict.ok && verdict.state, `seed ${seed}`).toEqual(state);
  return state;
}

function tampered(v: SiameseRules, record: GameRecord) {
  const seed = record.seed;
  expect(verifyWith(v, { ...record, seed: record.seed + "x" }), `seed ${seed}`).toMatchObject({ ok: false, code: "verify/commitment" });
  const i = record.moves.findIndex((m) => m.move.type === "discard");
  const moves = record.moves.slice();
  moves[i] = { seat: moves[i]!.seat, move: { type: "discard", tile: (moves[i]!.move.tile as number) + 1 } };
  const bad = verifyWith(v, { ...record, moves });
  expect(bad.ok, `seed ${seed}`).toBe(false);
  const swapped = record.moves.map((m, j) => (j === 1 ? { ...m, seat: 1 - m.seat } : m));
  expect(verifyWith(v, { ...record, moves: swapped }).ok, `seed ${seed}`).toBe(false);
}

describe("Siamese invariants over simulated games", () => {
  it("2,000 fixture-card games (prevent and enforce, siamese and siamese-mjm): tiles conserved, 27/28, no leaks, every legal move applies, illegal ones refused, replays match", () => {
    let mahjongs = 0, ends = new Set<string>();
    for (let g = 0; g < 2000; g++) {
      const v = g % 2 ? fixture.siamese : fixture["siamese-mjm"];
      const options: GameOptions = { card: "fixture", deadHands: g % 4 < 2 ? "prevent" : "enforce" };
      const everyMove = g % 10 === 0;
      const s = g < 150 ? exercise(v, options, `prop-${g}`, everyMove) : simulateGame(v, options, `prop-${g}`, { check: true, views: g < 400 }).state;
      mahjongs += s.seats.reduce((t, p) => t + p.racks.filter((r) => r.mahjong && !r.mahjong.void).length, 0);
      ends.add(s.result!.reason);
    }
    expect(mahjongs).toBeGreaterThan(20); // the simulated players do make Mah Jonggs
    expect(ends.has("wall") && ends.has("dead")).toBe(true);
  }, 120_000);

  it("sample-card games: the same invariants, and verify() accepts the real record and rejects tampered ones", () => {
    for (let g = 0; g < 6; g++) {
      const v = g % 2 ? real.siamese : real["siamese-mjm"];
      const options: GameOptions = { deadHands: g % 3 ? "prevent" : "enforce" };
      exercise(v, options, `real-${g}`, g === 0);
      tampered(v, simulateGame(v, options, `real-${g}`).record);
    }
  }, 60_000);

  it("sample-card games in which players go for the Atomic hand and give it up: the same invariants, replays and verify", () => {
    let declared = 0, abandoned = 0;
    for (let g = 0; g < 300; g++) {
      const v = g % 2 ? real.siamese : real["siamese-mjm"];
      const options: GameOptions = { deadHands: g % 3 ? "prevent" : "enforce" };
      const { record } = simulateGame(v, options, `atomic-${g}`, { check: true, views: g < 60 });
      const atomic = record.moves.some((m) => m.move.type === "atomic");
      declared += atomic ? 1 : 0;
      abandoned += record.moves.some((m) => m.move.type === "abandon-atomic") ? 1 : 0;
      if (atomic && declared <= 12) exercise(v, options, `atomic-${g}`, declared <= 3);
    }
    expect(declared).toBeGreaterThan(10);
    expect(abandoned).toBeGreaterThan(5);
  }, 60_000);

  it("the chooser only ever picks listed moves (or 13 concealed tiles of its own for the Atomic hand)", () => {
    const v = fixture.siamese;
    const s = v.newGame({ card: "fixture" }, "chooser-1");
    const legal = v.legalMoves(s, 0);
    expect(legal, "seed chooser-1").toContainEqual(choose(v, s, 0, legal, seedRng("c")));
    checkInvariants(s);
    checkView(v, s, 1);
  });

  it("the simulations' lean list is the legal list less the discards, the Atomic picks and (enforce) the Mah Jongg moves of every line, and the chooser picks alike from both", () => {
    let states = 0, picks = 0, claims = 0;
    for (let g = 0; g < 40; g++) {
      const v = g % 2 ? real.siamese : real["siamese-mjm"];
      const options: GameOptions = { deadHands: g % 3 ? "prevent" : "enforce" };
      simulate(v, options, `lean-${g}`, {
        player: siamesePlayer(v),
        beforeMove(s, seat) {
          const full = v.legalMoves(s, seat);
          const lean = listMoves(v.ctx(s), s, seat, true);
          // (under enforce the Mah Jongg moves of every line are left out too: everyDeclaration lists them)
          const every = options.deadHands === "enforce" && s.phase === "discard";
          expect(lean).toEqual(full.filter((m) => m.type !== "discard" && m.type !== "atomic" && !(every && m.type === "mahjong")));
          if (every) expect(everyDeclaration(v.ctx(s), s, seat)).toEqual(full.filter((m) => m.type === "mahjong"));
          expect(atomicOffered(v.ctx(s), s, seat)).toBe(full.some((m) => m.type === "atomic"));
          expect(choose(v, s, seat, lean, seedRng(`lean-${g}:${s.ply}`), true)).toEqual(choose(v, s, seat, full, seedRng(`lean-${g}:${s.ply}`)));
          states++;
          picks += full.some((m) => m.type === "atomic") ? 1 : 0;
          claims += full.some((m) => m.type === "claim") ? 1 : 0;
        },
      });
    }
    expect(states).toBeGreaterThan(4000);
    expect(picks).toBeGreaterThan(40);
    expect(claims).toBeGreaterThan(200);
  }, 60_000);
});
