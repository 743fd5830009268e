/**
 * The default orders a dealing call carries (worker/api/seat-defaults.ts): the API reads them from D1
 * before it calls the game's Durable Object, which reads no D1 itself. A deal that lacks the defaults
 * of someone seated meanwhile is refused and changes nothing; the API then reads theirs and asks
 * again. A failed read deals without defaults (logged): a player's choice is never guessed.
 */
import { describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import { withDefaults } from "../../worker/api/seat-defaults";
import { sha256Hex } from "../../worker/lib/crypto";
import { signIn, type Browser } from "./client";

const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
type Recorded = { seat: number; move: { type: string; [k: string]: unknown } };
const recorded = (id: string) => runInDurableObject(stubOf(id), (room: GameRoom) => (room as unknown as { store: { moves(): Recorded[] } }).store.moves());
const ANN = { claims: "mahjong-only", throws: "unneeded" } as const;
const BOB = { claims: "judged", throws: "none" } as const;

/** Ann (with her orders) opens a Siamese game; Bob (with his) is signed in but not seated. */
async function open(tag: string): Promise<{ id: string; hash: string; annId: string; bob: { userId: string; name: string } }> {
  const ann = await signIn(`ann.${tag}@seat-defaults.example.com`);
  const bob: Browser = await signIn(`bob.${tag}@seat-defaults.example.com`);
  expect((await ann.put("/api/me", { orders: ANN })).status).toBe(200);
  expect((await bob.put("/api/me", { orders: BOB })).status).toBe(200);
  const created = await ann.post("/api/games", { ruleset: "siamese", seed: `seat-defaults-${tag}`, options: { daysPerMove: 2 } });
  expect(created.status).toBe(201);
  return { id: created.body.id, hash: await sha256Hex(created.body.invite), annId: (await ann.get("/api/me")).body.id, bob: { userId: (await bob.get("/api/me")).body.id, name: "Bob" } };
}

describe("default orders read by the API before a dealing call", () => {
  it("a deal lacking a seated player's defaults changes nothing; the API reads theirs and asks again", async () => {
    const { id, hash, annId, bob } = await open("race");
    // As if Ann's seat were not in the games index yet when Bob's join read it: only Bob's defaults.
    const lacking = await stubOf(id).join(bob, hash, { [bob.userId]: BOB });
    expect(lacking).toMatchObject({ ok: false, code: "game/defaults", users: [annId] });
    expect(await stubOf(id).get(annId, null)).toMatchObject({ ok: true, value: { status: "open" } });
    expect(await recorded(id)).toEqual([]);

    const calls: unknown[] = [];
    const joined = await withDefaults(env, [bob.userId], null, async (d) => (calls.push(d), stubOf(id).join(bob, hash, d)));
    expect(joined).toMatchObject({ ok: true, value: { status: "active" } });
    expect(calls).toEqual([{ [bob.userId]: BOB }, { [bob.userId]: BOB, [annId]: ANN }]);
    expect((await recorded(id)).filter((m) => m.move.type === "orders")).toEqual([
      { seat: 0, move: { type: "orders", ...ANN } },
      { seat: 1, move: { type: "orders", ...BOB } },
    ]);
  });

  it("the games index tells who is seated: one read gives the joiner's and the seated players' defaults", async () => {
    const { id, hash, annId, bob } = await open("index");
    const calls: unknown[] = [];
    expect(await withDefaults(env, [bob.userId], id, async (d) => (calls.push(d), stubOf(id).join(bob, hash, d)))).toMatchObject({ ok: true });
    expect(calls).toEqual([{ [bob.userId]: BOB, [annId]: ANN }]);
  });

  it("a failed read deals without defaults, logged: nobody's orders are guessed", async () => {
    const { id, hash, bob } = await open("failed");
    const failing = { ...env, DB: { prepare: () => ({ bind: () => ({ all: () => Promise.reject(new Error("D1 is down")) }) }) } } as unknown as typeof env;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const joined = await withDefaults(failing, [bob.userId], id, async (d) => stubOf(id).join(bob, hash, d));
    expect(joined).toMatchObject({ ok: true, value: { status: "active" } });
    expect(logged).toHaveBeenCalledWith("default orders not read", expect.any(Error));
    logged.mockRestore();
    expect((await recorded(id)).filter((m) => m.move.type === "orders")).toEqual([]);
  });
});
