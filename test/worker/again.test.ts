/**
 * "Play again" (issue 27): from an ended game, the same ruleset, options, pace and rating with the
 * same people (invited again by mail) or as many computers of the same strength (dealt at once).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, createAndJoin, signIn } from "./client";

const ann = await signIn("ann@again.example.com");
const bob = await signIn("bob@again.example.com");
const eve = await signIn("eve@again.example.com");
await ann.put("/api/me", { displayName: "Ann", timezone: "UTC" });
await bob.put("/api/me", { displayName: "Bob", timezone: "UTC" });

const outbox = async (b: Browser, to: string) => (await b.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).body.messages as any[];

describe("play again", () => {
  it("a practice game starts again at once, with as many computers of the same strength", async () => {
    const first = await ann.post("/api/games", { ruleset: "siamese-mjm", options: { daysPerMove: 5 }, computers: { seats: 1, strength: "strong", delayMs: 0 } });
    expect(first.status).toBe(201);
    expect((await ann.post(`/api/games/${first.body.id}/resign`)).status).toBe(200);

    const again = await ann.post(`/api/games/${first.body.id}/again`);
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body.invited).toBe(0);
    const g = (await ann.get(`/api/games/${again.body.id}`)).body;
    expect(g).toMatchObject({ status: "active", ruleset: "siamese-mjm", daysPerMove: 5, seat: 0 });
    expect(g.players[1].computer).toEqual({ strength: "strong" });
  });

  it("a game with people starts open, the same options, and mails each other player an invitation that seats them", async () => {
    const { id } = await createAndJoin(ann, [bob], { ruleset: "siamese", rated: true, options: { daysPerMove: 7, deadHands: "enforce" } });
    expect((await ann.post(`/api/games/${id}/resign`)).status).toBe(200);
    const before = (await outbox(ann, "ann@again.example.com")).length;

    const again = await bob.post(`/api/games/${id}/again`);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ invited: 1, game: { status: "open", seat: 0, daysPerMove: 7 } });
    const mails = await outbox(ann, "ann@again.example.com");
    expect(mails.length).toBe(before + 1);
    expect(mails[0].subject).toBe("An invitation to a game of Mah Jongg");
    expect(mails[0].text).toContain('"Bob" would like another game of');
    expect(mails[0].link).toBe(again.body.inviteUrl);
    // The player asking never sees the other's address.
    expect(JSON.stringify(again.body)).not.toContain("ann@again.example.com");

    const link = new URL(mails[0].link);
    const joined = await ann.post(`/api/games/${again.body.id}/join`, { invite: link.searchParams.get("t") });
    expect(joined.body).toMatchObject({ status: "active", seat: 1, ruleset: "siamese" });
    // The same options and rating as the game before.
    const old = (await ann.get(`/api/games/${id}`)).body;
    expect(joined.body.options).toEqual(old.options);
    const rated = await env.DB.prepare("SELECT id, rated FROM games WHERE id IN (?, ?)").bind(id, again.body.id).all<any>();
    expect(rated.results.map((r: any) => r.rated)).toEqual([1, 1]);
    const listed = (await ann.get("/api/games")).body.games.find((x: any) => x.id === again.body.id);
    expect(listed.players.map((p: any) => p.name)).toEqual(["Bob", "Ann"]);
  });

  it("only from an ended game, only for its players; a refusal starts nothing", async () => {
    const { id } = await createAndJoin(ann, [bob], { ruleset: "siamese", options: { daysPerMove: 2 } });
    const count = async () => (await ann.get("/api/games")).body.games.length;
    const n = await count();
    expect(await ann.post(`/api/games/${id}/again`)).toMatchObject({ status: 409, body: { code: "game/not-running" } });
    expect(await eve.post(`/api/games/${id}/again`)).toMatchObject({ status: 404, body: { code: "not-found" } });
    expect((await new Browser().post(`/api/games/${id}/again`)).status).toBe(401);
    expect(await count()).toBe(n);
  });
});
