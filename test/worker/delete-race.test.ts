/**
 * Deleting an account and posting a challenge at the same moment (issue #30, 5): whichever comes
 * first, no challenge of the deleted account is left open, listed or acceptable.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, signIn } from "./client";

const RUNS = 16;
const taker = await signIn("taker@race.example.com");

async function deleteLink(b: Browser, address: string): Promise<string> {
  expect((await b.post("/api/me/delete")).status).toBe(200);
  const mail = (await b.get(`/api/dev/outbox?to=${encodeURIComponent(address)}`)).body.messages[0];
  return new URL(mail.link).searchParams.get("token")!;
}

describe("deleting an account while it posts a challenge", () => {
  it(`leaves no open challenge behind, in ${RUNS} races of the two requests`, { timeout: 60_000 }, async () => {
    const posted: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const address = `racer${run}@race.example.com`;
      const racer = await signIn(address);
      const userId = (await racer.get("/api/me")).body.id as string;
      const token = await deleteLink(racer, address);
      // Three postings of a challenge (at once, one and two ms later) and the deletion (at once, or
      // three or six ms later, when a challenge may already be listed): either may reach D1 first.
      const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const challenge = () => racer.post("/api/challenges", { ruleset: "siamese", daysPerMove: 3, rated: false, options: {} });
      const lag = [0, 0, 3, 6][run % 4]!;
      const deletion = lag ? later(lag).then(() => new Browser().post("/api/me/delete/confirm", { token })) : new Browser().post("/api/me/delete/confirm", { token });
      const [d, ...cs] = await Promise.all([deletion, challenge(), later(1).then(challenge), later(2).then(challenge)]);
      expect(d!.status).toBe(200);
      for (const c of cs) expect([201, 401, 403]).toContain(c!.status);
      posted.push(cs.filter((c) => c!.status === 201).length);

      const open = await env.DB.prepare("SELECT id FROM challenges WHERE created_by = ? AND status = 'open'").bind(userId).all<{ id: string }>();
      expect(open.results, `run ${run}: an open challenge survived the deletion`).toEqual([]);
      const listed = (await taker.get("/api/challenges?ruleset=siamese")).body.challenges;
      expect(listed.filter((l: any) => l.by.name === "Deleted player")).toEqual([]);
      for (const c of cs) if (c!.status === 201) expect((await taker.post(`/api/challenges/${c!.body.id}/accept`)).status).toBeGreaterThanOrEqual(404);
    }
    // The race is real: some challenges were posted before the deletion took them back.
    console.log(`challenges posted (201) in each run: ${posted.join(" ")}`);
  });
});
