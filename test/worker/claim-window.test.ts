/**
 * A claim window through the service (American): the seats asked get a `claim` notice naming the
 * discard and when the window closes, not the generic "Your turn"; at the window's deadline one
 * alarm closes it for every silent seat (the engine's closeWindow), one {type:"timeout"} recorded
 * per silent seat, and the record still verifies.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { recordOf, verify } from "../../worker/engine/index";
import type { GameRoom } from "../../worker/game/room";
import { botMove } from "./american-bot";
import { createAndJoin, key, signIn } from "./client";

const HOUR = 3600_000;
const players = [await signIn("ava.cw@example.com"), await signIn("bo.cw@example.com"), await signIn("cy.cw@example.com"), await signIn("di.cw@example.com")];
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
const game = (seat: number, id: string) => players[seat]!.get(`/api/games/${id}`).then((r) => r.body);

type Room = { env: unknown; notices: { flush(): void }; store: { moves(): { seat: number; move: { type: string } }[] }; game: { state: never } };

describe("a claim window through the service", () => {
  it("the seats asked are told who discarded what and until when; one alarm at the deadline passes every silent seat", async () => {
    const { id, created } = await createAndJoin(players[0]!, players.slice(1), { ruleset: "american", seed: "american-claim-notice-01", options: { daysPerMove: 2, windowHours: 3 } });
    expect(created.status).toBe(201);
    const sent: { type: string; userId: string; text: string; deadline?: number; game?: string; opponents?: string[] }[] = [];
    await runInDurableObject(stubOf(id), (room: GameRoom) => {
      const r = room as unknown as Room;
      (r as any).notices.handOver = async (_env: unknown, msgs: any[]) => void sent.push(...msgs);
    });

    const flush = () => runInDurableObject(stubOf(id), (room: GameRoom) => (room as unknown as Room).notices.flush());
    let g = await game(0, id);
    let mark = 0;
    while (g.view.phase !== "window") {
      await flush();
      mark = sent.length;
      const seat = g.players.findIndex((p: { toAct: boolean }) => p.toAct);
      const mine = await game(seat, id);
      const r = await players[seat]!.post(`/api/games/${id}/moves`, { version: mine.version, move: botMove(mine.legalMoves, mine.view.seats[seat].concealed), idempotencyKey: key() });
      expect(r.status).toBe(200);
      g = await game(0, id);
    }
    await flush();

    const waiting: number[] = g.players.filter((p: { toAct: boolean }) => p.toAct).map((p: { seat: number }) => p.seat);
    expect(waiting.length).toBeGreaterThan(0);
    const discarder: number = g.view.window.discarder;
    const last = sent.slice(mark);
    const claims = last.filter((m) => m.type === "claim");
    expect(claims.map((m) => m.userId).sort()).toEqual(waiting.map((s) => g.players[s].userId).sort());
    const name = g.players[discarder].name;
    for (const m of claims) {
      expect(m.text).toMatch(new RegExp(`^${name} discarded [0-9A-Za-z ]+ — you may call it \\(until \\d\\d:\\d\\d UTC\\)\\.$`));
      expect(m.deadline! - g.now).toBeLessThanOrEqual(3 * HOUR);
      // Mail and push name the game and the other three players.
      expect(m.game).toBe("American Mah Jongg");
      expect(m.opponents).toHaveLength(3);
    }
    // The window's discard told nobody "Your turn".
    expect(last.filter((m) => m.type === "turn")).toEqual([]);
    expect(waiting).not.toContain(discarder);

    const movesBefore = await runInDurableObject(stubOf(id), (room: GameRoom) => (room as unknown as Room).store.moves().length);
    await players[0]!.post(`/api/dev/games/${id}/clock`, { advanceMs: 3 * HOUR + 1000, fire: false });
    await runDurableObjectAlarm(stubOf(id));
    const after = await game(0, id);
    expect(after.view.phase).toBe("discard");
    const { moves, state } = await runInDurableObject(stubOf(id), (room: GameRoom) => ({ moves: (room as unknown as Room).store.moves(), state: (room as unknown as Room).game.state }));
    expect(moves.slice(movesBefore)).toEqual(waiting.map((seat) => ({ seat, move: { type: "timeout" } })));
    expect(verify(recordOf(state, moves)).ok).toBe(true);
  }, 60_000);
});
