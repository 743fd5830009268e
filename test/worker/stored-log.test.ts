/**
 * A game stored before its log was kept with the document (a row of `steps` per change, no `chunks`
 * table, who sits where as the index has it in a row of its own) plays on: woken from storage, its
 * record and events are what they were, its next moves are logged as such a game logs them, and it
 * plays to its end with nothing lost.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { playOne, signIn, startGame } from "./client";

const ann = await signIn("ann.stored-log@example.com");
const bob = await signIn("bob.stored-log@example.com");
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));

interface Step {
  version: number;
  at: number;
  events: unknown[];
  moves: unknown[] | null;
}

/** The game's storage rewritten as a game stored before the log went into the document: its changes in rows of `steps`. */
async function storedTheOldWay(id: string) {
  const counts = await runInDurableObject(stubOf(id), (_room, state) => {
    const sql = state.storage.sql;
    const doc = JSON.parse(sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'doc'").one().value) as Record<string, unknown>;
    const chunked = sql
      .exec<{ steps: string }>("SELECT steps FROM chunks ORDER BY seq")
      .toArray()
      .flatMap((r) => JSON.parse(r.steps) as Step[]);
    const steps = [...chunked, ...((doc.unloggedSteps as Step[] | undefined) ?? [])];
    for (const s of steps) sql.exec("INSERT INTO steps (version, at, events, moves) VALUES (?, ?, ?, ?)", s.version, s.at, JSON.stringify(s.events), s.moves === null ? null : JSON.stringify(s.moves));
    sql.exec("DROP TABLE chunks");
    const { unloggedSteps: _, indexSeats, ...old } = doc;
    sql.exec("UPDATE kv SET value = ? WHERE key = 'doc'", JSON.stringify(old));
    if (indexSeats) sql.exec("INSERT INTO kv (key, value) VALUES ('indexSeats', ?)", JSON.stringify(indexSeats));
    return { steps: steps.length, chunks: chunked.length };
  });
  await evictDurableObject(stubOf(id));
  return counts;
}

const stepRows = (id: string) => runInDurableObject(stubOf(id), (_room, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM steps").one().n);
const hasChunks = (id: string) => runInDurableObject(stubOf(id), (_room, state) => state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'chunks'").toArray().length > 0);

/** The same moves in both games, in turn: the player to act plays what playOne picks. */
async function playBoth(ids: string[], n: number) {
  for (let i = 0; i < n; i++) for (const id of ids) expect((await playOne([ann, bob], id)).status).toBe(200);
}
/** Times aside (the two games' moves are made moments apart). */
const timeless = (x: unknown) => JSON.parse(JSON.stringify(x, (_k, v) => (typeof v === "number" && v > 1e12 ? "(a time)" : v)));
const tableOf = async (id: string) => {
  const { now: _, id: _id, ...view } = (await ann.get(`/api/games/${id}`)).body;
  return timeless(view);
};
const recordOf = async (id: string) => {
  const { id: _, ...record } = (await ann.get(`/api/games/${id}/record`)).body;
  return timeless(record);
};

describe("a game stored before its log was kept with the document", { timeout: 90_000 }, () => {
  it("is woken with its whole log and plays on to its end, logging its changes in rows as before: its record is the same game's made the new way", async () => {
    // Two games of the same deal, played move for move alike: one stored the old way, one the new.
    const old = await startGame(ann, bob, "stored-log-1");
    const now = await startGame(ann, bob, "stored-log-1");
    // More changes than one chunk holds: some are in `chunks`, the latest in the document.
    await playBoth([old, now], 20);
    const { steps, chunks } = await storedTheOldWay(old);
    expect(chunks).toBeGreaterThan(0);
    expect(steps).toBeGreaterThan(chunks);
    expect(await hasChunks(old)).toBe(false);

    // Woken from the old storage: the same table.
    expect(await tableOf(old)).toEqual(await tableOf(now));

    // It plays on: each change a row of `steps`, no `chunks` table made for it.
    const rows = await stepRows(old);
    await playBoth([old, now], 3);
    expect(await stepRows(old)).toBeGreaterThan(rows);
    expect(await hasChunks(old)).toBe(false);
    expect(await tableOf(old)).toEqual(await tableOf(now));

    // ...to its end: the whole record, the same as the game stored the new way.
    for (const id of [old, now]) {
      const resigned = await bob.post(`/api/games/${id}/resign`);
      expect(resigned.status).toBe(200);
      expect(resigned.body).toMatchObject({ status: "ended", result: { reason: "abandoned" } });
    }
    const record = await recordOf(now);
    expect(record.moves.length).toBeGreaterThanOrEqual(23);
    expect(await recordOf(old)).toEqual(record);
  });
});
