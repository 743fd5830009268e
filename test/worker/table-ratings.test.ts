/**
 * The ratings a game page shows beside its players' names (GET /api/players/ratings): the table's
 * players in one read, each as their profile shows it in the game's family, never more.
 */
import { describe, expect, it } from "vitest";
import { signIn } from "./client";

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

  it("bad input is refused and reads nothing", async () => {
    const a = await idOf(ann);
    for (const q of [`ruleset=poker&ids=${a}`, "ruleset=siamese&ids=", `ruleset=siamese&ids=${a},${a}x,b,c,d`, "ruleset=siamese&ids=../x"]) {
      const r = await ann.get(`/api/players/ratings?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe("bad-field");
    }
  });
});
