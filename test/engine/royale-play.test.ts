/**
 * Royale on the Siamese factory (issue 17): the ruleset `royale` is registered, deals by
 * `options.players`, and simulated games keep the invariants — tile conservation across sets,
 * counts per player, views and events leak-free, refused moves change nothing, verify replays.
 */
import { describe, expect, it } from "vitest";
import type { GameEvent, GameOptions, GameRecord, Move, Seat } from "../../worker/engine/api";
import { cardModule } from "../../worker/engine/card";
import { verifyWith } from "../../worker/engine/game/verify";
import * as engine from "../../worker/engine/index";
import { nextInt, seedRng } from "../../worker/engine/random";
import { siameseVariant, type SiameseState } from "../../worker/engine/variants/siamese";
import { royaleDeal } from "../../worker/engine/variants/royale/deal";
import { ROYALE_ALL } from "../../worker/engine/variants/royale/edition";
import { checkInvariants, checkView, simulateGame } from "../../worker/engine/variants/siamese/simulated";
import { fixtureCards } from "./fixtures/fixture-card";

// the factory over Royale as the rule book has it (2–4 players), as registered
const fixture = siameseVariant(ROYALE_ALL, fixtureCards);
const real = siameseVariant(ROYALE_ALL, cardModule);

/** Tile ids a seat may not see while the game runs: the wall and every other seat's concealed tiles. */
function hiddenFrom(s: SiameseState, seat: Seat | null): Set<number> {
  const hidden = new Set(s.wall);
  s.seats.forEach((p, i) => {
    if (i !== seat && !p.revealed) for (const id of p.pool) hidden.add(id);
  });
  return hidden;
}
const tileIds = (x: unknown): number[] => {
  const out: number[] = [];
  const walk = (y: unknown) => {
    if (Array.isArray(y)) y.forEach(walk);
    else if (y && typeof y === "object") {
      const o = y as Record<string, unknown>;
      if (typeof o.id === "number" && typeof o.kind === "number") out.push(o.id);
      Object.values(o).forEach(walk);
    }
  };
  walk(x);
  return out;
};

function randomMove(rng: ReturnType<typeof seedRng>, s: SiameseState): Move {
  const n = (k: number) => nextInt(rng, k);
  const small = () => [0, 1, 2, 3, 4, -1, 0.5, "0", null][n(9)];
  const other = s.seats[(s.toAct + 1) % s.players]!;
  switch (n(8)) {
    case 0: return { type: "draw" };
    case 1: return { type: "claim", rack: small(), size: [2, 3, 4, 7][n(4)], jokers: n(4) };
    case 2: return { type: "claim-mahjong", rack: small(), line: ["run-1", "nope"][n(2)] };
    case 3: return { type: "discard", tile: [n(152 * s.players), other.pool[0], s.wall[0], -1, 152 * s.players][n(5)] };
    case 4: return { type: "mahjong", rack: small(), line: ["run-1", "x"][n(2)] };
    case 5: return { type: "joker", seat: small(), rack: small(), exposure: small() };
    case 6: return { type: "move-exposure", rack: small(), exposure: small(), to: small() };
    default: return { type: ["pass", "charleston", ""][n(3)]! };
  }
}

/** Replays a simulated game: refused moves change nothing, events leak nothing, the replay and verify reach the same state. */
function exercise(v: typeof fixture, options: GameOptions, seed: string): SiameseState {
  const { state, record } = simulateGame(v, options, seed, { check: true });
  const rng = seedRng(`illegal:${seed}`);
  let s = v.newGame(options, seed);
  for (const { seat, move } of record.moves) {
    const keys = new Set(v.legalMoves(s, seat).map((m) => JSON.stringify(m)));
    const before = JSON.stringify(s);
    for (let i = 0; i < 3; i++) {
      const m = randomMove(rng, s);
      const who = nextInt(rng, 3) === 0 ? (seat + 1) % s.players : seat;
      if (who === seat && keys.has(JSON.stringify(m))) continue;
      // in a claim window another seat may be asked too: its own legal moves are no test of refusals
      if (who !== seat && v.legalMoves(s, who).some((x) => JSON.stringify(x) === JSON.stringify(m))) continue;
      const r = v.apply(s, who, m);
      if (r.ok) throw new Error(`illegal ${JSON.stringify(m)} by seat ${who} accepted`);
    }
    if (JSON.stringify(s) !== before) throw new Error("a refused move changed the state");
    const r = v.apply(s, seat, move);
    if (!r.ok) throw new Error(r.message);
    if (r.state.phase !== "over")
      for (let other = 0; other < s.players; other++) {
        if (other === seat) continue;
        // hidden before and after the move (a joker taken from an exposure was public before)
        const was = hiddenFrom(s, other);
        const hidden = hiddenFrom(r.state, other);
        for (const e of r.events) for (const id of tileIds(engine.viewEvent(e as GameEvent, other))) if (hidden.has(id) && was.has(id)) throw new Error(`event ${e.type} shows seat ${other} hidden tile ${id}`);
      }
    s = r.state;
  }
  expect(s).toEqual(state);
  const verdict = verifyWith(v, record);
  expect(verdict.ok && verdict.state).toEqual(state);
  return state;
}

describe("Royale on the Siamese factory", () => {
  it("Configurations: royale is registered, 2 players by default, 3 and 4 on request, anything else refused", () => {
    const info = engine.rulesets.find((r) => r.id === "royale")!;
    expect(info).toMatchObject({ players: 2, handsPerPlayer: 4 });
    expect(info.options.map((o) => o.key)).toEqual(["players", "deadHands", "card", "hints", "windowHours"]);
    for (const players of [undefined, 2, 3, 4]) {
      const r = engine.newGame("royale", players ? { players } : {}, "royale-seed-1");
      if (!r.ok) throw new Error(r.message);
      const s = r.state as SiameseState;
      expect(s.players).toBe(players ?? 2);
      expect(s.options.players).toBe(players ?? 2);
      expect(s.seats.every((p) => p.racks.length === 4)).toBe(true);
    }
    for (const players of [1, 5, 2.5, "3"]) expect(engine.newGame("royale", { players } as GameOptions, "royale-seed-1").ok).toBe(false);
    // three and four players claim through windows: dealt by the registered ruleset
    for (const players of [3, 4]) expect(real.newGame({ players }, "royale-seed-1").seats).toHaveLength(players);
    // Siamese ignores the option and stays two players × two racks
    const siamese = engine.newGame("siamese", { players: 4 }, "royale-seed-1");
    expect(siamese.ok && (siamese.state as SiameseState).seats.map((p) => p.racks.length)).toEqual([2, 2]);
  });

  it("Deal: the factory deals exactly what the Royale deal does (55 each, East 56, one set per player)", () => {
    for (const players of [2, 3, 4]) {
      const s = real.newGame({ players }, `deal-${players}`);
      const { ruleset: _r, ...royale } = royaleDeal({ players }, `deal-${players}`);
      const { ruleset, ...mine } = s;
      expect(ruleset).toBe("royale");
      expect(mine).toEqual(royale);
      checkInvariants(s, ROYALE_ALL);
    }
  });

  it("Tile conservation across sets and counts per player over simulated fixture-card games, 2–4 players, prevent and enforce; views and events leak nothing; refused moves change nothing; verify replays", () => {
    const ends = new Set<string>();
    for (let g = 0; g < 12; g++) {
      const options: GameOptions = { card: "fixture", players: 2 + (g % 3), deadHands: g % 2 ? "enforce" : "prevent" };
      const s = g < 6 ? exercise(fixture, options, `royale-${g}`) : simulateGame(fixture, options, `royale-${g}`, { check: true }).state;
      ends.add(s.result!.reason);
      expect(s.result!.totals).toHaveLength(s.players);
    }
    expect(ends.size).toBeGreaterThan(0);
  }, 120_000);

  it("sample-card games: the same invariants, and every player's view checked", () => {
    for (let g = 0; g < 2; g++) {
      const { state } = simulateGame(real, { players: 2 }, `royale-real-${g}`, { check: true });
      for (const seat of [0, 1, null]) checkView(real, state, seat);
      expect(state.result).not.toBeNull();
    }
  }, 120_000);

  it("Timeout: the player draws and discards the tile drawn", () => {
    const s = real.newGame({}, "royale-timeout");
    const east = real.timeout(s, 0);
    if (!east.ok) throw new Error(east.message);
    expect(east.events.find((e) => e.type === "discard")).toMatchObject({ tile: { id: s.seats[0]!.drawn } });
    const west = real.timeout(east.state, 1);
    if (!west.ok) throw new Error(west.message);
    const drawn = west.events.find((e) => e.type === "draw")!;
    expect(west.events.find((e) => e.type === "discard")).toMatchObject({ tile: (drawn.secret as { tile: unknown }).tile });
  });

  it("Abandon: the game ends for everyone, scored as four dead hands (−4 × the lowest value on the card without Mah Jonggs)", () => {
    const s = real.newGame({ players: 3 }, "royale-abandon");
    const r = real.abandon(s, 1);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.phase).toBe("over");
    expect(r.state.result!.lines).toEqual([expect.objectContaining({ seat: 1, reason: "abandoned" })]);
    expect(r.state.result!.totals[1]).toBeLessThan(0);
  });

  it("Records: a simulated royale record verifies through the engine's entry, and a tampered one does not", () => {
    const { record, state } = simulateGame(fixture, { card: "fixture", players: 3 }, "royale-verify");
    expect(record.options.players).toBe(3);
    const ok = verifyWith(fixture, record);
    expect(ok.ok && ok.state).toEqual(state);
    const bad: GameRecord = { ...record, moves: record.moves.map((m, i) => (i === 0 ? { ...m, seat: 1 } : m)) };
    expect(verifyWith(fixture, bad).ok).toBe(false);
  });
});
