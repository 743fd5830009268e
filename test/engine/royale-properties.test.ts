/** Royale invariants over many seeds and random claims: tile conservation across sets, counts per player, one claim order. */
import { describe, expect, it } from "vitest";
import { kindsOf } from "../../worker/engine/game/physical";
import { nextInt, seedRng } from "../../worker/engine/random";
import { answer, closeWindow, openRoyaleWindow, resolveClaims, windowClaims, type Claim, type RoyaleCall } from "../../worker/engine/variants/royale/claims";
import { royaleDeal } from "../../worker/engine/variants/royale/deal";

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
      // a stopped player or the discarder never claims; Mah Jongg never ranks below an exposure
      expect(got.every((c) => c.seat !== discarder && !stopped[c.seat])).toBe(true);
      const firstExposure = got.findIndex((c) => c.call.type === "call");
      if (firstExposure >= 0) expect(got.slice(firstExposure).every((c) => c.call.type === "call")).toBe(true);
    }
  });
});
