/**
 * Games played with standing orders of the old shape ({claims, throwUnneeded, targets?}: the state's
 * orders and the record's orders moves) replay exactly, and a state stored by the old engine in the
 * middle of such a game plays on exactly as it did: after every record entry the state and the
 * events are those the old engine made (fixtures/orders-records.json, made on main before orders
 * took `throws`; how: fixtures/orders-records.make.ts.txt). Two things are read alike on both
 * sides: a seat's orders, written {claims, throws, targets?} whichever shape the engine keeps, and
 * the mark a seat's own moves by orders carry (`byOrders`, which the old engine did not make).
 * The state's count of orders entries (`ordersEntries`, issue 38: views leave them out of `ply`) is
 * bookkeeping the old engine did not keep either, and is left out of the comparison.
 *
 * Records made with judged orders (fixtures/orders-judged-records.json, made on this engine) replay
 * the same way: judged moves are no record entries, so replaying asks the strong computer player
 * again. If its play changes, these fail: judged orders must keep judging as they did when the
 * records were made (or the change must say why old records may no longer replay).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ApplyResult, GameEvent, GameRecord, GameResult, Move } from "../../worker/engine/api";
import * as engine from "../../worker/engine/index";
import stored from "./fixtures/orders-records.json";
import judgedStored from "./fixtures/orders-judged-records.json";

type Old = { claims: string; throwUnneeded?: boolean; throws?: string; targets?: string[] } | null;
const canonOrders = (o: Old) => o && { claims: o.claims, throws: o.throws ?? (o.throwUnneeded ? "unneeded" : "none"), ...(o.targets ? { targets: o.targets } : {}) };
const canon = (state: unknown) => {
  const { ordersEntries: _, ...s } = state as { orders?: Old[]; ordersEntries?: number };
  return s.orders ? { ...s, orders: s.orders.map(canonOrders) } : s;
};
const strip = (events: unknown[]) =>
  events.map((e) => {
    const { byOrders: _, ...rest } = e as Record<string, unknown>;
    return rest;
  });
const digest = (state: unknown, events: unknown[]) => createHash("sha256").update(JSON.stringify({ state: canon(state), events: strip(events) })).digest("hex").slice(0, 24);

interface Game {
  record: GameRecord;
  digests: string[];
  mid: { at: number; state: engine.GameState } | null;
  result: GameResult | null;
}
const games = (stored as unknown as { games: Game[] }).games;
const judged = (judgedStored as unknown as { games: Game[] }).games;

/** Replays `moves` from `state` (entry `from` on) entry by entry as verify does, checking each digest. */
function replay(g: Game, state: engine.GameState, from: number) {
  let s = state;
  let events: GameEvent[] = [];
  for (let i = from; i < g.record.moves.length; i++) {
    const { seat, move } = g.record.moves[i]! as { seat: number; move: Move };
    const r: ApplyResult<engine.GameState> = move.type === "timeout" ? engine.timeout(s, seat) : engine.apply(s, seat, move);
    if (!r.ok) throw new Error(`entry ${i} (${JSON.stringify(move)}): ${r.code}: ${r.message}`);
    s = r.state;
    events.push(...r.events);
    // a window closed at its deadline is one digest, on the last of its timeouts
    if (g.digests[i] === "") continue;
    expect(digest(s, events), `after entry ${i} (seat ${seat}, ${JSON.stringify(move)})`).toBe(g.digests[i]);
    events = [];
  }
  return s;
}

describe("records and stored states made with orders of the old shape", () => {
  it("cover every ruleset, with orders moves of the old shape", () => {
    expect(new Set(games.map((g) => `${g.record.ruleset}/${g.record.options.players ?? ""}`)).size).toBe(8);
    const orders = games.flatMap((g) => g.record.moves.filter((m) => m.move.type === "orders").map((m) => m.move));
    expect(orders.length).toBeGreaterThan(50);
    expect(orders.every((m) => typeof m.throwUnneeded === "boolean" && !("throws" in m))).toBe(true);
    expect(games.filter((g) => g.mid).length).toBeGreaterThan(10);
  });

  it.each(games.map((g) => [`${g.record.ruleset} ${g.record.seed}`, g] as const))("%s: verify replays it, every entry to the same state and events", (_, g) => {
    const v = engine.verify(g.record);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.result).toEqual(g.result);
    const n = engine.newGame(g.record.ruleset, g.record.options, g.record.seed);
    if (!n.ok) throw new Error(n.message);
    const end = replay(g, n.state, 0);
    expect(canon(end)).toEqual(canon(v.state));
  });

  it.each(games.filter((g) => g.mid).map((g) => [`${g.record.ruleset} ${g.record.seed}`, g] as const))("%s: the state the old engine stored mid-game plays on exactly", (_, g) => {
    const mid = structuredClone(g.mid!);
    expect(JSON.stringify(mid.state.orders ?? [])).not.toContain('"throws"');
    const end = replay(g, mid.state, mid.at);
    expect(engine.result(end)).toEqual(g.result);
  });
});

describe("records and stored states made with judged orders", () => {
  it("cover every ruleset, with judged claims and throws among the orders moves", () => {
    expect(new Set(judged.map((g) => `${g.record.ruleset}/${g.record.options.players ?? ""}`)).size).toBe(8);
    const moves = judged.flatMap((g) => g.record.moves.filter((m) => m.move.type === "orders").map((m) => m.move));
    expect(moves.filter((m) => m.claims === "judged").length).toBeGreaterThan(10);
    expect(moves.filter((m) => m.throws === "judged").length).toBeGreaterThan(10);
  });

  it.each(judged.map((g) => [`${g.record.ruleset} ${g.record.seed}`, g] as const))("%s: verify replays it, every entry to the same state and events", { timeout: 60_000 }, (_, g) => {
    const v = engine.verify(g.record);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.result).toEqual(g.result);
    const n = engine.newGame(g.record.ruleset, g.record.options, g.record.seed);
    if (!n.ok) throw new Error(n.message);
    replay(g, n.state, 0);
    if (g.mid) replay(g, structuredClone(g.mid).state, g.mid.at);
  });
});
