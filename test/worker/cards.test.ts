/**
 * Cards through the HTTP API inside workerd: typed and JSON cards are validated on save (422 with
 * every problem and its line), private (a stranger gets 404), shared read-only by link,
 * duplicated, listed, and chosen for a game and a season. A game keeps the card it started with:
 * editing the card during the game changes nothing in it, and its record verifies with that card.
 */
import { describe, expect, it } from "vitest";
import { Browser, createAndJoin, playOne, signIn } from "./client";
import { builtinCards, cardToText } from "../../worker/engine/card";
import { verify } from "../../worker/engine/index";

const ann = await signIn("ann@cards.example.com");
const bob = await signIn("bob@cards.example.com");
const eve = await signIn("eve@cards.example.com");

const sampleText = cardToText({ ...builtinCards["sample-2026"]!, name: "Tuesday club card" });
const SHORT = "name: Short card\n2468 | FF 2222a 44a 6666b 88b | 25 | X\nQuints | NNNNN 77777a 0000 | 40 | X\n";

describe("a card typed in, edited, shared and played with", () => {
  it("refuses a card with mistakes: 422, every problem with its line, nothing stored", async () => {
    const text = "name: Bad card\n2468 | FF 2222a 44a 6666b 88b | 25 | X\n\n2468 | FF 2222a 44a 666b 88b | 25 | X\nWinds | NNNN EEEE WW SSSS | lots | X\n";
    const r = await ann.post("/api/cards", { text });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe("card/invalid");
    expect(r.body.problems).toEqual([
      { line: 4, message: "has 13 tiles, a hand needs 14: FF is a pair, 2222a is a kong, 44a is a pair, 666b is a pung, 88b is a pair" },
      { line: 5, message: 'value "lots" is not a number' },
    ]);
    expect(r.body.message).toMatch(/^The card has 2 problems: line 4: has 13 tiles/);
    expect((await ann.get("/api/cards")).body.cards).toEqual([]);

    const json = await ann.post("/api/cards", { card: { name: "J", lines: [{ id: "a", category: "x", value: 25, text: "FF 2222a 44a 6666b 88b" }, { id: "b", category: "x", value: 25, text: "FF" }] } });
    expect(json.status).toBe(422);
    expect(json.body.problems).toEqual([{ line: 2, message: "has 2 tiles, a hand needs 14" }]);
    expect((await ann.post("/api/cards", { name: "x", text: "x | FF 2222a 44a 6666b 88b | 25 | X\n".repeat(121) })).body.problems[0].line).toBe(121);
  });

  it("creates, reads, lists, edits; a stranger gets 404 and cannot edit", async () => {
    const created = await ann.post("/api/cards", { text: SHORT });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const got = await ann.get(`/api/cards/${id}`);
    expect(got.body).toMatchObject({ id, name: "Short card", canEdit: true, text: SHORT, league: null, shared: false });
    expect(got.body.card.lines.map((l: any) => l.id)).toEqual(["2468-1", "quints-1"]);
    expect((await ann.get("/api/cards")).body.cards.map((c: any) => [c.id, c.lines, c.mine])).toEqual([[id, 2, true]]);

    expect((await eve.get(`/api/cards/${id}`)).status).toBe(404);
    expect((await new Browser().get(`/api/cards/${id}`)).status).toBe(404);
    expect((await eve.put(`/api/cards/${id}`, { text: SHORT })).status).toBe(404);
    expect((await eve.get(`/api/cards/${id}/export`)).status).toBe(404);
    expect((await eve.get("/api/cards")).body.cards).toEqual([]);

    const edited = await ann.put(`/api/cards/${id}`, { text: SHORT.replace("| 40 |", "| 50 |") });
    expect(edited.status).toBe(200);
    expect((await ann.get(`/api/cards/${id}`)).body.card.lines[1].value).toBe(50);
    const bad = await ann.put(`/api/cards/${id}`, { text: SHORT.replace("77777a", "7777a") });
    expect(bad.status).toBe(422);
    expect(bad.body.problems[0].line).toBe(3);
    expect((await ann.get(`/api/cards/${id}`)).body.card.lines[1].text).toBe("NNNNN 77777a 0000");

    const exported = await ann.fetch(`/api/cards/${id}/export`);
    expect(exported.headers.get("content-disposition")).toMatch(/attachment; filename="Short-card.txt"/);
    expect(await exported.text()).toContain("Quints | NNNNN 77777a 0000 | 50 | X");
    const asJson = await (await ann.fetch(`/api/cards/${id}/export?format=json`)).json<any>();
    expect(asJson.lines).toHaveLength(2);
  });

  it("shares a read-only copy by link; the other organiser duplicates it to make it theirs", async () => {
    const id = (await ann.post("/api/cards", { text: SHORT })).body.id as string;
    const share = await ann.post(`/api/cards/${id}/share`);
    expect(share.status).toBe(200);
    const token = new URL(share.body.url).searchParams.get("share")!;
    expect((await eve.get(`/api/cards/${id}`)).status).toBe(404);
    const seen = await eve.get(`/api/cards/${id}?share=${token}`);
    expect(seen.status).toBe(200);
    expect(seen.body.canEdit).toBe(false);
    expect(seen.body.shared).toBeUndefined();
    expect((await eve.put(`/api/cards/${id}`, { text: SHORT })).status).toBe(404);
    expect((await eve.get(`/api/cards/${id}?share=${"x".repeat(43)}`)).status).toBe(404);

    const copy = await eve.post(`/api/cards/${id}/duplicate`, { share: token, name: "Eve's card 2027" });
    expect(copy.status).toBe(201);
    const mine = await eve.get(`/api/cards/${copy.body.id}`);
    expect(mine.body).toMatchObject({ name: "Eve's card 2027", canEdit: true });
    expect(mine.body.card.id).toBe(copy.body.id);

    // Stopping the share closes the link.
    expect((await ann.call("DELETE", `/api/cards/${id}/share`)).status).toBe(200);
    expect((await eve.get(`/api/cards/${id}?share=${token}`)).status).toBe(404);
  });

  it("a game plays the card it started with, whatever happens to the card later", async () => {
    const id = (await ann.post("/api/cards", { text: sampleText })).body.id as string;
    // Nobody may start a game with a card they cannot see.
    const stolen = await eve.post("/api/games", { ruleset: "siamese", seed: "card-game-seed-1", options: { card: id } });
    expect(stolen.status).toBe(404);
    expect((await ann.post("/api/games", { ruleset: "siamese", options: { card: "no-such-card" } })).status).toBe(404);

    const { id: game, created, joins } = await createAndJoin(ann, [bob], { ruleset: "siamese", seed: "card-game-seed-1", options: { daysPerMove: 2, card: id } });
    expect(created.status).toBe(201);
    expect(joins[0]!.status).toBe(200);
    // Bob plays in a game that uses the card: he reads it in the game, not the card itself.
    expect((await bob.get(`/api/cards/${id}`)).status).toBe(404);

    const before = (await ann.get(`/api/games/${game}`)).body;
    expect(before.options.card).toMatchObject({ id, name: "Tuesday club card" });
    expect(before.options.card.lines).toHaveLength(45);

    for (let i = 0; i < 6; i++) expect((await playOne([ann, bob], game)).status).toBe(200);
    // Edit the card during the game: one line left, other values.
    expect((await ann.put(`/api/cards/${id}`, { text: SHORT })).status).toBe(200);
    const during = (await bob.get(`/api/games/${game}`)).body;
    expect(during.options.card.lines).toHaveLength(45);
    expect(during.options.card.name).toBe("Tuesday club card");

    // Play to the end: the record carries the card and replays with it.
    let end: any = null;
    for (let i = 0; i < 600 && !end; i++) {
      const r = await playOne([ann, bob], game);
      expect(r.status).toBe(200);
      if (r.body.status === "ended") end = r.body;
    }
    expect(end).not.toBeNull();
    const record = await ann.get(`/api/games/${game}/record`);
    expect(record.status).toBe(200);
    expect(record.body.options.card.lines).toHaveLength(45);
    expect(verify(record.body)).toMatchObject({ ok: true });
  }, 240_000);

  it("a league's card: its members read it, its organiser edits it and chooses it for a season", async () => {
    const league = await ann.post("/api/leagues", { name: "Card club", visibility: "private" });
    const invite = new URL(league.body.inviteUrl).searchParams.get("invite");
    expect((await bob.post(`/api/leagues/${league.body.id}/join`, { invite })).status).toBe(200);
    expect((await bob.post("/api/cards", { text: SHORT, league: league.body.id })).status).toBe(403);
    expect((await eve.post("/api/cards", { text: SHORT, league: league.body.id })).status).toBe(404);

    const id = (await ann.post("/api/cards", { text: sampleText, league: league.body.id })).body.id as string;
    const forBob = await bob.get(`/api/cards/${id}`);
    expect(forBob.body).toMatchObject({ canEdit: false, league: { id: league.body.id, name: "Card club" } });
    expect((await bob.get("/api/cards")).body.cards.map((c: any) => [c.id, c.leagueName, c.mine])).toEqual([[id, "Card club", false]]);
    expect((await bob.put(`/api/cards/${id}`, { text: SHORT })).status).toBe(403);
    expect((await eve.get(`/api/cards/${id}`)).status).toBe(404);

    const season = await ann.post(`/api/leagues/${league.body.id}/seasons`, { name: "Spring", ruleset: "siamese", options: { card: id }, format: "single", mode: "concurrent", daysPerMove: 3 });
    expect(season.status).toBe(201);
    const s = (await ann.get(`/api/leagues/${league.body.id}/seasons/${season.body.id}`)).body;
    expect(s.options.card).toMatchObject({ id, name: "Tuesday club card" });
    const gameId = s.games[0].gameId ?? s.games[0].id;
    const g = (await bob.get(`/api/games/${gameId}`)).body;
    expect(g.options.card.name).toBe("Tuesday club card");
  });
});
