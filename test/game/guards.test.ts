/** What each of the game DO's methods checks first (worker/game/guards.ts), outside workerd. */
import { describe, expect, it } from "vitest";
import { FULL, guard } from "../../worker/game/guards";
import type { GameDoc } from "../../worker/game/store";

function doc(over: Partial<GameDoc> = {}): GameDoc {
  return {
    id: "g1", ruleset: "siamese", options: {}, daysPerMove: 3, seats: 2,
    players: [{ userId: "ann", name: "Ann" }, { userId: "bob", name: "Bob" }],
    inviteHash: "h", seed: "s", commitment: "c", appUrl: "https://mj.test", status: "active", version: 7, createdAt: 0,
    clocks: [], vacations: {}, timeouts: [0, 0], ledger: "none", ledgerAttempts: 0,
    ...over,
  } as GameDoc;
}
const open = () => doc({ status: "open", players: [{ userId: "ann", name: "Ann" }, null] });
const code = (r: { ok: boolean; code?: string }) => (r.ok ? "ok" : r.code);

describe("guards: who may do what to a game", () => {
  it("no game: not found for every method; an existing game cannot be created again", () => {
    for (const r of [guard.get(null, "ann", null), guard.mover(null, "ann"), guard.record(null), guard.chat(null, "ann"), guard.vacation(null), guard.extendDeadline(null), guard.forfeit(null, "ann"), guard.socket(null, "ann"), guard.join(null, "ann", "h")]) expect(code(r)).toBe("not-found");
    expect(guard.create(null)).toBeNull();
    expect(guard.create(doc())?.code).toBe("game/exists");
  });

  it("someone without a seat learns nothing of a running game, unless they hold its invitation (then: full)", () => {
    expect(code(guard.get(doc(), "eve", null))).toBe("not-found");
    const full = guard.get(doc(), "eve", "h");
    expect(full.ok || full.message).toBe(FULL);
    expect(guard.get(doc({ status: "ended" }), "eve", null)).toMatchObject({ ok: true, seat: -1 });
    expect(guard.get(open(), "eve", "h")).toMatchObject({ ok: true, seat: -1 });
    expect(guard.get(doc(), "bob", null)).toMatchObject({ ok: true, seat: 1 });
  });

  it("joining: a seated player is already there; a valid invitation gives the free seat; a full game says so", () => {
    expect(guard.join(doc(), "bob", null)).toMatchObject({ ok: true, seat: 1, seated: true });
    expect(guard.join(open(), "bob", "h")).toMatchObject({ ok: true, seat: 1, seated: false });
    expect(code(guard.join(open(), "bob", "x"))).toBe("not-found");
    expect(code(guard.join(doc(), "eve", "h"))).toBe("game/full");
  });

  it("a new move needs a running game at the version the player saw; a stale one gets the current view", () => {
    const p = guard.mover(doc(), "ann");
    if (!p.ok) throw new Error("ann plays");
    expect(guard.move(p, 7, () => ({}))).toBeNull();
    expect(guard.move(p, 6, () => ({ v: 7 }))).toMatchObject({ code: "game/stale", game: { v: 7 } });
    expect(guard.move({ ...p, doc: doc({ status: "open" }) }, 7, () => ({}))?.code).toBe("game/not-started");
    expect(guard.move({ ...p, doc: doc({ status: "ended" }) }, 7, () => ({}))?.code).toBe("game/over");
  });

  it("the organiser's tools: running games only; a newcomer must not sit at the table already", () => {
    expect(code(guard.extendDeadline(doc({ status: "open" })))).toBe("game/not-running");
    expect(code(guard.forfeit(doc(), "eve"))).toBe("not-found");
    expect(code(guard.forfeit(doc({ status: "ended" }), "ann"))).toBe("game/not-running");
    expect(guard.replacePlayer(doc(), "bob", "cid")).toMatchObject({ ok: true, seat: 1 });
    expect(code(guard.replacePlayer(doc(), "bob", "ann"))).toBe("game/seated");
    expect(code(guard.replacePlayer(doc({ status: "ended" }), "bob", "cid"))).toBe("game/over");
    expect(code(guard.vacation(doc({ status: "ended" })))).toBe("game/over");
  });

  it("the record only once the game ended; live sockets for its players only (an ended game's gives its last view: GameRoom.fetch); development hooks only in development", () => {
    expect(code(guard.record(doc()))).toBe("record/not-yet");
    expect(code(guard.record(doc({ status: "ended" })))).toBe("ok");
    expect(guard.socket(doc({ status: "ended" }), "ann")).toMatchObject({ ok: true, seat: 0 });
    expect(code(guard.socket(doc({ status: "ended" }), "zed"))).toBe("not-found");
    expect(code(guard.socket(doc(), "zed"))).toBe("not-found");
    expect(guard.socket(doc(), "bob")).toMatchObject({ ok: true, seat: 1 });
    expect(code(guard.dev(false, doc()))).toBe("not-found");
    expect(code(guard.dev(true, doc()))).toBe("ok");
  });
});
