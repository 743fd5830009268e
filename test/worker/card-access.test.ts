/**
 * Who may use a private card (issue #30, 2): only its owner, and those the owner shared it with by
 * link. Playing a game with the card shows the version that game keeps; it never lets a player read
 * later versions, nor start games, challenges or copies with it.
 */
import { describe, expect, it } from "vitest";
import { signIn } from "./client";

const alice = await signIn("alice@private-card.example.com");
const bob = await signIn("bob@private-card.example.com");
const carol = await signIn("carol@private-card.example.com");
const dave = await signIn("dave@private-card.example.com");

const FIRST = "name: Alice's card\n2468 | FF 2222a 44a 6666b 88b | 25 | X\nQuints | NNNNN 77777a 0000 | 40 | X\n";
const LATER = "name: Alice's card, revised\n2468 | FF 2222a 44a 6666b 88b | 30 | X\nQuints | NNNNN 77777a 0000 | 45 | X\n";

describe("a private card", () => {
  it("spreads to nobody through the games played with it", async () => {
    const card = (await alice.post("/api/cards", { text: FIRST })).body.id as string;
    const challenge = (await alice.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3, options: { card } })).body.id as string;
    expect((await bob.post(`/api/challenges/${challenge}/accept`)).status).toBe(200);

    // Bob plays the card's version the game keeps.
    const game = (await bob.get(`/api/games/${challenge}`)).body;
    expect(game.options.card).toMatchObject({ id: card, name: "Alice's card" });
    expect(game.options.card.lines.map((l: any) => l.value)).toEqual([25, 40]);

    // He cannot read the card itself, copy it, export it, or start anything with it.
    expect((await bob.get(`/api/cards/${card}`)).status).toBe(404);
    expect((await bob.get(`/api/cards/${card}/export`)).status).toBe(404);
    expect((await bob.post(`/api/cards/${card}/duplicate`, {})).status).toBe(404);
    expect((await bob.post("/api/games", { ruleset: "siamese", options: { card } })).status).toBe(404);
    expect((await bob.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3, options: { card } })).status).toBe(404);
    expect((await bob.get("/api/cards")).body.cards).toEqual([]);

    // Alice edits the card: the running game keeps its version, Bob never sees the new one.
    expect((await alice.put(`/api/cards/${card}`, { text: LATER })).status).toBe(200);
    expect((await bob.get(`/api/games/${challenge}`)).body.options.card.name).toBe("Alice's card");
    expect((await bob.get(`/api/cards/${card}`)).status).toBe(404);

    // A second game with the revised card: Carol, who joins it, reads it in the game only.
    const second = (await alice.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3, options: { card } })).body.id as string;
    expect((await carol.post(`/api/challenges/${second}/accept`)).status).toBe(200);
    expect((await carol.get(`/api/games/${second}`)).body.options.card.name).toBe("Alice's card, revised");
    expect((await carol.get(`/api/cards/${card}`)).status).toBe(404);
    expect((await carol.post("/api/games", { ruleset: "siamese", options: { card } })).status).toBe(404);

    // The owner still uses it.
    expect((await alice.post("/api/games", { ruleset: "siamese", options: { card } })).status).toBe(201);
  });

  it("is read by those the owner shared it with by link, until the link is withdrawn", async () => {
    const card = (await alice.post("/api/cards", { text: FIRST })).body.id as string;
    const { token } = (await alice.post(`/api/cards/${card}/share`)).body;
    expect((await dave.get(`/api/cards/${card}?share=${token}`)).body.name).toBe("Alice's card");
    expect((await alice.put(`/api/cards/${card}`, { text: LATER })).status).toBe(200);
    expect((await dave.get(`/api/cards/${card}?share=${token}`)).body.name).toBe("Alice's card, revised");
    // A copy of his own is his to play with.
    const copy = (await dave.post(`/api/cards/${card}/duplicate`, { share: token })).body.id as string;
    expect((await dave.post("/api/games", { ruleset: "siamese", options: { card: copy } })).status).toBe(201);
    expect((await alice.fetch(`/api/cards/${card}/share`, { method: "DELETE" })).status).toBe(200);
    expect((await dave.get(`/api/cards/${card}?share=${token}`)).status).toBe(404);
  });
});
