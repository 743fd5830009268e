/**
 * A merge window's flush message carries the rows that opened it (their key in notify_pending and
 * their event): the flush takes them by their key without reading them, and one look at the
 * player's first row says whether any other is due (one that joined the window, one put back).
 * Inside workerd with real D1, the real flush message (the default scheduleFlush, on a queue caught
 * here) and the meter's D1 counts: merging, a duplicate delivery, a failed send and its retry, the
 * cron sweep first, a flush come early, and a malformed message.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { handleNotifyBatch, type NotifyDeps } from "../../worker/notify/consumer";
import { runCron } from "../../worker/notify/cron";
import { MERGE_WINDOW_MS } from "../../worker/notify/decide";
import type { QueueBody } from "../../worker/notify/types";
import { metered, meterSnapshot, meterStart, meterStop } from "../../worker/lib/meter";
import { addUser } from "./helpers/d1";
import { caughtMail, pendingCount as pending, T0, turnNotice as event } from "./helpers/notices";

/** The consumer with a clock the test moves, mail caught (or refused), and what it puts on the queue caught as the queue would carry it (JSON). */
function rig() {
  const { mails, transport, failNext } = caughtMail();
  const queued: { body: QueueBody; delaySeconds?: number }[] = [];
  let now = T0;
  const NOTIFY = {
    send: async (body: unknown, o?: { delaySeconds?: number }) => void queued.push({ body: JSON.parse(JSON.stringify(body)), delaySeconds: o?.delaySeconds }),
    sendBatch: async (b: { body: unknown }[]) => void queued.push(...b.map((m) => ({ body: JSON.parse(JSON.stringify(m.body)) }))),
  };
  const e = metered({ ...env, NOTIFY } as unknown as typeof env);
  const deps: Partial<NotifyDeps> = {
    now: () => now,
    transport: () => transport,
  };
  let seq = 0;
  async function deliver(bodies: QueueBody[], attempts = 1) {
    const batch = createMessageBatch<QueueBody>("mahjong-notify", bodies.map((body) => ({ id: `h${++seq}`, timestamp: now, attempts, body })));
    const ctx = createExecutionContext();
    await handleNotifyBatch(batch as MessageBatch<unknown>, e, deps);
    return getQueueResult(batch, ctx);
  }
  return {
    mails,
    queued,
    deliver,
    env: e,
    deps,
    advance: (ms: number) => void (now += ms),
    failNext,
    get now() {
      return now;
    },
  };
}


/** The rows read and written by the statements on notify_pending, as the meter counted them. */
function pendingRows() {
  const d1 = (meterSnapshot(true) as { d1: Record<string, { read: number; written: number }> }).d1;
  return Object.entries(d1)
    .filter(([q]) => q.includes("notify_pending"))
    .reduce((s, [, v]) => ({ read: s.read + v.read, written: s.written + v.written }), { read: 0, written: 0 });
}

describe("a window's flush carries the rows that opened it", () => {
  it("the flush message names the held row and its event; the mail goes once, a duplicate delivery sends nothing more", async () => {
    await addUser("hf-ann", "Ann");
    const r = rig();
    meterStart();
    try {
      await r.deliver([event("hf-ann")]);
      expect(r.queued).toHaveLength(1);
      const flush = r.queued[0]!;
      expect(flush.delaySeconds).toBe(MERGE_WINDOW_MS / 1000);
      expect(flush.body).toEqual({ type: "flush", userId: "hf-ann", held: [{ dueAt: T0 + MERGE_WINDOW_MS, id: expect.any(Number), event: event("hf-ann") }] });
      const row = await env.DB.prepare("SELECT due_at, id FROM notify_pending WHERE user_id = 'hf-ann'").first<{ due_at: number; id: number }>();
      expect(flush.body.type === "flush" && flush.body.held![0]).toMatchObject({ dueAt: row!.due_at, id: row!.id });
      r.advance(MERGE_WINDOW_MS);
      await r.deliver([flush.body]);
      expect(r.mails.map((m) => m.subject)).toEqual(["Your turn: Game g1"]);
      expect(await pending("hf-ann")).toBe(0);
      // Held: no row read (the window was empty), one written. Taken: the row deleted by its key (one read, one written), and a look at the next that found none.
      expect(pendingRows()).toEqual({ read: 1, written: 2 });
      await r.deliver([flush.body]);
      expect(r.mails).toHaveLength(1);
    } finally {
      meterStop();
    }
  });

  it("an event that joined the open window goes in the same mail", async () => {
    await addUser("hf-bea", "Bea");
    const r = rig();
    await r.deliver([event("hf-bea")]);
    r.advance(60_000);
    await r.deliver([event("hf-bea", { type: "claim", text: "Ann discarded Red Dragon; you may claim it.", at: T0 + 60_000 })]);
    expect(r.queued).toHaveLength(1); // the window was open: no flush of its own
    expect(await pending("hf-bea")).toBe(2);
    r.advance(MERGE_WINDOW_MS);
    await r.deliver([r.queued[0]!.body]);
    expect(r.mails.map((m) => m.subject)).toEqual(["2 updates in Game g1"]);
    expect(r.mails[0]!.text).toContain("Ann discarded 7 Dots. Your turn.");
    expect(r.mails[0]!.text).toContain("Ann discarded Red Dragon; you may claim it.");
    expect(await pending("hf-bea")).toBe(0);
  });

  it("a send that fails is put back and the message retried; the retry sends it once", async () => {
    await addUser("hf-cy", "Cy");
    const r = rig();
    await r.deliver([event("hf-cy")]);
    const flush = r.queued[0]!.body;
    r.advance(MERGE_WINDOW_MS);
    r.failNext(1);
    const res = await r.deliver([flush]);
    expect(res.retryMessages).toHaveLength(1);
    expect(r.mails).toHaveLength(0);
    expect(await pending("hf-cy")).toBe(1); // put back under a new key: the carried key no longer names it
    r.advance(30_000);
    expect((await r.deliver([flush], 2)).explicitAcks).toHaveLength(1);
    expect(r.mails.map((m) => m.subject)).toEqual(["Your turn: Game g1"]);
    expect(await pending("hf-cy")).toBe(0);
    await r.deliver([flush], 3);
    expect(r.mails).toHaveLength(1);
  });

  it("the cron sweep took the window first (its flush was late): the flush sends nothing twice", async () => {
    await addUser("hf-dot", "Dot");
    const r = rig();
    await r.deliver([event("hf-dot")]);
    const flush = r.queued[0]!.body;
    r.advance(MERGE_WINDOW_MS + 11 * 60_000);
    const swept = await runCron({ scheduledTime: r.now }, r.env, r.deps);
    expect(swept.flushed).toBeGreaterThanOrEqual(1);
    expect(r.mails.filter((m) => m.to.email === "hf-dot@example.com")).toHaveLength(1);
    await r.deliver([flush]);
    expect(r.mails.filter((m) => m.to.email === "hf-dot@example.com")).toHaveLength(1);
    expect(await pending("hf-dot")).toBe(0);
  });

  it("a flush come before its window closes sends nothing yet, and its follower carries the rows", async () => {
    await addUser("hf-eli", "Eli");
    const r = rig();
    await r.deliver([event("hf-eli")]);
    const flush = r.queued[0]!.body;
    r.advance(MERGE_WINDOW_MS - 60_000);
    await r.deliver([flush]);
    expect(r.mails).toHaveLength(0);
    expect(await pending("hf-eli")).toBe(1);
    expect(r.queued.at(-1)).toEqual({ body: flush, delaySeconds: 60 });
    r.advance(60_000);
    await r.deliver([r.queued.at(-1)!.body]);
    expect(r.mails.map((m) => m.subject)).toEqual(["Your turn: Game g1"]);
    expect(await pending("hf-eli")).toBe(0);
  });

  it("a flush carrying another player's event is refused as malformed: recorded, nothing sent, nothing taken", async () => {
    await addUser("hf-fay", "Fay");
    await addUser("hf-gus", "Gus");
    const r = rig();
    await r.deliver([event("hf-gus")]);
    const gus = r.queued[0]!.body as Extract<QueueBody, { type: "flush" }>;
    r.advance(MERGE_WINDOW_MS);
    const res = await r.deliver([{ ...gus, userId: "hf-fay" }]);
    expect(res.retryMessages).toEqual([]);
    expect(res.explicitAcks).toHaveLength(1);
    expect(r.mails).toHaveLength(0);
    expect(await pending("hf-gus")).toBe(1);
    const dead = await env.DB.prepare("SELECT body FROM notify_dead ORDER BY id DESC LIMIT 1").first<{ body: string }>();
    expect(JSON.parse(dead!.body).error).toBe("flush message: a held row's event is for another player");
    await r.deliver([gus]);
    expect(r.mails.map((m) => m.to.email)).toEqual(["hf-gus@example.com"]);
  });

  it("a final reminder with no window open reads no row of the pending table; with one open it takes it along", async () => {
    await addUser("hf-ida", "Ida");
    const r = rig();
    meterStart();
    try {
      await r.deliver([event("hf-ida", { type: "final-reminder", text: "Last reminder: your move is due in 2 hours." })]);
      expect(r.mails).toHaveLength(1);
      expect(r.queued).toEqual([]);
      expect(pendingRows()).toEqual({ read: 0, written: 0 });
    } finally {
      meterStop();
    }
    await r.deliver([event("hf-ida", { at: r.now })]);
    r.advance(60_000);
    await r.deliver([event("hf-ida", { type: "final-reminder", text: "Last reminder: your move is due in 2 hours.", at: r.now })]);
    expect(r.mails).toHaveLength(2);
    expect(r.mails[1]!.text).toContain("Ann discarded 7 Dots. Your turn.");
    expect(await pending("hf-ida")).toBe(0);
  });
});
