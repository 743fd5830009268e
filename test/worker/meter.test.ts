/**
 * The meter (worker/lib/meter.ts): what the platform bills, counted by the service in development.
 * A game is played through the API; the counts are checked against what the test made and can see:
 * its own requests, the Durable Object's calls and rows, the D1 rows, the queue's messages and the
 * mail in the outbox. Outside development nothing is counted and the bindings are the platform's own.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { key, signIn, startGame, type Browser } from "./client";
import { browserWith, production } from "./deployment";
import { metered, meteredStorage } from "../../worker/lib/meter";
import { PROOF_COOKIE } from "../../worker/api/session-proof";
import type { GameRoom } from "../../worker/index";
import { LOG_CHUNK } from "../../worker/game/store";

const ann = await signIn("ann@meter.example.com");
const bob = await signIn("bob@meter.example.com");
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));

type Meter = { on: boolean; counts: Record<string, number>; pending: Record<string, number>; d1: Record<string, { n: number; read: number; written: number }>; sql: Record<string, { n: number; read: number; written: number }>; rpc: Record<string, number>; routes: Record<string, number> };
/** The game's log as stored (worker/game/store.ts): rows of `steps` (none in a game made now) and of `chunks`, then the changes kept with the document. */
const logOf = (id: string) =>
  runInDurableObject(stubOf(id), (_room: GameRoom, state) => {
    type Change = { events: unknown[]; moves: { seat: number; move: { type: string } }[] | null };
    const sql = state.storage.sql;
    const steps = sql.exec<{ events: string; moves: string | null }>("SELECT events, moves FROM steps ORDER BY seq").toArray().map((r) => ({ events: JSON.parse(r.events), moves: r.moves === null ? null : JSON.parse(r.moves) }) as Change);
    const chunks = sql.exec<{ steps: string }>("SELECT steps FROM chunks ORDER BY seq").toArray().map((r) => JSON.parse(r.steps) as Change[]);
    const kept = (JSON.parse(sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'doc'").one().value).unloggedSteps ?? []) as Change[];
    const all = [...steps, ...chunks.flat(), ...kept];
    return { stepRows: steps.length, chunkRows: chunks.length, chunkSizes: chunks.map((c) => c.length), kept: kept.length, changes: all.length, moves: all.flatMap((c) => c.moves ?? []), eventRows: sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n };
  });
const read = async (): Promise<Meter> => (await ann.get("/api/dev/meter?detail=1")).body;
const statement = (d: Meter["d1"], start: string) => Object.entries(d).filter(([q]) => q.startsWith(start)).reduce((s, [, v]) => ({ n: s.n + v.n, read: s.read + v.read, written: s.written + v.written }), { n: 0, read: 0, written: 0 });

/** Draw, else a discard, by whoever of `players` may act, `after` each move: two requests (the game, the move) each. */
async function playMoves(id: string, n: number, players: Browser[] = [ann, bob], after?: () => Promise<unknown>): Promise<number> {
  let requests = 0;
  for (let made = 0; made < n; ) {
    for (const p of players) {
      const g = (await p.get(`/api/games/${id}`)).body;
      requests++;
      const move = g.legalMoves.find((m: { type: string }) => m.type === "draw") ?? g.legalMoves.find((m: { type: string }) => m.type === "discard");
      if (!move) continue;
      expect((await p.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() })).status).toBe(200);
      requests++;
      made++;
      await after?.();
      break;
    }
  }
  return requests;
}

/** Waits until no notice is held and the queue has read every message written; the meter then. */
async function noticesThrough(): Promise<Meter> {
  for (let i = 0; i < 120; i++) {
    const m = await read();
    if (!Object.keys(m.pending).length && m.counts.queueReads! >= m.counts.queueWrites!) return m;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the notices did not go through");
}

describe("the meter counts what the platform bills", { timeout: 90_000 }, () => {
  it("nothing is counted until it is switched on", async () => {
    await ann.call("DELETE", "/api/dev/meter");
    await ann.get("/api/me");
    expect((await read()).on).toBe(false);
    expect(Object.values((await read()).counts).every((n) => n === 0)).toBe(true);
  });

  it("a game's requests, calls, rows, queue messages and mails, each against what the test made and sees", async () => {
    const mailed = () => env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_address IN (?, ?)").bind("ann@meter.example.com", "bob@meter.example.com").first<number>("n");
    const outboxBefore = (await mailed())!;
    // The merge window shortened to nothing: each notice's flush comes at once, not three minutes later.
    expect((await ann.post("/api/dev/meter", { mergeWindowMs: 0 })).status).toBe(200);
    const id = await startGame(ann, bob, "meter-seed-0001");
    const requests = 2 + (await playMoves(id, 8));
    const m = await read();

    // Worker requests: exactly the test's own (the development routes it called to read the meter aside).
    expect(m.counts.workerRequests).toBe(requests);
    // No session lookup: each request brings its session's proof (test/worker/session-proof.test.ts), taken when Ann and Bob named themselves.
    expect(statement(m.d1, "SELECT user_id AS id, email, display_name AS displayName").n).toBe(0);
    expect(statement(m.d1, "SELECT u.id, u.email, u.display_name AS displayName").n).toBe(0);
    // Durable Object requests: one RPC call per game request, by method.
    expect(m.rpc).toMatchObject({ create: 1, join: 1, move: 8, get: requests - 2 - 8 });
    // ...and the Worker's by route, the game's id as `:id`.
    expect(m.routes).toMatchObject({ "POST /api/games/:id/moves": 8, "GET /api/games/:id": requests - 2 - 8 });

    // The game's own storage: every chunk row of the log (LOG_CHUNK changes' events and moves) the meter saw inserted is in the log, and each row written counted.
    const log = await logOf(id);
    const chunksInserted = statement(m.sql, "INSERT INTO chunks");
    expect(chunksInserted.n).toBe(log.chunkRows);
    expect(chunksInserted.written).toBe(log.chunkRows);
    expect(statement(m.sql, "INSERT INTO steps").n).toBe(log.stepRows);
    expect(log.moves.length).toBeGreaterThanOrEqual(8);
    expect(statement(m.sql, "INSERT INTO events").written).toBeGreaterThanOrEqual(log.eventRows);
    expect(m.counts.doRowsWritten).toBeGreaterThanOrEqual(log.chunkRows + log.eventRows);
    // Beside the SQL rows, each setAlarm or deleteAlarm is a row written.
    expect(m.counts.doRowsWritten).toBeGreaterThanOrEqual(Object.values(m.sql).reduce((s, v) => s + v.written, 0));

    // D1: the games index rows the game wrote are there, each counted as written at least once.
    const indexed = (await env.DB.prepare("SELECT COUNT(*) AS n FROM game_players WHERE game_id = ?").bind(id).first<number>("n"))! + 1;
    expect(statement(m.d1, "INSERT INTO game_players").written + statement(m.d1, "INSERT INTO games").written).toBeGreaterThanOrEqual(indexed);

    expect(m.counts.d1Queries).toBe(Object.values(m.d1).reduce((s, v) => s + v.n, 0));
    expect(m.counts.d1RowsRead).toBe(Object.values(m.d1).reduce((s, v) => s + v.read, 0));

    // The queue: every notice the game put on it is read once and goes through; each mail lands in the outbox.
    let through = m;
    for (let i = 0; i < 60 && (Object.keys(through.pending).length || through.counts.queueReads! < through.counts.queueWrites!); i++) {
      await new Promise((r) => setTimeout(r, 500));
      through = await read();
    }
    expect(through.counts.queueWrites).toBeGreaterThan(0);
    expect(through.counts.queueReads).toBe(through.counts.queueWrites);
    expect(through.counts.queueRetries).toBe(0);
    expect(through.pending).toEqual({});
    expect(through.counts.mails).toBeGreaterThan(0);
    expect(through.counts.mails).toBe((await mailed())! - outboxBefore);
    // A notice logged writes its row alone: no index beside it, no AUTOINCREMENT sequence row.
    const logged = statement(through.d1, "INSERT INTO notify_sent");
    expect(logged.n).toBeGreaterThan(0);
    expect(logged).toMatchObject({ read: 0, written: logged.n });
  });

  it("each notice costs one queue message, one look at its player and one row of the log; nothing is held when the window is nothing", async () => {
    const cat = await signIn("cat@meter.example.com");
    const dan = await signIn("dan@meter.example.com");
    const logRows = () => env.DB.prepare("SELECT COUNT(*) AS n FROM notify_sent WHERE user_id IN (SELECT id FROM users WHERE email IN (?, ?))").bind("cat@meter.example.com", "dan@meter.example.com").first<number>("n");
    expect((await cat.post("/api/dev/meter", { mergeWindowMs: 0 })).status).toBe(200);
    const id = await startGame(cat, dan, "meter-seed-0006");
    await noticesThrough();
    // A move at a time, its notices through before the next (as check-ins hours apart would be): each notice alone.
    await playMoves(id, 6, [cat, dan], noticesThrough);
    const m = await noticesThrough();
    // Every notice ends as one row of notify_sent (sent, or skipped and why): that row counts the notices.
    const notices = (await logRows())!;
    expect(notices).toBeGreaterThan(0);
    expect(m.counts.mails).toBeGreaterThan(0);
    expect(m.counts.queueWrites).toBe(notices);
    expect(m.counts.queueRetries).toBe(0);
    expect(statement(m.d1, "SELECT u.id, u.email AS address").n).toBe(notices);
    expect(statement(m.d1, "INSERT INTO notify_sent")).toEqual({ n: notices, read: 0, written: notices });
    expect(statement(m.d1, "INSERT INTO notify_pending").n).toBe(0);
    expect(statement(m.d1, "SELECT MIN(due_at)").n).toBe(0);
    expect(statement(m.d1, "DELETE FROM notify_pending").n).toBe(0);
  });

  it("a notice held in its player's merge window writes one row, and its flush reads it along the table's key", async () => {
    const eli = await signIn("eli@meter.example.com");
    const fay = await signIn("fay@meter.example.com");
    expect((await eli.post("/api/dev/meter", { mergeWindowMs: 200 })).status).toBe(200);
    const id = await startGame(eli, fay, "meter-seed-0014");
    await playMoves(id, 2, [eli, fay], noticesThrough);
    const m = await noticesThrough();
    const held = statement(m.d1, "INSERT INTO notify_pending");
    expect(held.n).toBeGreaterThan(0);
    // One row each: no index entry beside it.
    expect(held).toMatchObject({ read: 0, written: held.n });
    // Taken at its flush: read along the key, then deleted by its key (a DELETE … RETURNING counted each row read twice).
    // (A row the game took back, its turn played within the window, has a new key: the flush's DELETE by the key it carries finds nothing, and the row is deleted by its new one.)
    const taken = statement(m.d1, "DELETE FROM notify_pending");
    expect(taken).toMatchObject({ read: held.n, written: held.n });
    const takenBack = statement(m.d1, "UPDATE notify_pending");
    expect(taken.n).toBeLessThanOrEqual(held.n + takenBack.written);
    expect(statement(m.d1, "SELECT id, body, channels, due_at FROM notify_pending").read).toBeLessThanOrEqual(2 * held.n);
    // The game holds its notices itself: the queue carries the windows' flushes only, no message per notice before them.
    const batches = Object.keys(m.routes).filter((r) => r.startsWith("queue: "));
    expect(batches).toEqual(["queue: flush"]);
    expect(m.counts.queueWrites).toBeGreaterThan(0);
    expect(m.counts.queueWrites).toBeLessThan(held.n + 1);
    expect(m.counts.mails).toBeGreaterThan(0);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM notify_pending WHERE user_id IN (SELECT id FROM users WHERE email IN (?, ?))").bind("eli@meter.example.com", "fay@meter.example.com").first<number>("n")).toBe(0);
  });

  it("a session's copy of its user follows every change of the user: name, zone, vacation", async () => {
    const cy = await signIn("cy@meter.example.com");
    const other = await signIn("cy@meter.example.com"); // a second device of the same player
    expect((await cy.put("/api/me", { displayName: "Cynthia", timezone: "Europe/Paris" })).status).toBe(200);
    expect((await cy.post("/api/me/vacation", { days: 2 })).status).toBe(200);
    const stored = await env.DB.prepare(
      "SELECT s.display_name = u.display_name AND s.timezone = u.timezone AND s.vacation_until = u.vacation_until AND s.email = u.email AS same, s.display_name AS name FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?",
    )
      .bind("cy@meter.example.com")
      .all<{ same: number; name: string }>();
    expect(stored.results).toEqual([{ same: 1, name: "Cynthia" }, { same: 1, name: "Cynthia" }]);
    // What a request sees on the other device once its session proof has lapsed (minutes; session-proof.test.ts): the name seated at a new game is the new one.
    other.jar.delete(PROOF_COOKIE);
    const created = await other.post("/api/games", { ruleset: "siamese" });
    expect(created.status).toBe(201);
    expect((await other.get(`/api/games/${created.body.id}`)).body.players[0].name).toBe("Cynthia");
    // A session stored without the copy (opened before it was kept) is still read, joined to its user.
    await env.DB.prepare("UPDATE sessions SET email = NULL WHERE user_id = (SELECT id FROM users WHERE email = ?)").bind("cy@meter.example.com").run();
    other.jar.delete(PROOF_COOKIE);
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    expect((await other.get("/api/me")).body.displayName).toBe("Cynthia");
    expect(statement((await read()).d1, "SELECT u.id, u.email, u.display_name AS displayName").n).toBe(1);
  });

  it("who is signed in reads one row of the user, however long their ledger: the totals are kept on it as lines come", async () => {
    const dee = await signIn("dee@meter.example.com");
    const id = (await dee.get("/api/me")).body.id as string;
    // Forty games' lines, two lines for some games, one line posted twice (the retried post adds nothing).
    const line = (g: number, reason: string, points: number) =>
      env.DB.prepare("INSERT INTO ledger (game_id, seat, user_id, reason, points, detail, ruleset, created_at) VALUES (?, 0, ?, ?, ?, '', 'siamese', 1) ON CONFLICT (game_id, seat, reason) DO NOTHING").bind(`meter-ledger-${g}`, id, reason, points);
    await env.DB.batch([...Array.from({ length: 40 }, (_, g) => line(g, "mahjong", g - 10)), line(3, "wall", 7), line(5, "wall", -2), line(3, "wall", 7)]);
    const sum = (await env.DB.prepare("SELECT SUM(points) AS points, COUNT(DISTINCT game_id) AS games FROM ledger WHERE user_id = ?").bind(id).first<{ points: number; games: number }>())!;
    expect(sum).toEqual({ points: 385, games: 40 });
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    expect((await dee.get("/api/me")).body.totals).toEqual(sum);
    const m = await read();
    // The user's row (the session is its proof's): nothing of the ledger.
    expect(m.counts.d1RowsRead).toBe(1);
    expect(statement(m.d1, "SELECT COALESCE(SUM(points)").n).toBe(0);
    expect((await dee.get("/api/me/ledger")).body.totals).toEqual(sum);
  });

  it("the development hook that moves a game's clock is not counted, an alarm it rings is", async () => {
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    const id = await startGame(ann, bob, "meter-seed-0002");
    await ann.post("/api/dev/meter", {});
    expect((await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: 60_000, fire: true })).status).toBe(200);
    expect((await read()).counts).toMatchObject({ workerRequests: 0, doRequests: 0, doRowsWritten: 0 });
    // Two days later the turn's clock has run out: the alarm rings (a request) and rules the timeout (rows written).
    const rung = (await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: 2 * 86_400_000, fire: false, ring: true })).body;
    expect(rung.toAct).toEqual([1]);
    const after = await read();
    expect(after.counts.doRequests).toBe(1);
    expect(after.counts.doRowsWritten).toBeGreaterThan(0);
    // Woken again, the game reads its document; the hooks' own row (the clock moved ahead), which production never has, is not counted,
    // though the hook reads it for the first time inside its own uncounted write.
    // (Not rung here: an alarm set earlier than needed stays set, and may ring meanwhile with nothing to do.)
    await evictDurableObject(stubOf(id));
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    expect((await ann.post(`/api/dev/games/${id}/clock`, { advanceMs: 60_000, fire: false, ring: false })).status).toBe(200);
    expect((await read()).counts.doRowsWritten).toBe(0);
    expect(Object.keys((await read()).sql).filter((q) => q.includes("[dev]"))).toEqual([]);
    await evictDurableObject(stubOf(id));
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    expect((await ann.get(`/api/games/${id}`)).status).toBe(200);
    expect(statement((await read()).sql, "SELECT value FROM kv")).toMatchObject({ read: 1 });
  });
});

describe("a game's page, which the worker draws", { timeout: 90_000 }, () => {
  it("is a Worker request of its own, and its reading of the game a Durable Object request, both counted", async () => {
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    const id = await startGame(ann, bob, "meter-seed-0003");
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    const res = await ann.fetch(`/game/${id}`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="ssr"');
    // the game's answer in it: web/public/early.js asks for nothing more
    expect(html).toContain('<script type="application/json" id="answer">');
    const m = await read();
    // What the page costs, less what the game's start may still be doing beside it on a loaded machine: its turn
    // notice's queue delivery (a Worker request, and the game asked whose turn it is: turnOf) or an alarm.
    const background = /^(queue: |cron$|turnOf$|alarm$)/;
    const own = (counted: Record<string, number>) => Object.fromEntries(Object.entries(counted).filter(([k]) => !background.test(k)));
    const sum = (counted: Record<string, number>) => Object.values(counted).reduce((a, b) => a + b, 0);
    expect(own(m.routes)).toEqual({ "GET /game/:id": 1 });
    expect(m.counts.workerRequests! - (sum(m.routes) - sum(own(m.routes)))).toBe(1);
    expect(own(m.rpc)).toEqual({ get: 1 });
    expect(m.counts.doRequests! - (sum(m.rpc) - sum(own(m.rpc)))).toBe(1);
  });

  it("a check-in hours after the last (the session's proof gone): the page reads the session once and hands on its proof; the move that follows reads none", async () => {
    const id = await startGame(ann, bob, "meter-seed-0004");
    const g = (await ann.get(`/api/games/${id}`)).body;
    const who = [ann, bob][g.players.findIndex((p: { toAct: boolean }) => p.toAct)]!;
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    who.cookie = who.cookie.replace(new RegExp(`(^|;\\s*)${PROOF_COOKIE}=[^;]*`), "");
    expect(who.cookie).not.toContain(PROOF_COOKIE);
    const html = await (await who.fetch(`/game/${id}`, { headers: { accept: "text/html" } })).text();
    expect(who.cookie).toContain(PROOF_COOKIE);
    const view = JSON.parse(/<script type="application\/json" id="answer">([^<]*)<\/script>/.exec(html)![1]!);
    const move = view.legalMoves.find((m: { type: string }) => m.type === "draw") ?? view.legalMoves.find((m: { type: string }) => m.type === "discard");
    expect((await who.post(`/api/games/${id}/moves`, { version: view.version, move, idempotencyKey: key() })).status).toBe(200);
    const m = await read();
    expect(m.routes).toEqual({ "GET /game/:id": 1, "POST /api/games/:id/moves": 1 });
    expect(m.rpc).toEqual({ get: 1, move: 1 });
    expect(statement(m.d1, "SELECT user_id AS id, email")).toMatchObject({ n: 1 });
  });
});

describe("what a move costs the game's storage", { timeout: 90_000 }, () => {
  it("a move is kept with the document, with the events it made, and logged LOG_CHUNK changes to a row; its count is kept with the document, never counted again from the log, even after the object leaves memory", async () => {
    const id = await startGame(ann, bob, "meter-seed-0003");
    const start = await logOf(id);
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    await playMoves(id, 10);
    await evictDurableObject(stubOf(id));
    await playMoves(id, 10);
    const m = await read();
    const log = await logOf(id);
    // Every change is in the log, each once: whole chunks of LOG_CHUNK, the rest with the document (none lost by the eviction between).
    expect(log.changes).toBeGreaterThanOrEqual(start.changes + 20);
    expect(log.stepRows).toBe(0);
    expect(log.chunkSizes.every((n) => n === LOG_CHUNK)).toBe(true);
    expect(log.chunkRows).toBe(Math.floor(log.changes / LOG_CHUNK));
    expect(log.kept).toBe(log.changes % LOG_CHUNK);
    expect(statement(m.sql, "INSERT INTO chunks")).toMatchObject({ n: log.chunkRows - start.chunkRows, written: log.chunkRows - start.chunkRows });
    expect(log.chunkRows - start.chunkRows).toBeLessThanOrEqual(2);
    expect(statement(m.sql, "INSERT INTO steps").n).toBe(0);
    expect(statement(m.sql, "INSERT INTO moves").n).toBe(0);
    // The log holds them as they were played.
    expect(log.moves.filter((x) => x.move.type !== "orders")).toHaveLength(20);
    expect(statement(m.sql, "SELECT COUNT(*)")).toMatchObject({ n: 0 });
    await expect.poll(async () => (await env.DB.prepare("SELECT moves FROM games WHERE id = ?").bind(id).first<number>("moves")), { timeout: 10_000 }).toBe(20);
  });

  it("a turn told to the games index writes the game's row and nothing beside it", async () => {
    const id = await startGame(ann, bob, "meter-seed-0011");
    await playMoves(id, 2);
    await expect.poll(async () => (await env.DB.prepare("SELECT moves FROM games WHERE id = ?").bind(id).first<number>("moves")), { timeout: 10_000 }).toBe(2);
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    await playMoves(id, 4);
    await expect.poll(async () => (await env.DB.prepare("SELECT moves FROM games WHERE id = ?").bind(id).first<number>("moves")), { timeout: 10_000 }).toBe(6);
    const games = statement((await read()).d1, "INSERT INTO games");
    expect(games.n).toBeGreaterThan(0);
    // Its deadline moves at every turn: an index on it was written again each time (D1 bills each entry as a row).
    expect(games.written).toBe(games.n);
  });

  it("a game woken from storage reads its latest events with the document, one row, not the log's last forty; it shows the same events", async () => {
    const id = await startGame(ann, bob, "meter-seed-0005");
    await playMoves(id, 30);
    const before = (await ann.get(`/api/games/${id}`)).body;
    expect(before.events.length).toBeGreaterThan(20);
    await evictDurableObject(stubOf(id));
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    const after = (await ann.get(`/api/games/${id}`)).body;
    expect(after.events).toEqual(before.events);
    const m = await read();
    expect(statement(m.sql, "SELECT version, at, event")).toMatchObject({ n: 0 });
    expect(m.counts.doRowsRead).toBeLessThanOrEqual(4);
  });

  it("a game stored before its document kept its latest events reads them from the log once, then keeps them with the document", async () => {
    const id = await startGame(ann, bob, "meter-seed-0006");
    await playMoves(id, 6);
    const before = (await ann.get(`/api/games/${id}`)).body;
    await runInDurableObject(stubOf(id), (_room: GameRoom, state) => {
      const row = state.storage.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'doc'").one();
      const { recentEvents, ...doc } = JSON.parse(row.value);
      expect(recentEvents.length).toBe(before.events.length);
      state.storage.sql.exec("UPDATE kv SET value = ? WHERE key = 'doc'", JSON.stringify(doc));
    });
    await evictDurableObject(stubOf(id));
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    expect((await ann.get(`/api/games/${id}`)).body.events).toEqual(before.events);
    await playMoves(id, 2);
    await evictDurableObject(stubOf(id));
    const after = (await ann.get(`/api/games/${id}`)).body;
    expect(after.events.slice(0, before.events.length)).toEqual(before.events);
    expect(statement((await read()).sql, "SELECT version, at, event")).toMatchObject({ n: 1 });
  });

  it("a change writes the engine state with the document, one row; a game woken reads both in one", async () => {
    const id = await startGame(ann, bob, "meter-seed-0009");
    const start = await logOf(id);
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    await playMoves(id, 6);
    const m = await read();
    const moves = (await logOf(id)).changes - start.changes;
    expect(moves).toBeGreaterThanOrEqual(6);
    // One kv row a change (the document with the state), where the state was a second; the games index's seats and the notices waiting may add a few.
    expect(statement(m.sql, "INSERT INTO kv").n).toBeLessThanOrEqual(moves + 3);
    // ...each written without a row read to find the one it replaces (the table is kept by its key alone).
    expect(statement(m.sql, "INSERT INTO kv").read).toBe(0);
    // Each move's answer kept for a retry with the document, which the move writes anyway: no row of its own.
    expect(statement(m.sql, "INSERT INTO answers").n).toBe(0);
    expect(statement(m.sql, "answers").n).toBe(0);
    const before = (await ann.get(`/api/games/${id}`)).body;
    await evictDurableObject(stubOf(id));
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    expect({ ...(await ann.get(`/api/games/${id}`)).body, now: 0 }).toEqual({ ...before, now: 0 });
    expect(statement((await read()).sql, "SELECT value FROM kv")).toMatchObject({ read: 1 });
  });

  it("a move's answer is kept with the document: a retry with the same key gets the first answer, after the object left memory too, and after the other seat moved", async () => {
    const id = await startGame(ann, bob, "meter-seed-0012");
    const g = (await ann.get(`/api/games/${id}`)).body;
    const body = { version: g.version, move: g.legalMoves.find((m: { type: string }) => m.type === "discard"), idempotencyKey: key() };
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    const first = await ann.post(`/api/games/${id}/moves`, body);
    expect(first.status).toBe(200);
    // The move's rows: the document, with the answer, the step's events and the move (the log's chunk comes every LOG_CHUNK changes); nothing beside it (the notices held and the alarm aside).
    expect((await logOf(id)).kept).toBeLessThan(LOG_CHUNK);
    const written = Object.entries((await read()).sql).filter(([q, v]) => v.written && !q.endsWith("[notices]") && q !== "setAlarm");
    expect(written.map(([q, v]) => [q.split(" (")[0], v.written]).sort()).toEqual([["INSERT INTO kv", 1]]);
    await evictDurableObject(stubOf(id));
    expect(await ann.post(`/api/games/${id}/moves`, body)).toEqual(first);
    await playMoves(id, 2);
    await evictDurableObject(stubOf(id));
    expect(await ann.post(`/api/games/${id}/moves`, body)).toEqual(first);
    expect((await ann.get(`/api/games/${id}`)).body.version).toBe(first.body.version + 2);
  });

  it("a game stored before keeps its older answers in a table of their own, still read for a retry", async () => {
    const id = await startGame(ann, bob, "meter-seed-0013");
    const g = (await ann.get(`/api/games/${id}`)).body;
    const body = { version: g.version, move: g.legalMoves.find((m: { type: string }) => m.type === "discard"), idempotencyKey: key() };
    const first = await ann.post(`/api/games/${id}/moves`, body);
    // As stored before: the answer in the table, none with the document.
    await runInDurableObject(stubOf(id), (_room: GameRoom, state) => {
      const { answers, ...doc } = JSON.parse(state.storage.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'doc'").one().value);
      expect(answers).toHaveLength(1);
      state.storage.sql.exec("CREATE TABLE answers (seat INTEGER NOT NULL, key TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (seat, key)) WITHOUT ROWID");
      state.storage.sql.exec("INSERT INTO answers (seat, key, status, body, at) VALUES (?, ?, ?, ?, ?)", answers[0].seat, answers[0].key, answers[0].status, answers[0].json, answers[0].at);
      state.storage.sql.exec("UPDATE kv SET value = ? WHERE key = 'doc'", JSON.stringify(doc));
    });
    await evictDurableObject(stubOf(id));
    expect(await ann.post(`/api/games/${id}/moves`, body)).toEqual(first);
    expect((await ann.get(`/api/games/${id}`)).body.version).toBe(first.body.version);
  });

  it("a game stored with the engine state in a row of its own is read as it was, and its next change moves the state into the document", async () => {
    const id = await startGame(ann, bob, "meter-seed-0010");
    await playMoves(id, 4);
    const before = (await ann.get(`/api/games/${id}`)).body;
    const kvOf = () =>
      runInDurableObject(stubOf(id), (_room: GameRoom, state) => Object.fromEntries(state.storage.sql.exec<{ key: string; value: string }>("SELECT key, value FROM kv").toArray().map((r) => [r.key, JSON.parse(r.value)])));
    // As a game stored before: the state in its own row, the document without it.
    await runInDurableObject(stubOf(id), (_room: GameRoom, state) => {
      const { engineState, ...doc } = JSON.parse(state.storage.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'doc'").one().value);
      expect(engineState).toBeTruthy();
      state.storage.sql.exec("INSERT INTO kv (key, value) VALUES ('state', ?)", JSON.stringify(engineState));
      state.storage.sql.exec("UPDATE kv SET value = ? WHERE key = 'doc'", JSON.stringify(doc));
    });
    await evictDurableObject(stubOf(id));
    expect({ ...(await ann.get(`/api/games/${id}`)).body, now: 0 }).toEqual({ ...before, now: 0 });
    expect(await kvOf()).toHaveProperty("state");
    await playMoves(id, 2);
    const after = await kvOf();
    expect(after).not.toHaveProperty("state");
    expect(after.doc.engineState).toBeTruthy();
    await evictDurableObject(stubOf(id));
    const woken = (await ann.get(`/api/games/${id}`)).body;
    expect(woken.version).toBe(before.version + 2);
    // ...and plays on from the state it kept.
    await playMoves(id, 2);
    expect((await ann.get(`/api/games/${id}`)).body.version).toBe(before.version + 4);
  });

  it("changes' events are kept with the document, then LOG_CHUNK changes to a row of the log, read back as the events they were", async () => {
    const id = await startGame(ann, bob, "meter-seed-0007");
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    await playMoves(id, 20);
    const m = await read();
    const chunks = statement(m.sql, "INSERT INTO chunks");
    expect(chunks.n).toBeGreaterThan(0);
    expect(chunks.written).toBe(chunks.n);
    expect(statement(m.sql, "INSERT INTO events").n).toBe(0);
    expect(statement(m.sql, "INSERT INTO steps").n).toBe(0);
    const before = (await ann.get(`/api/games/${id}`)).body;
    const log = await logOf(id);
    expect(log.chunkRows).toBe(chunks.n);
    expect(log.kept).toBeGreaterThan(0);
    await runInDurableObject(stubOf(id), (_room: GameRoom, state) => {
      // Read from the log (its chunks, then the changes kept with the document), as a game whose document does not hold its latest events would.
      const row = state.storage.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'doc'").one();
      const { recentEvents, ...doc } = JSON.parse(row.value);
      expect(recentEvents.length).toBe(before.events.length);
      state.storage.sql.exec("UPDATE kv SET value = ? WHERE key = 'doc'", JSON.stringify(doc));
    });
    await evictDurableObject(stubOf(id));
    expect((await ann.get(`/api/games/${id}`)).body.events).toEqual(before.events);
  });

  it("a game stored before the log kept a change to a row logs one row per event, as before", async () => {
    const id = await startGame(ann, bob, "meter-seed-0008");
    // As stored before: no steps, the moves a row each.
    await runInDurableObject(stubOf(id), (_room: GameRoom, state) => {
      state.storage.sql.exec("DROP TABLE steps");
      state.storage.sql.exec("CREATE TABLE moves (ply INTEGER PRIMARY KEY, seat INTEGER NOT NULL, move TEXT NOT NULL, at INTEGER NOT NULL)");
    });
    await evictDurableObject(stubOf(id));
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    await playMoves(id, 4);
    const m = await read();
    expect(statement(m.sql, "INSERT INTO events").n).toBeGreaterThanOrEqual(4);
    expect(statement(m.sql, "INSERT INTO steps").n).toBe(0);
    const before = (await ann.get(`/api/games/${id}`)).body;
    await evictDurableObject(stubOf(id));
    expect((await ann.get(`/api/games/${id}`)).body.events).toEqual(before.events);
  });

  it("a game stored before a change's moves were kept in its step row logs them a row each, as before, and its record reads both", async () => {
    const id = await startGame(ann, bob, "meter-seed-0015");
    await playMoves(id, 2);
    const before = await runInDurableObject(stubOf(id), (_room: GameRoom, state) => {
      // As stored before: steps without moves, the moves in a table of their own.
      const moves = state.storage.sql.exec<{ moves: string; at: number }>("SELECT moves, at FROM steps WHERE moves IS NOT NULL ORDER BY seq").toArray().flatMap((r) => (JSON.parse(r.moves) as { seat: number; move: unknown }[]).map((m) => ({ ...m, at: r.at })));
      state.storage.sql.exec("ALTER TABLE steps DROP COLUMN moves");
      state.storage.sql.exec("CREATE TABLE moves (ply INTEGER PRIMARY KEY, seat INTEGER NOT NULL, move TEXT NOT NULL, at INTEGER NOT NULL)");
      for (const m of moves) state.storage.sql.exec("INSERT INTO moves (seat, move, at) VALUES (?, ?, ?)", m.seat, JSON.stringify(m.move), m.at);
      return moves.length;
    });
    await evictDurableObject(stubOf(id));
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    await playMoves(id, 2);
    const m = await read();
    expect(statement(m.sql, "INSERT INTO moves").n).toBe(2);
    const after = await runInDurableObject(stubOf(id), (_room: GameRoom, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM moves").one().n);
    expect(after).toBe(before + 2);
    expect((await ann.get(`/api/games/${id}`)).body.version).toBeGreaterThan(0);
  });

  it("a game stored before its document kept the count counts its log once, then keeps the count", async () => {
    const id = await startGame(ann, bob, "meter-seed-0004");
    await playMoves(id, 20);
    // A log in chunks and kept with the document: both counted.
    expect((await logOf(id)).chunkRows).toBeGreaterThan(0);
    expect((await logOf(id)).kept).toBeGreaterThan(0);
    // As stored before: the document without the count.
    await runInDurableObject(stubOf(id), (_room: GameRoom, state) => {
      const row = state.storage.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'doc'").one();
      const { movesShown, ...doc } = JSON.parse(row.value);
      expect(movesShown).toBe(20);
      state.storage.sql.exec("UPDATE kv SET value = ? WHERE key = 'doc'", JSON.stringify(doc));
    });
    await evictDurableObject(stubOf(id));
    expect((await ann.post("/api/dev/meter", {})).status).toBe(200);
    await playMoves(id, 3);
    expect(statement((await read()).sql, "SELECT steps FROM chunks")).toMatchObject({ n: 1 });
    await expect.poll(async () => (await env.DB.prepare("SELECT moves FROM games WHERE id = ?").bind(id).first<number>("moves")), { timeout: 10_000 }).toBe(23);
  });
});

describe("outside development", () => {
  it("the bindings are the platform's own and the meter's routes are not there", async () => {
    const settings = production();
    expect(metered(settings)).toBe(settings);
    await runInDurableObject(stubOf("meter-probe"), (_room: GameRoom, state) => {
      expect(meteredStorage(state.storage, { ENVIRONMENT: "production" })).toBe(state.storage);
      expect(meteredStorage(state.storage, { ENVIRONMENT: "development" })).not.toBe(state.storage);
    });
    const b = browserWith(settings);
    expect((await b.post("/api/dev/meter", {})).status).toBe(404);
    expect((await b.get("/api/dev/meter")).status).toBe(404);
  });
});
