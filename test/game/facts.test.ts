/**
 * The game room keeps what follows from each change (the engine's facts: result, toAct, pace) on
 * its document and reads them there: after a move it asks the engine only what differs per seat
 * (its view, its legal moves, its hints) and the words of events, never the game's facts again.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { GameDoc } from "../../worker/game/store";
import { HEADS } from "../../worker/engine/rulesets";

/** Every call the room's pure parts make into the engine, by name. */
const calls = vi.hoisted(() => [] as string[]);
vi.mock("../../worker/game/engine", async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  return Object.fromEntries(Object.entries(real).map(([name, f]) => [name, typeof f === "function" ? (...a: unknown[]) => (calls.push(name), (f as (...a: unknown[]) => unknown)(...a)) : f]));
});

const engine = await import("../../worker/game/engine");
const { seated, played, resigned } = await import("../../worker/game/turns");
const { payload } = await import("../../worker/game/view");
const { toldAfter } = await import("../../worker/game/notices");
const { indexRow } = await import("../../worker/game/index-sync");
const { alarmAt } = await import("../../worker/game/alarm");
const { loaded, newDoc, recordOf } = await import("../../worker/game/doc");
const { T0 } = await import("./fixtures");

/** What a seat may ask the engine for itself, the words of events, and the ruleset's name (a lookup in its head, no fact of the state). */
const PER_SEAT = new Set(["viewFor", "legalMoves", "hints", "hintsInView", "viewEvent", "describeEvent", "rulesetName"]);

function dealt() {
  const open = newDoc({ id: "g1", ruleset: HEADS[0]!.id, options: {}, daysPerMove: 3, seats: 2, creator: { userId: "ann", name: "Ann" }, inviteHash: "h", seed: "facts-room-1", commitment: "c", appUrl: "https://mj.test" }, T0);
  const d = seated(open, [open.players[0]!, { userId: "bob", name: "Bob" }], T0);
  if (!("doc" in d) || d.state === null) throw new Error("no deal");
  return { doc: d.doc, state: d.state };
}

/** Everything the room does after a committed change but broadcast and store: each seat's view, notices, the index row, the alarm. */
function after(doc: GameDoc, state: Parameters<typeof payload>[1]) {
  for (const seat of [0, 1]) payload(doc, state, [], seat, T0);
  toldAfter([], doc, [], T0, () => false);
  indexRow(doc, 1);
  alarmAt(doc, state, { now: T0, offsetMs: 0, stuck: -1 });
}

beforeEach(() => void calls.splice(0));

describe("the game's facts live on its document", () => {
  it("the deal's facts: nobody but the first seat to act, no result", () => {
    const { doc, state } = dealt();
    expect(doc.facts).toEqual({ result: null, toAct: engine.factsOf(state).toAct, pace: engine.factsOf(state).pace });
    expect(doc.clocks.map((c) => c.seat)).toEqual(doc.facts.toAct);
  });

  it("after a move the room asks the engine once for the move, then only per seat", () => {
    const { doc, state } = dealt();
    const seat = doc.facts.toAct[0]!;
    const move = engine.legalMoves(state, seat)[0]!;
    calls.splice(0);
    const next = played(doc, state, seat, move, T0 + 1000);
    if (!("doc" in next) || next.state === null) throw new Error("move refused");
    after(next.doc, next.state);
    expect(calls.filter((n) => n === "apply")).toHaveLength(1);
    expect(calls.filter((n) => n !== "apply" && !PER_SEAT.has(n))).toEqual([]);
    expect(calls.filter((n) => n === "viewFor")).toHaveLength(2);
    expect(next.doc.facts).toEqual(engine.factsOf(next.state));
  });

  it("the end: the result is read from the document by the view, the index row and the record", () => {
    const { doc, state } = dealt();
    calls.splice(0);
    const over = resigned(doc, state, 1, T0 + 1000);
    if (!("doc" in over) || over.state === null) throw new Error("resignation refused");
    after(over.doc, over.state);
    expect(calls.filter((n) => n !== "abandon" && !PER_SEAT.has(n))).toEqual([]);
    const result = over.doc.facts.result;
    expect(result?.reason).toBe("abandoned");
    expect(over.doc.facts).toMatchObject({ toAct: [], pace: { key: "", hours: null } });
    expect(payload(over.doc, over.state, [], 0, T0).result).toEqual(result);
    expect(indexRow(over.doc).result).toBe("abandoned");
    expect(recordOf(over.doc, [], []).result).toEqual(result);
  });

  it("a document stored before it kept the facts gets them from its state once, on load", () => {
    const { doc, state } = dealt();
    const { facts: _, ...stored } = doc;
    calls.splice(0);
    expect(loaded(stored as GameDoc, state)).toEqual(doc);
    expect(calls).toEqual(["factsOf"]);
    expect(loaded(doc, state)).toBe(doc);
    expect(loaded(null, null)).toBeNull();
    expect(loaded({ ...(stored as GameDoc), status: "open" }, null)?.facts).toEqual({ result: null, toAct: [], pace: { key: "", hours: null } });
  });
});
