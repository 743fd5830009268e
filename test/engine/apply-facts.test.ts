/**
 * apply, timeout, abandon and closeWindow hand out what follows from the change (result, toAct,
 * pace) with the state they made, so the service never asks again: the same as asking the engine
 * about that state, and once the game is over a result, nobody to act and nobody timed.
 */
import { describe, expect, it } from "vitest";
import * as engine from "../../worker/engine";
import type { Applied, GameState } from "../../worker/engine";

const OVER = { key: "", hours: null };

/** The facts a change handed out, against the engine asked about its state afterwards. */
function expectFacts(r: Applied<GameState>, where: string): GameState {
  if (!r.ok) throw new Error(`${where}: ${r.code} ${r.message}`);
  const result = engine.result(r.state);
  const asked = result !== null ? { result, toAct: [], pace: OVER } : { result: null, toAct: engine.toAct(r.state), pace: engine.paceOf(r.state) };
  expect({ result: r.result, toAct: r.toAct, pace: r.pace }, where).toEqual(asked);
  return r.state;
}

describe("a change hands out its facts", () => {
  for (const { id, options } of engine.rulesets) {
    it(`${id}: every move, timeout and closed claim window, then the end`, () => {
      const players = options.find((o) => o.key === "players")?.values.at(-1)?.value;
      const g = engine.newGame(id, players === undefined ? {} : { players: players as number }, `facts-${id}-1`);
      if (!g.ok) throw new Error(g.message);
      let s = g.state;
      let closed = 0;
      for (let step = 0; step < 300 && s.phase !== "over"; step++) {
        const where = `${id} step ${step}`;
        const acting = engine.toAct(s);
        if (!acting.length) break;
        if (engine.paceOf(s).hours !== null && step % 2 === 0) {
          const r = engine.closeWindow(s);
          if (r.ok) closed++;
          s = expectFacts(r, `${where} closeWindow`);
          continue;
        }
        const seat = acting[step % acting.length]!;
        if (step % 9 === 8) {
          s = expectFacts(engine.timeout(s, seat), `${where} timeout`);
          continue;
        }
        const moves = engine.legalMoves(s, seat).filter((m) => m.type !== "orders");
        s = expectFacts(engine.apply(s, seat, moves[(step * 7) % moves.length]!), where);
      }
      if (s.phase !== "over") s = expectFacts(engine.abandon(s, 0), `${id} abandon`);
      expect(engine.result(s)).not.toBeNull();
      if (engine.rulesets.find((r) => r.id === id)!.options.some((o) => o.key === "windowHours")) expect(closed, `${id}: no claim window was closed`).toBeGreaterThan(0);
    });
  }

  it("a refusal hands out no facts", () => {
    const g = engine.newGame(engine.rulesets[0]!.id, {}, "facts-refused-1");
    if (!g.ok) throw new Error(g.message);
    const r = engine.apply(g.state, 1, { type: "no-such-move" });
    expect(r).toEqual({ ok: false, code: expect.any(String), message: expect.any(String) });
  });

  it("factsOf a state is what a change to it handed out", () => {
    const g = engine.newGame(engine.rulesets[0]!.id, {}, "facts-state-1");
    if (!g.ok) throw new Error(g.message);
    const seat = engine.toAct(g.state)[0]!;
    const r = engine.apply(g.state, seat, engine.legalMoves(g.state, seat)[0]!);
    if (!r.ok) throw new Error(r.message);
    expect(engine.factsOf(r.state)).toEqual({ result: r.result, toAct: r.toAct, pace: r.pace });
    expect(engine.factsOf(g.state)).toEqual({ result: null, toAct: [seat], pace: engine.paceOf(g.state) });
  });
});
