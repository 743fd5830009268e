/**
 * A private card spreads to nobody (issue 38, 1 and 2). Play again with another player's private card
 * is refused plainly, with the same players offered a game with a card of one's own; the card's owner
 * and those it was shared with (its league's members) play it again. A private card's contents are
 * read by the game's players and the league's members; a stranger after the end, a signed-out reader
 * of the record and a non-member of a public league read its name only.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, signIn } from "./client";

const alice = await signIn("alice@spread.example.com");
const bob = await signIn("bob@spread.example.com");
const carol = await signIn("carol@spread.example.com");
const eve = await signIn("eve@spread.example.com");

const CARD = "name: Alice's secret card\n2468 | FF 2222a 44a 6666b 88b | 25 | X\nQuints | NNNNN 77777a 0000 | 40 | X\n";
/** A line's text as the card's data carries it: never in what a stranger reads. */
const SECRET = "NNNNN 77777a 0000";
const games = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>())!.n;

/** Alice's challenge with her card, taken by Bob, who then resigns: the ended game. */
async function endedWithCard(card: string, by = alice, taker = bob) {
  const id = (await by.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3, options: { card } })).body.id as string;
  expect((await taker.post(`/api/challenges/${id}/accept`)).status).toBe(200);
  expect((await taker.post(`/api/games/${id}/resign`)).status).toBe(200);
  return id;
}

describe("play again with a private card", () => {
  it("is refused to a player who may not use the card, who may play the same players with a card of their own", async () => {
    const card = (await alice.post("/api/cards", { text: CARD })).body.id as string;
    const ended = await endedWithCard(card);

    const n = await games();
    const refused = await bob.post(`/api/games/${ended}/again`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("again/private-card");
    expect(refused.body.message).toContain("“Alice's secret card”, a private card: only its owner and those it was shared with can play it again");
    expect(refused.body.message).toContain("Choose a card of your own");
    expect(JSON.stringify(refused.body)).not.toContain(SECRET);
    expect(await games()).toBe(n);
    // Bob's own choice: the sample card, the same players invited.
    const own = await bob.post(`/api/games/${ended}/again`, { card: "sample-2026" });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ invited: 1, game: { options: { card: "sample-2026" } } });
    // … or a card of his own; never Alice's by its id.
    const bobs = (await bob.post("/api/cards", { text: CARD.replace("Alice's secret", "Bob's") })).body.id as string;
    expect((await bob.post(`/api/games/${ended}/again`, { card: bobs })).body.game.options.card).toMatchObject({ id: bobs, name: "Bob's card" });
    expect((await bob.post(`/api/games/${ended}/again`, { card })).status).toBe(404);

    // The owner plays it again with her card; Carol, who takes that game by its link, cannot carry it on.
    const mine = await alice.post(`/api/games/${ended}/again`);
    expect(mine.status).toBe(201);
    expect(mine.body.game.options.card).toMatchObject({ id: card, name: "Alice's secret card" });
    const invite = new URL(mine.body.inviteUrl).searchParams.get("t");
    expect((await carol.post(`/api/games/${mine.body.id}/join`, { invite })).status).toBe(200);
    expect((await carol.post(`/api/games/${mine.body.id}/resign`)).status).toBe(200);
    expect((await carol.post(`/api/games/${mine.body.id}/again`)).body.code).toBe("again/private-card");
  });

  it("a league's card is played again by the league's members, not by others", async () => {
    const league = await alice.post("/api/leagues", { name: "Spread club", visibility: "private" });
    const invite = new URL(league.body.inviteUrl).searchParams.get("invite");
    expect((await bob.post(`/api/leagues/${league.body.id}/join`, { invite })).status).toBe(200);
    const card = (await alice.post("/api/cards", { text: CARD, league: league.body.id })).body.id as string;
    // Bob (a member, not the card's maker) starts a game with it; Eve (no member) takes it and resigns.
    const ended = await endedWithCard(card, bob, eve);
    expect((await bob.post(`/api/games/${ended}/again`)).status).toBe(201);
    expect((await eve.post(`/api/games/${ended}/again`)).body.code).toBe("again/private-card");
  });
});

describe("a private card's contents", () => {
  it("are read by the game's players; a stranger after the end and a signed-out reader of the record see the name", async () => {
    const card = (await alice.post("/api/cards", { text: CARD })).body.id as string;
    const ended = await endedWithCard(card);
    for (const player of [alice, bob]) {
      const g = (await player.get(`/api/games/${ended}`)).body;
      expect(g.options.card.lines).toHaveLength(2);
      expect(g.view.options.card.lines).toHaveLength(2);
      expect((await player.get(`/api/games/${ended}/record`)).body.options.card.lines).toHaveLength(2);
    }
    const seen = await eve.get(`/api/games/${ended}`);
    expect(seen.status).toBe(200);
    expect(seen.body.options.card).toEqual({ name: "Alice's secret card" });
    expect(seen.body.view.options.card).toEqual({ name: "Alice's secret card" });
    expect(JSON.stringify(seen.body)).not.toContain(SECRET);
    for (const reader of [new Browser(), eve]) {
      const record = await reader.get(`/api/games/${ended}/record`);
      expect(record.status).toBe(200);
      expect(record.body.options.card).toEqual({ name: "Alice's secret card" });
      expect(JSON.stringify(record.body)).not.toContain(SECRET);
    }
  });

  it("in a public league's season: members read the card, anyone else its name", async () => {
    const league = await alice.post("/api/leagues", { name: "Open spread club", visibility: "public" });
    const invite = new URL(league.body.inviteUrl).searchParams.get("invite");
    expect((await bob.post(`/api/leagues/${league.body.id}/join`, { invite })).status).toBe(200);
    const card = (await alice.post("/api/cards", { text: CARD, league: league.body.id })).body.id as string;
    const season = await alice.post(`/api/leagues/${league.body.id}/seasons`, { name: "Spring", ruleset: "siamese", options: { card }, format: "single", mode: "concurrent", daysPerMove: 3 });
    expect(season.status, JSON.stringify(season.body)).toBe(201);
    for (const member of [alice, bob]) {
      expect((await member.get(`/api/leagues/${league.body.id}`)).body.seasons[0].options.card.lines).toHaveLength(2);
      expect((await member.get(`/api/leagues/${league.body.id}/seasons/${season.body.id}`)).body.options.card.lines).toHaveLength(2);
    }
    for (const outsider of [eve, new Browser()]) {
      const page = await outsider.get(`/api/leagues/${league.body.id}`);
      expect(page.status).toBe(200);
      expect(page.body.seasons[0].options.card).toEqual({ name: "Alice's secret card" });
      const s = await outsider.get(`/api/leagues/${league.body.id}/seasons/${season.body.id}`);
      expect(s.body.options.card).toEqual({ name: "Alice's secret card" });
      expect(JSON.stringify([page.body, s.body])).not.toContain(SECRET);
    }
  });
});
