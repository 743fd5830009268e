/** Players and games of the notify tests that run in workerd: signed in through the API, games reached by their Durable Object. */
import { expect } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../../worker/game/room";
import type { NotifyMessage } from "../../../worker/notify/types";
import { key, signIn, type Browser } from "../../worker/client";

const cfEnv = env;

/** Signs in and takes a display name, so the mail's words do not hang on the default name an address gives. */
export async function player(email: string, displayName: string) {
  const b = await signIn(email);
  expect((await b.put("/api/me", { displayName })).status).toBe(200);
  return b;
}

export const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
export const userIdOf = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;

/**
 * `host` creates a Siamese game (3 days a move and `options`) whose notices the game hands to
 * `handOver` in place of its own, and `guest` joins (the game deals). Returns the game's id.
 */
export async function startSiamese(host: Browser, guest: Browser, seed: string, handOver: (env: typeof cfEnv, msgs: NotifyMessage[]) => Promise<void>, options: object = {}) {
  const created = await host.post("/api/games", { ruleset: "siamese", seed, options: { daysPerMove: 3, ...options } });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  await runInDurableObject(stubOf(id), (room: GameRoom) => {
    (room as any).notices.handOver = handOver;
  });
  expect((await guest.post(`/api/games/${id}/join`, { invite: created.body.invite })).status).toBe(200);
  return id;
}

/** The opening discard of the player to act (East). */
export async function discardFirst(p: Browser, id: string) {
  const g = (await p.get(`/api/games/${id}`)).body;
  expect(g.players[g.seat].toAct).toBe(true);
  const move = g.legalMoves.find((m: any) => m.type === "discard");
  expect(move).toBeDefined();
  expect((await p.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() })).status).toBe(200);
}
