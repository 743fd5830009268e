/** Royale invariants over many seeds and random claims: tile conservation across sets, counts per player, one claim order. */
import { describe, expect, it } from "vitest";
import { verifyWith } from "../../worker/engine/game/verify";
import { kindsOf } from "../../worker/engine/game/physical";
import { nextInt, seedRng } from "../../worker/engine/random";
import { answer, closeWindow, openRoyaleWindow, resolveClaims, windowClaims, type Claim, type RoyaleCall } from "../../worker/engine/variants/royale/claims";
import { royaleDeal } from "../../worker/engine/variants/royale/deal";
import { cardModule } from "../../worker/engine/card";
import { checkReplay, rulesOf, simulate } from "../../worker/engine/simulate";
import { simulateGame } from "../../worker/engine/variants/siamese/simulated";
import { ROYALE } from "../../worker/engine/variants/royale/edition";
import { siameseVariant } from "../../worker/engine/variants/siamese";
import { fixtureCards } from "./fixtures/fixture-card";

describe("Royale properties", () => {
  it("Tile conservation across sets: every deal of 2–4 players holds each tile id of its sets once, 55 a player and 56 for East", () => {
    for (let g = 0; g < 60; g++) {
      const players = 2 + (g % 3);
      const s = royaleDeal({ players }, `prop-${g}`);
      const n = 152 * players;
      const seen = new Uint8Array(n);
      for (const id of [...s.seats.flatMap((p) => p.pool), ...s.wall]) seen[id]!++;
      expect(seen.every((x) => x === 1)).toBe(true);
      expect(kindsOf("american", players).length).toBe(n);
      expect(s.seats.map((p) => p.pool.length)).toEqual([56, ...Array(players - 1).fill(55)]);
    }
  });

  it("Play: the window and resolveClaims agree on the claim order for any claims, any discarder, 3–4 players", () => {
    const rng = seedRng("royale-claims");
    for (let g = 0; g < 300; g++) {
      const players = 3 + nextInt(rng, 2);
      const discarder = nextInt(rng, players);
      const stopped = Array.from({ length: players }, () => nextInt(rng, 5) === 0);
      const w0 = openRoyaleWindow({ players, discarder, tile: 1, joker: false, stopped, preferences: Array(players).fill("ask") });
      let w = w0;
      const claims: Claim[] = [];
      for (const seat of w0.asked) {
        const r = nextInt(rng, 4);
        const call: RoyaleCall | null = r === 0 ? null : r === 1 ? { type: "call", rack: nextInt(rng, 4), size: 3, jokers: 0 } : { type: "call-mahjong", rack: nextInt(rng, 4), line: "run-1", hands: r - 1 };
        if (nextInt(rng, 6) === 0) continue; // silent until the deadline
        w = answer(w, seat, call);
        if (call) claims.push({ seat, call });
      }
      const got = windowClaims(closeWindow(w), () => null);
      expect(got).toEqual(resolveClaims(discarder, claims, players));
      // a stopped player or the discarder never claims; the seeds' order (issue 28): claims declaring two or more
      // hands first, then every other claim, exposure or Mah Jongg alike, nearest in turn first
      expect(got.every((c) => c.seat !== discarder && !stopped[c.seat])).toBe(true);
      const multi = (c: Claim) => c.call.type === "call-mahjong" && (c.call.hands ?? 1) >= 2;
      const firstSingle = got.findIndex((c) => !multi(c));
      if (firstSingle >= 0) expect(got.slice(firstSingle).some(multi)).toBe(false);
      const distance = (c: Claim) => (c.seat - discarder + players) % players;
      for (const part of [got.filter(multi), got.filter((c) => !multi(c))]) expect(part.map(distance)).toEqual(part.map(distance).sort((a, b) => a - b));
    }
  });

  it("Play: 3- and 4-player games through claim windows keep tile conservation across sets, counts per player, leak-free views and events, and verify (purposeful players, fixture and sample cards, prevent and enforce)", () => {
    const fixture = siameseVariant(ROYALE, fixtureCards);
    const real = siameseVariant(ROYALE, cardModule);
    let windows = 0;
    for (let g = 0; g < 8; g++) {
      const players = 3 + (g % 2);
      const options = { players, deadHands: g % 4 < 2 ? "prevent" : "enforce", ...(g < 6 ? { card: "fixture" } : {}) } as const;
      const v = g < 6 ? fixture : real;
      const { state, record } = simulateGame(v, options, `royale-window-prop-${g}`, { check: true, events: true });
      expect(state.result!.totals).toHaveLength(players);
      windows += record.moves.filter((m) => ["pass", "call", "call-mahjong"].includes(m.move.type)).length;
      const verdict = verifyWith(v, record);
      expect(verdict.ok && verdict.state).toEqual(state);
    }
    expect(windows).toBeGreaterThan(0);
  }, 120_000);

  it("Play: the generic simulator plays 3- and 4-player Royale to the end with random legal moves and timeouts, every invariant checked, and the record replays", () => {
    const rules = rulesOf("royale");
    for (const players of [3, 4]) {
      const rng = seedRng(`royale-random-${players}`);
      const sim = simulate(rules, { players }, `royale-random-${players}`, {
        check: true,
        maxMoves: 20_000,
        // now and then a seat's clock runs out (in a window: a pass)
        player: () => (s, acting) => {
          const seat = acting[nextInt(rng, acting.length)]!;
          if (nextInt(rng, 20) === 0) return { seat, move: { type: "timeout" } };
          const moves = rules.legalMoves(s, seat);
          return { seat, move: moves[nextInt(rng, moves.length)]! };
        },
      });
      expect(sim.state.players).toBe(players);
      checkReplay(rules, sim);
    }
  }, 120_000);
});
