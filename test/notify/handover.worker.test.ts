/**
 * A game hands its notices over (worker/game/notices.ts handOver): a held notice goes straight into
 * its player's merge window in D1 with one flush message, no message of its own; when D1 refuses,
 * the notice goes by the queue as before, so nothing is lost; a notice due at once goes by the queue.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { handOver } from "../../worker/game/notices";
import type { NotifyMessage } from "../../worker/notify/types";
import { MAX_CARRIED } from "../../worker/notify/consumer";

const notice = (userId: string, type: NotifyMessage["type"] = "turn"): NotifyMessage => ({ type, gameId: `g-${userId}`, userId, text: "Your turn.", url: "https://example.com/game/x", at: Date.now() });

/** The bindings with the queue caught: what is put on it, single messages and batches alike. */
function catching(db: D1Database = env.DB) {
  const queued: unknown[] = [];
  const NOTIFY = { send: async (body: unknown) => void queued.push(body), sendBatch: async (batch: { body: unknown }[]) => void queued.push(...batch.map((m) => m.body)) };
  return { queued, env: { ...env, DB: db, NOTIFY } as unknown as typeof env };
}

/** A flush message for this player, carrying the row or rows held with it. */
const flushOf = (userId: string) => ({ type: "flush", userId, held: [expect.objectContaining({ event: expect.objectContaining({ userId }) })] });

const pending = async (userId: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM notify_pending WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

describe("a game hands its notices over", () => {
  it("a held notice: one row in its player's merge window and its flush, no queue message of its own", async () => {
    const { queued, env: e } = catching();
    await handOver(e, [notice("hand-1"), notice("hand-1", "chat")]);
    expect(await pending("hand-1")).toBe(2);
    // the flush carries the rows it will take by their key (db/notify.ts takeDue)
    const rows = (await env.DB.prepare("SELECT due_at AS dueAt, id, body FROM notify_pending WHERE user_id = 'hand-1' ORDER BY id").all<{ dueAt: number; id: number; body: string }>()).results;
    expect(queued).toEqual([{ type: "flush", userId: "hand-1", held: rows.map((r) => ({ dueAt: r.dueAt, id: r.id, event: JSON.parse(r.body) })) }]);
    expect(rows.map((r) => JSON.parse(r.body).type)).toEqual(["turn", "chat"]);
  });

  it("a burst of more notices than a flush message carries: all held, the flush carries none and reads them", async () => {
    const { queued, env: e } = catching();
    await handOver(e, Array.from({ length: MAX_CARRIED + 1 }, () => notice("hand-6", "chat")));
    expect(await pending("hand-6")).toBe(MAX_CARRIED + 1);
    expect(queued).toEqual([{ type: "flush", userId: "hand-6" }]);
  });

  it("D1 refusing: the notices go by the queue, and nothing is held", async () => {
    const refusing = new Proxy(env.DB, {
      get: (db, k) => (k === "batch" || k === "prepare" ? () => { throw new Error("simulated D1 failure"); } : Reflect.get(db, k)),
    });
    const { queued, env: e } = catching(refusing as D1Database);
    const sent = [notice("hand-2"), notice("hand-3")];
    await handOver(e, sent);
    expect(queued).toEqual(sent);
    expect(await pending("hand-2")).toBe(0);
  });

  it("a notice for an open window joins it without a flush of its own; for a window whose flush never came, it brings one at once", async () => {
    const { queued, env: e } = catching();
    await handOver(e, [notice("hand-5")]);
    await handOver(e, [notice("hand-5", "chat")]);
    expect(queued).toEqual([flushOf("hand-5")]);
    // the window's flush was lost (say, the local queue restarted): its time is five minutes past
    await env.DB.prepare("UPDATE notify_pending SET due_at = ? WHERE user_id = ?").bind(Date.now() - 5 * 60_000, "hand-5").run();
    await handOver(e, [notice("hand-5")]);
    expect(queued).toEqual([flushOf("hand-5"), flushOf("hand-5")]);
    expect(await pending("hand-5")).toBe(3);
  });

  it("a final reminder, due at once, goes by the queue", async () => {
    const { queued, env: e } = catching();
    const urgent = notice("hand-4", "final-reminder");
    await handOver(e, [urgent]);
    expect(queued).toEqual([urgent]);
    expect(await pending("hand-4")).toBe(0);
  });
});
