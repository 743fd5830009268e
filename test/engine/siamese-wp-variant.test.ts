/**
 * Wright-Patterson Siamese is a ruleset of its own (issue 29): a Variant built from its own head and
 * parts, not a Siamese edition record with an escape hatch. What it shares with the Siamese rulesets
 * (racks over one pool, the dead-hand rules) it calls from variants/siamese/racks.ts, and games
 * recorded before it became its own ruleset still verify to the same end.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as engine from "../../worker/engine/index";
import type { GameRecord, GameResult } from "../../worker/engine/api";
import stored from "./fixtures/siamese-records.json";

const root = resolve(import.meta.dirname, "../..");
const variants = join(root, "worker/engine/variants");

/** The relative imports of every file of a variant folder, as written. */
const importsOf = (folder: string) =>
  readdirSync(join(variants, folder))
    .filter((f) => f.endsWith(".ts"))
    .flatMap((f) => [...readFileSync(join(variants, folder, f), "utf8").matchAll(/from "(\.[^"]+)"/g)].map((m) => ({ file: f, spec: m[1]! })));

describe("Wright-Patterson Siamese, a ruleset of its own", () => {
  it("is listed with its own head: two players, two racks, Chinese tiles, its options, the Siamese rating", () => {
    const wp = engine.rulesets.find((r) => r.id === "siamese-wp")!;
    expect(wp).toMatchObject({ name: "Wright-Patterson Siamese", players: 2, handsPerPlayer: 2, sets: 1, family: "siamese", hintsIn: "view" });
    expect(wp.options.map((o) => o.key)).toEqual(["deadHands", "hints", "games"]);
  });

  it("deals a match of the games asked for, and refuses options it does not take in plain words", () => {
    const r = engine.newGame("siamese-wp", { games: 2 }, "wp-variant:one");
    expect(r.ok && r.state.ruleset).toBe("siamese-wp");
    expect(r.ok && (r.state as { match: { games: number } }).match.games).toBe(2);
    const bad = engine.newGame("siamese-wp", { games: 9 }, "wp-variant:one");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.code).toBe("game/options");
  });

  it("speaks of the match once it is over (abandoned here), and changes nothing", () => {
    const r = engine.newGame("siamese-wp", {}, "wp-variant:two");
    if (!r.ok) throw new Error(r.message);
    const over = engine.abandon(r.state, 0);
    if (!over.ok) throw new Error(over.message);
    const before = JSON.stringify(over.state);
    const refused = engine.apply(over.state, 1, { type: "draw" });
    expect(refused).toMatchObject({ ok: false, code: "game/over", message: "the match is over" });
    expect(JSON.stringify(over.state)).toBe(before);
  });

  it("takes from the Siamese folder only the functions the two share (racks.ts), and the Siamese folder nothing from it", () => {
    const fromSiamese = importsOf("siamese-wp").filter((i) => i.spec.startsWith("../siamese/") || i.spec === "../siamese");
    expect(fromSiamese.length).toBeGreaterThan(0);
    expect(fromSiamese.filter((i) => i.spec !== "../siamese/racks")).toEqual([]);
    expect(importsOf("siamese").filter((i) => i.spec.includes("siamese-wp"))).toEqual([]);
  });
});

describe("games recorded before Wright-Patterson became its own ruleset", () => {
  // Made with the tree before (d72cfc5, issue 29): simulated matches under both deadHands settings (the
  // enforce one with a dead rack), a match with standing orders, timeouts and an abandon, and
  // Siamese and MahJong Masters games with dead hands, each with the state and result it came to.
  const games = stored as unknown as { record: GameRecord; result: GameResult | null; state: unknown }[];

  it.each(games.map((g) => [`${g.record.ruleset} ${g.record.seed}`, g] as const))("%s verifies to the same state and result", (_, g) => {
    const v = engine.verify(g.record);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.result).toEqual(g.result);
    // standing orders recorded as {claims, throwUnneeded} replay as the same orders, kept {claims, throws};
    // the count of orders entries (ordersEntries, issue 38) is bookkeeping the old engine did not keep
    const stored = g.state as { orders?: unknown[] };
    const { ordersEntries: _entries, ...replayed } = v.state as { ordersEntries?: number };
    expect(replayed).toEqual(stored.orders ? { ...stored, orders: stored.orders.map(engine.normalizeOrders) } : stored);
  });

  it("a tampered record is refused", () => {
    const g = games[0]!;
    const moves = g.record.moves.slice();
    moves[3] = { seat: moves[3]!.seat, move: { type: "discard", tile: -1 } };
    expect(engine.verify({ ...g.record, moves }).ok).toBe(false);
  });
});
