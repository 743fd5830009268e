/**
 * A new player's public name (issue #30, 4): no part of the address appears to others. A new
 * player is "Player 4821" (stable, not from the address) until they choose a name; players still
 * named after their address are renamed by the neutral_names migration and asked to choose.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { signIn } from "./client";

const ADDRESS = "jane.doe.1987@example.org";
const PARTS = /jane|doe|1987|example/i;
/** What others see, less random ids, hashes and times, which may spell "doe" or "1987" by chance. */
const shown = (v: unknown) => JSON.stringify(v, (k, x) => (typeof x === "number" || /^(id|userId|commitment)$/.test(k) ? undefined : x));

describe("a new player's name", () => {
  it("is neutral and stable, and nothing others see carries the address", async () => {
    const jane = await signIn(ADDRESS, { name: null });
    const me = (await jane.get("/api/me")).body;
    expect(me.displayName).toMatch(/^Player \d{4}$/);
    expect(me.needsWelcome).toBe(true);

    // Signing in again keeps the name.
    const again = await signIn(ADDRESS, { name: null });
    expect((await again.get("/api/me")).body.displayName).toBe(me.displayName);

    const other = await signIn("onlooker@names.example.com");
    // The public profile, the list of open challenges, the table.
    const profile = (await other.get(`/api/players/${me.id}`)).body;
    expect(profile.displayName).toBe(me.displayName);
    expect(shown(profile)).not.toMatch(PARTS);
    const challenge = (await jane.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3, options: {} })).body.id as string;
    const listed = (await other.get("/api/challenges")).body.challenges.find((c: any) => c.id === challenge);
    expect(listed.by.name).toBe(me.displayName);
    expect(shown(listed)).not.toMatch(PARTS);
    expect((await other.post(`/api/challenges/${challenge}/accept`)).status).toBe(200);
    const table = (await other.get(`/api/games/${challenge}`)).body;
    expect(table.players.map((p: any) => p.name)).toEqual([me.displayName, "Onlooker"]);
    expect(shown(table)).not.toMatch(PARTS);
  });

  it("a name chosen later reaches every table the player sat at", async () => {
    // A player who still had the old default, made from the address, at a running table.
    const kim = await signIn("kim.lee.1990@example.org", { name: "Kim.lee.1990" });
    const host = await signIn("host@names.example.com");
    const created = await host.post("/api/games", { ruleset: "siamese" });
    expect((await kim.post(`/api/games/${created.body.id}/join`, { invite: created.body.invite })).status).toBe(200);
    const names = async () => (await host.get(`/api/games/${created.body.id}`)).body.players.map((p: any) => p.name);
    expect(await names()).toEqual(["Host", "Kim.lee.1990"]);
    expect((await kim.put("/api/me", { displayName: "Kim" })).status).toBe(200);
    expect(await names()).toEqual(["Host", "Kim"]);
  });

  it("the neutral_names migration renames players still named after their address, and only them", async () => {
    const rows = [
      ["m1", "jane.roe.1990@example.org", "Jane.roe.1990", 1], // the old default, welcomed with it
      ["m2", "bo@example.org", "Bo", null], // the old default, never welcomed
      ["m3", "cy@example.org", "Cy Young", 1], // a chosen name
      ["m4", "di@example.org", "di", 1], // chosen in other letters: not the derivation
      ["m5", "deleted:m5", "Deleted player", 0],
    ] as const;
    await env.DB.batch(
      rows.map(([id, email, name, welcomed]) =>
        env.DB.prepare("INSERT INTO users (id, email, display_name, created_at, welcomed_at) VALUES (?, ?, ?, 0, ?)").bind(id, email, name, welcomed),
      ),
    );
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_neutral_names.sql"))!;
    for (const q of migration.queries) await env.DB.prepare(q).run();
    const after = (await env.DB.prepare("SELECT id, display_name AS name, welcomed_at AS welcomedAt FROM users WHERE id LIKE 'm_' ORDER BY id").all<any>()).results;
    expect(after[0]).toMatchObject({ id: "m1", welcomedAt: null });
    expect(after[0].name).toMatch(/^Player \d{4}$/);
    expect(after[1]).toMatchObject({ id: "m2", welcomedAt: null });
    expect(after[1].name).toMatch(/^Player \d{4}$/);
    expect(after.slice(2)).toEqual([
      { id: "m3", name: "Cy Young", welcomedAt: 1 },
      { id: "m4", name: "di", welcomedAt: 1 },
      { id: "m5", name: "Deleted player", welcomedAt: 0 },
    ]);
  });
});
