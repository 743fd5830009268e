/** The engine's public entry as the service uses it: new games, views, events in words, hints, verify. */
import { describe, expect, it } from "vitest";
import * as engine from "../../worker/engine";

describe("engine public API", () => {
  it("newGame refuses unknown rulesets, short seeds and unknown cards with a clear error", () => {
    expect(engine.newGame("bridge" as never, {}, "seed-12345")).toMatchObject({ ok: false, code: "game/ruleset" });
    expect(engine.newGame("siamese", {}, "x")).toMatchObject({ ok: false, code: "game/seed" });
    const r = engine.newGame("siamese", { card: "no-such-card" }, "seed-12345");
    expect(r.ok || r.message).toMatch(/no built-in card "no-such-card"/);
  });

  it("a game plays through the entry; the draw is a secret of the drawer; the seed shows only at the end", () => {
    const g = engine.newGame("siamese", {}, "api-seed-1");
    if (!g.ok) throw new Error(g.message);
    let s = g.state;
    expect(engine.toAct(s)).toEqual([0]);
    expect(JSON.stringify(engine.viewFor(s, 1))).not.toContain("api-seed-1");
    const d = engine.apply(s, 0, { type: "discard", tile: (s as engine.SiameseState).seats[0]!.pool[0]! });
    if (!d.ok) throw new Error(d.message);
    s = d.state;
    const drew = engine.apply(s, 1, { type: "draw" });
    if (!drew.ok) throw new Error(drew.message);
    const ev = drew.events[0]!;
    expect(engine.viewEvent(ev, 1).secret).toBeDefined();
    expect(engine.viewEvent(ev, 0).secret).toBeUndefined();
    expect(engine.viewEvent(ev, null).secret).toBeUndefined();
    expect(engine.describeEvent(engine.viewEvent(ev, 0), ["Ann", "Bob"])).toBe("Bob drew a tile");
    expect(engine.describeEvent(d.events[0]!, ["Ann", "Bob"])).toMatch(/^Ann discarded /);
    const over = engine.abandon(drew.state, 1);
    if (!over.ok) throw new Error(over.message);
    expect(engine.result(over.state)?.reason).toBe("abandoned");
    expect((engine.viewFor(over.state, 0) as { seed?: string }).seed).toBe("api-seed-1");
    expect(engine.describeEvent(over.events.at(-1)!, ["Ann", "Bob"])).toBe("The game ended (abandoned): Ann 0, Bob -100");
  });

  it("events read as plain words", () => {
    const names = ["Ann", "Bob"];
    expect(engine.describeEvent({ type: "discard", seat: 0, tile: { id: 100, kind: 24 } }, names)).toBe("Ann discarded 7 Dots");
    expect(engine.describeEvent({ type: "claim", seat: 1, rack: 1, size: 3, jokers: 0, tile: { id: 100, kind: 24 } }, names)).toBe("Bob claimed 7 Dots for a pung on rack 2");
    expect(engine.describeEvent({ type: "mahjong", seat: 0, rack: 0, line: "2468-1", jokerless: false, from: null }, names)).toBe("Ann declared Mah Jongg on rack 1 (line 2468-1)");
  });

  it("hints give the closest lines per rack, and none when the game turns hints off", () => {
    const g = engine.newGame("siamese", {}, "api-seed-2");
    if (!g.ok) throw new Error(g.message);
    const h = engine.hints(g.state, 0)!;
    expect(h.racks.map((r) => r.closest.length)).toEqual([3, 3]);
    expect(h.racks[0]!.closest[0]!.away).toBeLessThanOrEqual(h.racks[0]!.closest[2]!.away);
    const off = engine.newGame("siamese", { hints: false }, "api-seed-2");
    expect(off.ok && engine.hints(off.state, 0)).toBeNull();
  });

  it("hints suggest an Atomic line only for a Siamese Atomic rack: never to a player who has not gone for it, never in American", () => {
    const atomic = new Set(engine.builtinCards["sample-2026"]!.lines.filter((l) => l.atomic).map((l) => l.id));
    expect(atomic.size).toBeGreaterThan(0);
    for (const [ruleset, seats] of [["siamese", 2], ["american", 4]] as const) {
      for (let i = 0; i < 40; i++) {
        const g = engine.newGame(ruleset, {}, `atomic-hints-${ruleset}-${i}`);
        if (!g.ok) throw new Error(g.message);
        for (let seat = 0; seat < seats; seat++) {
          const h = engine.hints(g.state, seat)!;
          const lines = [...h.racks.flatMap((r) => r.closest.map((c) => c.line)), ...(h.together?.lines.map((l) => l.line) ?? [])];
          expect(lines.length).toBeGreaterThan(0);
          for (const line of lines) expect(atomic.has(line)).toBe(false);
        }
      }
    }
  });

  it("hints are off when the game says so", () => {
    const off = engine.newGame("siamese", { hints: false }, "api-seed-2");
    expect(off.ok && engine.hints(off.state, 0)).toBeNull();
  });

  it("rulesets list the playable variants and their options", () => {
    expect(engine.rulesets.map((r) => r.id)).toEqual(expect.arrayContaining(["siamese", "siamese-mjm", "american"]));
    expect(engine.rulesets[0]!.options.find((o) => o.key === "deadHands")!.default).toBe("prevent");
  });

  it("verify rejects a record whose seed does not match the commitment", () => {
    const g = engine.newGame("siamese", {}, "api-seed-3");
    if (!g.ok) throw new Error(g.message);
    const record = engine.recordOf(g.state, []);
    expect(engine.verify(record).ok).toBe(true);
    expect(engine.verify({ ...record, seed: "other-seed" })).toMatchObject({ ok: false, code: "verify/commitment" });
  });
});
