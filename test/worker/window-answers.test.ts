/**
 * Answers to one claim window do not conflict (issue 38, 7): seats answering the same open window
 * at the same moment, each from the version it saw, are all accepted; the window closes when the
 * last one answers. A move that is no answer to the open window still gets the stale 409.
 */
import { describe, expect, it } from "vitest";
import { botMove } from "./american-bot";
import { createAndJoin, key, signIn } from "./client";

const players = [await signIn("ava.wa@example.com"), await signIn("bo.wa@example.com"), await signIn("cy.wa@example.com"), await signIn("di.wa@example.com")];
const game = (seat: number, id: string) => players[seat]!.get(`/api/games/${id}`).then((r) => r.body);

describe("answers to one claim window", () => {
  it("seats answering at the same moment from the same version are all accepted", async () => {
    const { id, created } = await createAndJoin(players[0]!, players.slice(1), { ruleset: "american", seed: "american-window-answers-01", options: { daysPerMove: 2, windowHours: 6 } });
    expect(created.status).toBe(201);
    let windows = 0;
    for (let step = 0; step < 400 && windows < 3; step++) {
      const g = await game(0, id);
      expect(g.status).toBe("active");
      const waiting: number[] = g.players.filter((p: any) => p.toAct).map((p: any) => p.seat);
      if (g.view.phase === "window" && waiting.length >= 2) {
        windows++;
        // Every seat asked reads the game at the same version, then all answer at once.
        const views = await Promise.all(waiting.map((seat) => game(seat, id)));
        expect(new Set(views.map((v) => v.version)).size).toBe(1);
        const answers = await Promise.all(
          waiting.map((seat, i) => players[seat]!.post(`/api/games/${id}/moves`, { version: views[i].version, move: botMove(views[i].legalMoves, views[i].view.seats[seat].concealed), idempotencyKey: key() })),
        );
        expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body.code))).toEqual(waiting.map(() => 200));
        // Each answer is one change; the last one closed the window.
        expect((await game(0, id)).version).toBe(views[0].version + waiting.length);
        continue;
      }
      const seat = waiting[0]!;
      const mine = await game(seat, id);
      const r = await players[seat]!.post(`/api/games/${id}/moves`, { version: mine.version, move: botMove(mine.legalMoves, mine.view.seats[seat].concealed), idempotencyKey: key() });
      expect(r.status).toBe(200);
      // Outside a window a move from an older version is still refused with the current game.
      if (r.body.view.phase !== "window" && r.body.status === "active") {
        const next = r.body.players.find((p: any) => p.toAct)?.seat;
        if (next !== undefined && next !== seat) {
          const theirs = await game(next, id);
          const stale = await players[next]!.post(`/api/games/${id}/moves`, { version: theirs.version - 1, move: botMove(theirs.legalMoves, theirs.view.seats[next].concealed), idempotencyKey: key() });
          expect(stale.status).toBe(409);
          expect(stale.body.code).toBe("game/stale");
        }
      }
    }
    expect(windows).toBe(3);
  }, 120_000);
});
