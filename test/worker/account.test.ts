/**
 * Your own account through HTTP inside workerd: a new email address confirmed by a link mailed to
 * it (the old address is told), the export, and deleting the account by a mailed link — running
 * games resigned, finished games and league standings kept whole under "Deleted player".
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, playOne, signIn } from "./client";

const outbox = async (b: Browser, to: string) => (await b.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).body.messages as any[];

describe("your account", () => {
  it("changes its email address by a link to the new one; the old one is told", async () => {
    const kim = await signIn("kim@account.example.com");
    expect((await kim.post("/api/me/email", { email: "not-an-address" })).status).toBe(400);
    expect((await kim.post("/api/me/email", { email: "kim@account.example.com" })).body.code).toBe("email/taken");
    expect((await kim.post("/api/me/email", { email: "kim.new@account.example.com" })).status).toBe(200);
    expect((await kim.get("/api/me")).body.email).toBe("kim@account.example.com"); // not before the link
    const [mail] = await outbox(kim, "kim.new@account.example.com");
    const link = new URL(mail.link);
    expect(link.pathname).toBe("/api/me/email/confirm");
    const res = await new Browser().fetch(link.pathname + link.search); // any browser: the link is the proof
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/settings?email=changed");
    expect((await kim.get("/api/me")).body.email).toBe("kim.new@account.example.com");
    const told = await outbox(kim, "kim@account.example.com");
    expect(told[0].subject).toBe("Your email address was changed");
    expect(told[0].text).toContain("kim.new@account.example.com");
    // The link is used up.
    expect((await kim.post("/api/me/email/confirm", { token: link.searchParams.get("token") })).body.code).toBe("link-expired");
    // Signing in now goes by the new address, to the same account.
    const again = await signIn("kim.new@account.example.com");
    expect((await again.get("/api/me")).body.id).toBe((await kim.get("/api/me")).body.id);
  });

  it("exports everything as one JSON file", async () => {
    const lee = await signIn("lee@account.example.com");
    const res = await lee.fetch("/api/me/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="mahjong-by-post-.+\.json"$/);
    const data = (await res.json()) as any;
    expect(data.account.email).toBe("lee@account.example.com");
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.sessions)).not.toMatch(/id_hash|idHash/);
    for (const k of ["games", "results", "ledger", "ratings", "ratingHistory", "leagues", "leagueRemovals", "pushDevices", "mail"]) expect(Array.isArray(data[k])).toBe(true);
    expect((await new Browser().get("/api/me/export")).status).toBe(401);
  });

  it("deletes the account by a mailed link: running games resigned, league standings stay balanced, no email left", async () => {
    const [ann, bob, carl] = await Promise.all(["ann", "bob", "carl"].map((n) => signIn(`${n}@delete.example.com`)));
    const ids = new Map<string, Browser>();
    for (const b of [ann!, bob!, carl!]) ids.set((await b.get("/api/me")).body.id, b);
    const carlId = [...ids].find(([, b]) => b === carl)![0];
    const created = await ann!.post("/api/leagues", { name: "Deletion Club", visibility: "private" });
    const invite = new URL(created.body.inviteUrl).searchParams.get("invite");
    for (const m of [bob!, carl!]) expect((await m.post(`/api/leagues/${created.body.id}/join`, { invite })).status).toBe(200);
    const season = await ann!.post(`/api/leagues/${created.body.id}/seasons`, { name: "Spring", ruleset: "siamese", options: { deadHands: "prevent" }, format: "single", mode: "concurrent", daysPerMove: 3 });
    expect(season.status).toBe(201);
    const games = (await ann!.get(`/api/leagues/${created.body.id}`)).body.seasons[0].games as any[];
    const carlGames = games.filter((g) => g.players.some((p: any) => p.userId === carlId));
    expect(carlGames).toHaveLength(2);
    // Carl finishes one game; the other still runs when he leaves.
    const [done, running] = carlGames;
    const seated = done.players.map((p: any) => ids.get(p.userId)!);
    for (let moves = 0; ; moves++) {
      const r = await playOne(seated, done.gameId, moves);
      expect(r.status).toBe(200);
      if (r.body.status === "ended") break;
    }
    const before = (await ann!.get(`/api/leagues/${created.body.id}/standings`)).body.standings as any[];

    // An open challenge of his is called off with the account: nobody waits for a seat that will not fill.
    const challenge = (await carl!.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3 })).body.id as string;
    expect(((await ann!.get("/api/challenges")).body.challenges as any[]).some((c) => c.id === challenge)).toBe(true);

    expect((await carl!.post("/api/me/delete")).status).toBe(200);
    const [mail] = await outbox(carl!, "carl@delete.example.com");
    const token = new URL(mail.link).searchParams.get("token");
    expect(new URL(mail.link).pathname).toBe("/account/delete");
    expect((await carl!.post("/api/me/delete/confirm", { token: "x".repeat(40) })).body.code).toBe("link-expired");
    expect((await carl!.get("/api/me")).status).toBe(200); // nothing happened yet
    expect((await new Browser().post("/api/me/delete/confirm", { token })).status).toBe(200);

    // Signed out everywhere, the address gone: the same address now starts a new account.
    expect((await carl!.get("/api/me")).status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'carl@%'").first<any>()).toEqual({ n: 0 });
    expect((await outbox(ann!, "carl@delete.example.com")).length).toBe(0);
    const fresh = await signIn("carl@delete.example.com");
    expect((await fresh.get("/api/me")).body.id).not.toBe(carlId);

    expect(((await ann!.get("/api/challenges")).body.challenges as any[]).some((c) => c.id === challenge)).toBe(false);
    expect((await ann!.post(`/api/challenges/${challenge}/accept`)).status).toBe(409);

    // The running game was resigned (abandoned by him), the finished one is kept under the new name.
    const resigned = (await ann!.get(`/api/games/${running.gameId}`)).body;
    expect(resigned).toMatchObject({ status: "ended", result: { reason: "abandoned" } });
    expect(resigned.players.find((p: any) => p.userId === carlId).name).toBe("Deleted player");
    const profile = (await ann!.get(`/api/players/${carlId}`)).body;
    expect(profile.displayName).toBe("Deleted player");
    expect(profile.stats.played).toBe(2);
    expect(JSON.stringify(profile)).not.toContain("@");
    // A deleted player keeps his rating history but leaves the leaderboard.
    await env.DB.prepare("INSERT INTO ratings VALUES (?, 'chinese', 1700, 60, 0.06, 12, ?)").bind(carlId, Date.now()).run();
    expect((await ann!.get("/api/leaderboard?family=chinese")).body.players).toEqual([]);

    // Standings: the same three players, his rows under the new name, each game counted for all its seats.
    const after = (await ann!.get(`/api/leagues/${created.body.id}/standings`)).body.standings as any[];
    expect(after).toHaveLength(3);
    expect(after.find((r) => r.userId === carlId).name).toBe("Deleted player");
    expect(after.reduce((n, r) => n + r.played, 0)).toBe(4); // two ended games × two seats
    for (const r of before) {
      const now = after.find((x) => x.userId === r.userId);
      expect(now.played).toBe(r.played + (r.userId === carlId || running.players.some((p: any) => p.userId === r.userId) ? 1 : 0));
    }
    const ledgerSum = await env.DB.prepare("SELECT user_id AS userId, SUM(points) AS points FROM ledger WHERE season_id = ? GROUP BY user_id").bind(season.body.id).all<any>();
    for (const row of after) expect(row.points).toBe(ledgerSum.results.find((l) => l.userId === row.userId)?.points ?? 0);
  }, 300_000);
});
