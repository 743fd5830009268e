/**
 * The ratings a game page shows beside its players' names (GET /api/players/ratings): the table's
 * players in one read, each as their profile shows it in the game's family, never more.
 */
import { describe, expect, it } from "vitest";
import { signIn, startGame } from "./client";

const ann = await signIn("ann@table-ratings.example.com");
const bob = await signIn("bob@table-ratings.example.com");
const idOf = async (b: typeof ann) => (await b.get("/api/me")).body.id as string;

describe("the table's ratings", () => {
  it("one read for every name at the table, each as its profile says in the ruleset's family", async () => {
    const [a, b] = [await idOf(ann), await idOf(bob)];
    const r = await ann.get(`/api/players/ratings?ruleset=royale&ids=${a},${b}`);
    expect(r.status).toBe(200);
    expect(r.body.family).toBe("siamese");
    expect(Object.keys(r.body.ratings).sort()).toEqual([a, b].sort());
    const profile = (await ann.get(`/api/players/${b}`)).body;
    expect(r.body.ratings[b]).toEqual(profile.ratings.siamese);
    expect(JSON.stringify(r.body)).not.toContain("@");
  });

  it("the game page's first answer (?me) brings them, as GET /api/players/ratings answers, for the seated players only: no request of their own", async () => {
    const [a, b] = [await idOf(ann), await idOf(bob)];
    const id = await startGame(ann, bob, "table-ratings-0001");
    const first = await ann.get(`/api/games/${id}?me`);
    expect(first.status).toBe(200);
    const asked = await ann.get(`/api/players/ratings?ruleset=siamese&ids=${b}`);
    // The other players' (the table shows no rating beside one's own name).
    expect(first.body.ratings).toEqual(asked.body.ratings);
    expect(Object.keys(first.body.ratings)).toEqual([b]);
    // Without ?me the game alone, as before.
    expect((await ann.get(`/api/games/${id}`)).body).not.toHaveProperty("ratings");
    // A computer's seat has no rating: against computers alone, none.
    const practice = await ann.post("/api/games", { ruleset: "royale", computers: { seats: 1, strength: "easy" } });
    expect(practice.status).toBe(201);
    expect((await ann.get(`/api/games/${practice.body.id}?me`)).body.ratings).toEqual({});
  });

  it("bad input is refused and reads nothing", async () => {
    const a = await idOf(ann);
    for (const q of [`ruleset=poker&ids=${a}`, "ruleset=siamese&ids=", `ruleset=siamese&ids=${a},${a}x,b,c,d`, "ruleset=siamese&ids=../x"]) {
      const r = await ann.get(`/api/players/ratings?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe("bad-field");
    }
  });
});
