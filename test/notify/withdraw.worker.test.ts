/**
 * Notices the game held itself are sent without asking the game while their turn is young, and
 * the game takes back those that stop being true (worker/notify/truth.ts TRUSTED_MS,
 * worker/game/notices.ts withdrawHeld): real games in their Durable Objects hand their notices
 * over to D1 as in production (their queue caught), and the queue consumer runs with a clock the
 * test moves past the merge window and a count of the game's answers (`turnOf`).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult, runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import { handOver } from "../../worker/game/notices";
import { handleNotifyBatch, type NotifyDeps } from "../../worker/notify/consumer";
import { MERGE_WINDOW_MS } from "../../worker/notify/decide";
import { timeLeftWords } from "../../worker/notify/clock";
import type { NotifyMessage, QueueBody } from "../../worker/notify/types";
import { key, type Browser } from "../worker/client";
import { discardFirst, player, startSiamese, stubOf, userIdOf } from "./helpers/players";

const held = async (userId: string) =>
  (await env.DB.prepare("SELECT body FROM notify_pending WHERE user_id = ? ORDER BY id").bind(userId).all<{ body: string }>()).results.map((r) => JSON.parse(r.body) as NotifyMessage);
const skipped = async (userId: string) =>
  (await env.DB.prepare("SELECT kinds, game_ids AS games, detail FROM notify_sent WHERE user_id = ? AND channel = 'skip' ORDER BY id").bind(userId).all<{ kinds: string; games: string; detail: string }>()).results;
const mailTo = async (b: Browser, email: string) => (await b.get(`/api/dev/outbox?to=${email}`)).body.messages.filter((m: any) => !/sign-in link/.test(m.subject));

/**
 * `host` creates a Siamese game whose notices are handed over as in production (held in D1 by
 * the game), with its queue caught in `queued`; `guest` joins and the game deals.
 */
function startHeld(host: Browser, guest: Browser, seed: string, queued: QueueBody[]) {
  const NOTIFY = { send: async (body: QueueBody) => void queued.push(body), sendBatch: async (batch: { body: QueueBody }[]) => void queued.push(...batch.map((m) => m.body)) };
  return startSiamese(host, guest, seed, (e, msgs) => handOver({ ...e, NOTIFY } as unknown as typeof env, msgs));
}

/** The flush messages caught for this player, delivered after the merge window; the games the consumer asked. */
async function flushAfterWindow(queued: QueueBody[], userId: string) {
  const asked: string[] = [];
  const now = Date.now() + MERGE_WINDOW_MS + 1000;
  const deps: Partial<NotifyDeps> = {
    now: () => now,
    scheduleFlush: async () => {},
    turnOf: (e, gameId, u) => (asked.push(gameId), e.GAME.get(e.GAME.idFromName(gameId)).turnOf(u)),
  };
  const flushes = queued.filter((b) => b.type === "flush" && b.userId === userId);
  expect(flushes.length).toBeGreaterThan(0);
  const batch = createMessageBatch<QueueBody>("mahjong-notify", flushes.map((body, i) => ({ id: `w${i}`, timestamp: now, attempts: 1, body })));
  await handleNotifyBatch(batch as MessageBatch<unknown>, env, deps);
  expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toHaveLength(flushes.length);
  return asked;
}

describe("a notice the game held", () => {
  it("of a turn still running goes out after the merge window without asking the game", async () => {
    const ann = await player("ann-held@example.com", "Ann");
    const bob = await player("bob-held@example.com", "Bob");
    const queued: QueueBody[] = [];
    const id = await startHeld(ann, bob, "held-seed-0001", queued);
    const annId = await userIdOf("ann-held@example.com");
    await expect.poll(async () => (await held(annId)).map((m) => [m.type, m.gameId, m.heldByGame])).toEqual([["turn", id, true]]);
    expect(await flushAfterWindow(queued, annId)).toEqual([]);
    const mail = await mailTo(ann, "ann-held@example.com");
    expect(mail.map((m: any) => m.subject)).toEqual(["Your turn: Siamese Mah Jongg"]);
    expect(await held(annId)).toEqual([]);
  });

  it("of a turn played before the window closes is taken back by the game: the flush asks, sends nothing, and logs why", async () => {
    const cy = await player("cy-held@example.com", "Cy");
    const di = await player("di-held@example.com", "Di");
    const queued: QueueBody[] = [];
    const id = await startHeld(cy, di, "held-seed-0002", queued);
    const cyId = await userIdOf("cy-held@example.com");
    await expect.poll(async () => (await held(cyId)).length).toBe(1);
    await discardFirst(cy, id);
    // Taken back: the row moved under a new key, without the mark.
    await expect.poll(async () => (await held(cyId)).map((m) => [m.type, m.heldByGame])).toEqual([["turn", undefined]]);
    expect(await flushAfterWindow(queued, cyId)).toEqual([id]);
    expect(await mailTo(cy, "cy-held@example.com")).toEqual([]);
    expect(await skipped(cyId)).toEqual([{ kinds: "turn", games: id, detail: "no longer true" }]);
    expect(await held(cyId)).toEqual([]);
  });

  it("of a turn whose deadline moved (a day off) is asked about, and tells the time left as it is now", async () => {
    const eve = await player("eve-held@example.com", "Eve");
    const fay = await player("fay-held@example.com", "Fay");
    const queued: QueueBody[] = [];
    const id = await startHeld(eve, fay, "held-seed-0003", queued);
    const eveId = await userIdOf("eve-held@example.com");
    await expect.poll(async () => (await held(eveId)).length).toBe(1);
    const before = (await eve.get(`/api/games/${id}`)).body.players[0].deadline;
    expect((await eve.post("/api/me/vacation", { days: 1 })).status).toBe(200);
    const deadline = (await eve.get(`/api/games/${id}`)).body.players[0].deadline;
    expect(deadline).toBeGreaterThan(before);
    await expect.poll(async () => (await held(eveId)).map((m) => m.heldByGame)).toEqual([undefined]);
    expect(await flushAfterWindow(queued, eveId)).toEqual([id]);
    const mail = await mailTo(eve, "eve-held@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(`(${timeLeftWords(deadline, Date.now() + MERGE_WINDOW_MS + 1000)} left)`);
  });

  it("a flush later than the turn's young time asks the game, as for any notice", async () => {
    const gus = await player("gus-held@example.com", "Gus");
    const hal = await player("hal-held@example.com", "Hal");
    const queued: QueueBody[] = [];
    const id = await startHeld(gus, hal, "held-seed-0004", queued);
    const gusId = await userIdOf("gus-held@example.com");
    await expect.poll(async () => (await held(gusId)).length).toBe(1);
    // The flush comes ten minutes late (a retry, the cron sweep): the mark no longer spares the question.
    const asked: string[] = [];
    const now = Date.now() + MERGE_WINDOW_MS + 10 * 60_000;
    const deps: Partial<NotifyDeps> = { now: () => now, scheduleFlush: async () => {}, turnOf: (e, g, u) => (asked.push(g), e.GAME.get(e.GAME.idFromName(g)).turnOf(u)) };
    const flush = queued.find((b) => b.type === "flush" && b.userId === gusId)!;
    await handleNotifyBatch(createMessageBatch<QueueBody>("mahjong-notify", [{ id: "late", timestamp: now, attempts: 1, body: flush }]) as MessageBatch<unknown>, env, deps);
    expect(asked).toEqual([id]);
    expect((await mailTo(gus, "gus-held@example.com")).map((m: any) => m.subject)).toEqual(["Your turn: Siamese Mah Jongg"]);
  });
});
