/**
 * Who has a game open (`here`) is told to the game's players only (issue 38, 7): a stranger reading
 * a finished game sees nobody's presence, while its players still see who is at the table.
 */
import { describe, expect, it } from "vitest";
import { signIn, startGame } from "./client";

const ann = await signIn("ann.presence@example.com");
const bob = await signIn("bob.presence@example.com");
const eve = await signIn("eve.presence@example.com");

describe("presence", () => {
  it("a stranger's view of a finished game shows nobody here; the players' views do", async () => {
    const id = await startGame(ann, bob, "presence-private-01");
    const res = await ann.fetch(`/api/games/${id}/live`, { headers: { upgrade: "websocket" } });
    expect(res.status).toBe(101);
    res.webSocket!.accept();
    expect((await bob.post(`/api/games/${id}/resign`)).status).toBe(200);

    // Ann's socket is still open after the end: her own view and Bob's say so.
    expect((await ann.get(`/api/games/${id}`)).body.players.map((p: any) => p.here)).toEqual([true, false]);
    expect((await bob.get(`/api/games/${id}`)).body.players.map((p: any) => p.here)).toEqual([true, false]);
    // A stranger reads the finished game, but not who has it open.
    const seen = await eve.get(`/api/games/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.status).toBe("ended");
    expect(seen.body.players.map((p: any) => p.here)).toEqual([false, false]);
    res.webSocket!.close();
  });
});
