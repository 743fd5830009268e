/**
 * Deleting an account withdraws the games it made that nobody has joined yet (issue 38, 4; issue 36,
 * 12): an invitation game and a pending Play again cannot be joined once their maker is gone, even
 * when the deletion and the game's creation race; a seat the account took in another's open game
 * is free again.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, createAndJoin, signIn } from "./client";

const bea = await signIn("bea@delete-open.example.com");
const cid = await signIn("cid@delete-open.example.com");

async function deleteNow(b: Browser, address: string) {
  expect((await b.post("/api/me/delete")).status).toBe(200);
  const mail = (await b.get(`/api/dev/outbox?to=${encodeURIComponent(address)}`)).body.messages[0];
  const token = new URL(mail.link).searchParams.get("token")!;
  return () => new Browser().post("/api/me/delete/confirm", { token });
}

const openRows = async (userId: string) =>
  (await env.DB.prepare("SELECT g.id FROM games g JOIN game_players p ON p.game_id = g.id WHERE p.user_id = ? AND g.status = 'open'").bind(userId).all<{ id: string }>()).results;
const inviteOf = (url: string) => new URL(url).searchParams.get("t")!;

describe("deleting an account with games nobody has joined yet", () => {
  it("an invitation game and a pending Play again are withdrawn: nobody can join them", async () => {
    const address = "ada@delete-open.example.com";
    const ada = await signIn(address);
    const adaId = (await ada.get("/api/me")).body.id as string;
    const invitation = await ada.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 2 } });
    expect(invitation.status).toBe(201);
    // A finished game with Bea, and Play again: Bea is mailed the new game's link.
    const { id: played } = await createAndJoin(ada, [bea], { ruleset: "siamese", options: { daysPerMove: 2 } });
    expect((await bea.post(`/api/games/${played}/resign`)).status).toBe(200);
    const again = await ada.post(`/api/games/${played}/again`);
    expect(again.status).toBe(201);
    expect(await openRows(adaId)).toHaveLength(2);

    expect((await (await deleteNow(ada, address))()).status).toBe(200);
    expect(await openRows(adaId)).toEqual([]);
    for (const [id, url] of [[invitation.body.id, invitation.body.inviteUrl], [again.body.id, again.body.inviteUrl]] as const) {
      const join = await bea.post(`/api/games/${id}/join`, { invite: inviteOf(url) });
      expect(join.status, `joining ${id}`).toBe(404);
      expect((await bea.get(`/api/games/${id}?invite=${inviteOf(url)}`)).status).toBe(404);
    }
    expect((await bea.get("/api/games")).body.games.map((g: any) => g.id)).not.toContain(again.body.id);
  });

  it("a seat taken in someone else's open game is free again, and the game goes on", async () => {
    const address = "dot@delete-open.example.com";
    const dot = await signIn(address);
    const { id, created, joins } = await createAndJoin(bea, [dot], { ruleset: "american", options: { daysPerMove: 2 } });
    expect(joins[0]!.status).toBe(200);
    expect((await (await deleteNow(dot, address))()).status).toBe(200);
    const g = (await bea.get(`/api/games/${id}`)).body;
    expect(g.status).toBe("open");
    expect(g.players.map((p: any) => p.userId === null)).toEqual([false, true, true, true]);
    expect((await cid.post(`/api/games/${id}/join`, { invite: created.body.invite })).body.seat).toBe(1);
  });

  it("racing the deletion, no game of the deleted account is left open or joinable", { timeout: 60_000 }, async () => {
    const made: string[][] = [];
    for (let run = 0; run < 8; run++) {
      const address = `racer${run}@delete-open.example.com`;
      const racer = await signIn(address);
      const userId = (await racer.get("/api/me")).body.id as string;
      const confirm = await deleteNow(racer, address);
      const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const create = () => racer.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 2 } });
      const lag = [0, 2, 4, 8][run % 4]!;
      const [d, ...cs] = await Promise.all([later(lag).then(confirm), create(), later(1).then(create), later(3).then(create)]);
      expect(d!.status).toBe(200);
      for (const c of cs) expect([201, 401, 403]).toContain(c!.status);
      made.push(cs.filter((c) => c!.status === 201).map((c) => c!.body.id));
      expect(await openRows(userId), `run ${run}`).toEqual([]);
      for (const c of cs) if (c!.status === 201) expect((await bea.post(`/api/games/${c!.body.id}/join`, { invite: c!.body.invite })).status).toBe(404);
    }
    console.log(`games created (201) before the deletion took them back, per run: ${made.map((m) => m.length).join(" ")}`);
  });
});
