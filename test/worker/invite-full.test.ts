/** A full game's invitation link: the holder of the real invitation hears that every seat is taken; a stranger learns nothing. */
import { describe, expect, it } from "vitest";
import { signIn } from "./client";
import { NO_GAME } from "../../worker/game/guards";

const ann = await signIn("ann-full@example.com");
const bob = await signIn("bob-full@example.com");
const eve = await signIn("eve-full@example.com");

describe("an invitation to a game whose seats are all taken", () => {
  it("the invitation's holder is told the game has started; without the invitation it stays 'No such game'", async () => {
    const created = await ann.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 3 } });
    const { id, invite } = created.body as { id: string; invite: string };
    expect((await bob.post(`/api/games/${id}/join`, { invite })).body).toMatchObject({ status: "active", seat: 1 });

    const opened = await eve.get(`/api/games/${id}?invite=${invite}`);
    expect(opened.status).toBe(409);
    expect(opened.body).toEqual({ code: "game/full", message: "This game has already started; all seats are taken." });
    const tried = await eve.post(`/api/games/${id}/join`, { invite });
    expect(tried.status).toBe(409);
    expect(tried.body).toEqual({ code: "game/full", message: "This game has already started; all seats are taken." });

    for (const path of [`/api/games/${id}`, `/api/games/${id}?invite=${"x".repeat(43)}`, `/api/games/nosuchgame?invite=${invite}`]) {
      const r = await eve.get(path);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ code: "not-found", message: NO_GAME });
    }
    expect((await eve.post(`/api/games/${id}/join`, { invite: "x".repeat(43) })).status).toBe(404);
    // The seated players still see their game.
    expect((await bob.get(`/api/games/${id}?invite=${invite}`)).body).toMatchObject({ status: "active", seat: 1 });
  });
});
