/**
 * A game stored before its document kept the engine's facts (GameDoc.facts: result, toAct, pace)
 * plays on: woken from storage, the room works them out once from the engine state, so whose turn
 * it is, the next move and the end are as they would have been.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { playOne, signIn, startGame } from "./client";

const ann = await signIn("ann.stored-facts@example.com");
const bob = await signIn("bob.stored-facts@example.com");
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
/** The stored document loses its facts, as one stored before them; the room is evicted, to wake from storage. */
async function storedWithoutFacts(id: string) {
  const stored = await runInDurableObject(stubOf(id), (_room, state) => {
    state.storage.sql.exec("UPDATE kv SET value = json_remove(value, '$.facts') WHERE key = 'doc'");
    return state.storage.sql.exec<{ facts: string | null }>("SELECT json_extract(value, '$.facts') AS facts FROM kv WHERE key = 'doc'").one().facts;
  });
  expect(stored).toBeNull();
  await evictDurableObject(stubOf(id));
}
const shown = async (id: string) => {
  const { now: _, ...view } = (await ann.get(`/api/games/${id}`)).body;
  return view;
};

describe("a game stored without its facts", () => {
  it("is woken with them and plays on to its end", async () => {
    const id = await startGame(ann, bob, "stored-facts-1");
    for (let i = 0; i < 3; i++) expect((await playOne([ann, bob], id)).status).toBe(200);
    const before = await shown(id);
    await storedWithoutFacts(id);
    expect(await shown(id)).toEqual(before);
    const next = await playOne([ann, bob], id);
    expect(next.status).toBe(200);
    expect(next.body.players.some((p: { toAct: boolean }) => p.toAct)).toBe(true);
    const resigned = await bob.post(`/api/games/${id}/resign`);
    expect(resigned.status).toBe(200);
    expect(resigned.body).toMatchObject({ status: "ended", result: { reason: "abandoned" } });
    const record = (await ann.get(`/api/games/${id}/record`)).body;
    expect(record.result).toEqual(resigned.body.result);

    // Ended, its result is read from the facts too.
    const ended = await shown(id);
    await storedWithoutFacts(id);
    expect(await shown(id)).toEqual(ended);
    expect((await ann.get(`/api/games/${id}/record`)).body).toEqual(record);
  });
});
