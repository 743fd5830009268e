/**
 * Live play through the service (American, four people): while everyone has the game open a claim
 * window lasts 15 seconds and nobody is mailed or pushed; the table is told who is here; when
 * someone leaves, the window's correspondence deadline comes back.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import { botMove } from "./american-bot";
import { createAndJoin, key, signIn, type Browser } from "./client";

const HOUR = 3600_000;
const players = [await signIn("ava.live@example.com"), await signIn("bo.live@example.com"), await signIn("cy.live@example.com"), await signIn("di.live@example.com")];
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
const game = (seat: number, id: string) => players[seat]!.get(`/api/games/${id}`).then((r) => r.body);

type Room = { env: unknown; notices: { flush(): void } };
type Sent = { type: string; userId: string; text: string };

/** Opens `b`'s live socket; `presence` collects who-is-here messages. */
async function open(b: Browser, id: string) {
  const res = await b.fetch(`/api/games/${id}/live`, { headers: { upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const presence: { here: boolean[]; live: boolean }[] = [];
  ws.addEventListener("message", (e) => {
    const m = JSON.parse(e.data as string);
    if (m.type === "presence") presence.push(m);
  });
  ws.accept();
  return { ws, presence };
}

/** The game's notices go to `sent` instead of the queue. */
async function catchNotices(id: string): Promise<Sent[]> {
  const sent: Sent[] = [];
  await runInDurableObject(stubOf(id), (room: GameRoom) => {
    const r = room as unknown as Room;
    (r as any).notices.handOver = async (_env: unknown, msgs: any[]) => void sent.push(...msgs);
  });
  return sent;
}

/** Each player to act plays (the test's bot) until a claim window waits for people. */
async function playToWindow(id: string) {
  let g = await game(0, id);
  while (g.view.phase !== "window") {
    const seat = g.players.findIndex((p: { toAct: boolean }) => p.toAct);
    const mine = await game(seat, id);
    const r = await players[seat]!.post(`/api/games/${id}/moves`, { version: mine.version, move: botMove(mine.legalMoves, mine.view.seats[seat].concealed), idempotencyKey: key() });
    expect(r.status).toBe(200);
    g = await game(0, id);
  }
  return g;
}

const until = async <T>(f: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
  for (let i = 0; i < 200; i++) {
    const v = await f();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("never happened");
};

describe("live play", () => {
  it("everyone at the table: a claim window closes 15 seconds after it opened, and nobody with the game open gets a notice", async () => {
    const { id, created } = await createAndJoin(players[0]!, players.slice(1), { ruleset: "american", seed: "american-live-01", options: { daysPerMove: 2, windowHours: 12 } });
    expect(created.status).toBe(201);
    const sent = await catchNotices(id);
    const sockets: Awaited<ReturnType<typeof open>>[] = [];
    for (const p of players) sockets.push(await open(p, id));
    // The table is told who is here; the fourth arrival makes the game live.
    await until(async () => sockets[0]!.presence.at(-1), (m) => !!m?.live);
    expect(sockets[0]!.presence.at(-1)!.here).toEqual([true, true, true, true]);
    expect((await game(0, id)).live).toBe(true);

    const g = await playToWindow(id);
    expect(g.live).toBe(true);
    const waiting = g.players.filter((p: { toAct: boolean }) => p.toAct);
    expect(waiting.length).toBeGreaterThan(0);
    for (const p of waiting) expect(p.deadline - g.now).toBeLessThanOrEqual(15_000);
    expect(g.players.every((p: { here: boolean }) => p.here)).toBe(true);

    // 16 seconds later the alarm closes the window: silence is a pass.
    await players[0]!.post(`/api/dev/games/${id}/clock`, { advanceMs: 16_000, fire: false });
    await runDurableObjectAlarm(stubOf(id));
    const after = await game(0, id);
    expect(after.view.phase).not.toBe("window");
    expect(after.version).toBeGreaterThan(g.version);

    await runInDurableObject(stubOf(id), (room: GameRoom) => (room as unknown as Room).notices.flush());
    expect(sent).toEqual([]);
    for (const s of sockets) s.ws.close();
  }, 120_000);

  it("someone leaves during a window: its correspondence deadline comes back", async () => {
    const { id } = await createAndJoin(players[0]!, players.slice(1), { ruleset: "american", seed: "american-live-02", options: { daysPerMove: 2, windowHours: 6 } });
    const sent = await catchNotices(id);
    const sockets: Awaited<ReturnType<typeof open>>[] = [];
    for (const p of players) sockets.push(await open(p, id));
    await until(async () => sockets[0]!.presence.at(-1), (m) => !!m?.live);
    const g = await playToWindow(id);
    const waiting: { seat: number; deadline: number }[] = g.players.filter((p: { toAct: boolean }) => p.toAct);
    const leaver = waiting[0]!.seat;

    sockets[leaver]!.ws.close();
    const back = await until(() => game(0, id), (v) => v.live === false);
    expect(back.players[leaver].here).toBe(false);
    // Counted from the window's opening (the live deadline was 15 s after it, give or take the milliseconds of the move).
    for (const p of back.players.filter((p: { toAct: boolean }) => p.toAct)) expect(Math.abs(p.deadline - (g.players[p.seat].deadline - 15_000 + 6 * HOUR))).toBeLessThan(1000);
    await until(async () => sockets[(leaver + 1) % 4]!.presence.at(-1), (m) => m?.live === false && m.here[leaver] === false);

    // Nothing rings at the live deadline any more.
    await players[0]!.post(`/api/dev/games/${id}/clock`, { advanceMs: 16_000, fire: false });
    await runDurableObjectAlarm(stubOf(id));
    expect((await game(0, id)).view.phase).toBe("window");
    expect(sent).toEqual([]);
    for (const s of sockets) s.ws.close();
  }, 120_000);

  it("who is here survives the game's eviction (hibernation): it is read from the sockets the runtime holds", async () => {
    const { id } = await createAndJoin(players[0]!, players.slice(1), { ruleset: "american", seed: "american-live-03", options: { daysPerMove: 2 } });
    const sockets: Awaited<ReturnType<typeof open>>[] = [];
    for (const p of players) sockets.push(await open(p, id));
    await until(async () => sockets[0]!.presence.at(-1), (m) => !!m?.live);
    await evictDurableObject(stubOf(id));
    const g = await game(2, id);
    expect(g.live).toBe(true);
    expect(g.players.map((p: { here: boolean }) => p.here)).toEqual([true, true, true, true]);
    sockets[3]!.ws.close();
    const after = await until(() => game(2, id), (v) => v.live === false);
    expect(after.players.map((p: { here: boolean }) => p.here)).toEqual([true, true, true, false]);
    for (const s of sockets.slice(0, 3)) s.ws.close();
  }, 60_000);
});
