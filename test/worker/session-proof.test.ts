/**
 * The session proof (issue 41, 2; worker/api/session-proof.ts): beside the sid cookie a signed
 * cookie carries the session's user for a few minutes, so a request that brings both is signed in
 * without a D1 session query. Once those minutes have passed on the service's clock (a game's
 * development clock moved ahead, as between check-ins) D1 is asked again, and a session ended
 * elsewhere is refused. A proof alone, another sid's, or a tampered one signs nobody in by itself;
 * signing out clears it; a change of name on this device is in the next answer's proof at once.
 */
import { describe, expect, it } from "vitest";
import { Browser, key, signIn, startGame } from "./client";
import { PROOF_COOKIE, PROOF_TTL_MS } from "../../worker/api/session-proof";

type Meter = { counts: Record<string, number>; d1: Record<string, { n: number; read: number }> };
const HOUR = 3_600_000;

/** The D1 session queries (worker/db/accounts.ts sessionUser) the requests in `work` make, counted by the meter. */
async function sessionReads(work: () => Promise<unknown>): Promise<{ queries: number; requests: number }> {
  const admin = new Browser();
  expect((await admin.post("/api/dev/meter", {})).status).toBe(200);
  await work();
  const m: Meter = (await admin.get("/api/dev/meter?detail=1")).body;
  await admin.call("DELETE", "/api/dev/meter");
  // The meter keys a statement by its first 120 characters: sessionUser's two (the copy, and the join kept for old rows).
  const queries = Object.entries(m.d1).filter(([q]) => q.startsWith("SELECT user_id AS id, email, display_name AS displayName") || q.startsWith("SELECT u.id, u.email, u.display_name AS displayName, u.timezone, u.vacation_until AS vacationUntil, COALESCE(s.")).reduce((n, [, v]) => n + v.n, 0);
  return { queries, requests: m.counts.workerRequests! };
}

/** What the proof cookie a browser keeps says (its payload, the signature aside). */
function proofOf(b: Browser): { h: string; u: { id: string; displayName: string; vacationUntil: number }; i: number; x: number } {
  const value = decodeURIComponent(b.jar.get(PROOF_COOKIE) ?? "");
  expect(value, "a proof is kept").not.toBe("");
  const payload = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
}

/** The same proof with its payload changed and its signature kept. */
function tampered(b: Browser, change: (p: ReturnType<typeof proofOf>) => void): string {
  const value = decodeURIComponent(b.jar.get(PROOF_COOKIE)!);
  const p = proofOf(b);
  change(p);
  const payload = btoa(JSON.stringify(p)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return encodeURIComponent(`${payload}${value.slice(value.lastIndexOf("."))}`);
}

/** A browser sending exactly these cookies. */
function sending(cookies: Record<string, string | undefined>): Browser {
  const b = new Browser();
  for (const [k, v] of Object.entries(cookies)) if (v !== undefined) b.jar.set(k, v);
  return b;
}

/** Moves the service's clock on by `ms` (a game's development clock, as tests and bench:cost move it between check-ins). */
async function later(b: Browser, game: string, ms: number) {
  expect((await b.post(`/api/dev/games/${game}/clock`, { advanceMs: ms, fire: false })).status).toBe(200);
}

const ann = await signIn("ann@proof.example");
const bob = await signIn("bob@proof.example");
const game = await startGame(ann, bob, "proof-seed-0001");

describe("the session proof", () => {
  it("a request with a valid proof makes no D1 session query, the WebSocket's too", async () => {
    // Settings and the rules page say "five minutes".
    expect(PROOF_TTL_MS).toBe(5 * 60_000);
    expect(ann.jar.has(PROOF_COOKIE)).toBe(true);
    const annId = (await ann.get("/api/me")).body.id;
    const seen = await sessionReads(async () => {
      expect((await ann.get("/api/me")).body.id).toBe(annId);
      expect((await ann.get(`/api/games/${game}`)).status).toBe(200);
      const g = (await ann.get(`/api/games/${game}`)).body;
      const move = g.legalMoves.find((m: { type: string }) => m.type === "draw") ?? g.legalMoves[0];
      if (move) expect((await ann.post(`/api/games/${game}/moves`, { version: g.version, move, idempotencyKey: key() })).status).toBe(200);
      const socket = await ann.fetch(`/api/games/${game}/live`, { headers: { upgrade: "websocket" } });
      expect(socket.status).toBe(101);
      socket.webSocket!.accept();
      socket.webSocket!.close();
    });
    expect(seen.requests).toBeGreaterThanOrEqual(4);
    expect(seen.queries).toBe(0);
  });

  it("after the proof's minutes on the game's clock D1 is read again, once; a session ended elsewhere is refused then", async () => {
    const phone = await signIn("ann@proof.example");
    const phoneSession = (await phone.get("/api/auth/sessions")).body.sessions.find((s: { current: boolean }) => s.current).id;
    expect((await ann.call("DELETE", `/api/auth/sessions/${phoneSession}`)).status).toBe(200);
    // Within the proof's minutes the phone is still let in: what Settings says.
    expect((await phone.get("/api/me")).status).toBe(200);

    await later(ann, game, PROOF_TTL_MS + 1000);
    const read = await sessionReads(async () => {
      expect((await phone.get("/api/me")).status).toBe(401);
      expect((await ann.get("/api/me")).status).toBe(200);
      expect((await ann.get("/api/me")).status).toBe(200);
    });
    // The phone's query and ann's first; ann's second rides the new proof.
    expect(read.queries).toBe(2);
    expect(phone.jar.has(PROOF_COOKIE)).toBe(false);
    expect(phone.jar.has("sid")).toBe(true);

    // A check-in twelve modelled hours later, a few real seconds on: one read, the rest on its new proof.
    await later(ann, game, 12 * HOUR);
    expect((await sessionReads(async () => {
      for (let i = 0; i < 3; i++) expect((await ann.get(`/api/games/${game}`)).status).toBe(200);
    })).queries).toBe(1);

    // Another game, its clock behind the first's, moved on twelve hours: the proof lapses all the same.
    const second = await startGame(ann, bob, "proof-seed-0002");
    await later(ann, second, 12 * HOUR);
    expect((await sessionReads(async () => {
      for (let i = 0; i < 3; i++) expect((await ann.get(`/api/games/${second}`)).status).toBe(200);
    })).queries).toBe(1);
  });

  it("a tampered proof is ignored: D1 says who it is, and a new proof replaces it", async () => {
    const annId = (await ann.get("/api/me")).body.id;
    const bobId = (await bob.get("/api/me")).body.id;
    const forged = sending({ sid: ann.jar.get("sid"), [PROOF_COOKIE]: tampered(ann, (p) => (p.u.id = bobId)) });
    const seen = await sessionReads(async () => expect((await forged.get("/api/me")).body.id).toBe(annId));
    expect(seen.queries).toBe(1);
    expect(proofOf(forged).u.id).toBe(annId);

    // Lengthened, or not our shape at all: the same.
    const longer = sending({ sid: ann.jar.get("sid"), [PROOF_COOKIE]: tampered(ann, (p) => (p.x += HOUR)) });
    const garbage = sending({ sid: ann.jar.get("sid"), [PROOF_COOKIE]: "e30.AAAA" });
    for (const b of [longer, garbage]) {
      expect((await sessionReads(async () => expect((await b.get("/api/me")).body.id).toBe(annId))).queries).toBe(1);
      expect(proofOf(b).x - proofOf(b).i).toBeLessThanOrEqual(PROOF_TTL_MS);
    }
  });

  it("a proof with another sid, or with none, signs nobody in by itself", async () => {
    const annProof = ann.jar.get(PROOF_COOKIE);
    const bobId = (await bob.get("/api/me")).body.id;
    // Bob's session with Ann's proof: Bob, from D1.
    const mixed = sending({ sid: bob.jar.get("sid"), [PROOF_COOKIE]: annProof });
    expect((await sessionReads(async () => expect((await mixed.get("/api/me")).body.id).toBe(bobId))).queries).toBe(1);
    expect(proofOf(mixed).u.id).toBe(bobId);
    // Another session of Ann's own: D1 again, not the proof.
    const other = await signIn("ann@proof.example");
    const crossed = sending({ sid: other.jar.get("sid"), [PROOF_COOKIE]: annProof });
    expect((await sessionReads(() => crossed.get("/api/me"))).queries).toBe(1);
    // A forged sid, or none: signed out, and the stray proof cleared.
    for (const b of [sending({ sid: "abc.def", [PROOF_COOKIE]: annProof }), sending({ [PROOF_COOKIE]: annProof })]) {
      const res = await b.fetch("/api/me");
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${PROOF_COOKIE}=;`) && /Max-Age=0/.test(c))).toBe(true);
    }
    // The live socket goes through the same door.
    expect((await sending({ [PROOF_COOKIE]: annProof }).fetch(`/api/games/${game}/live`, { headers: { upgrade: "websocket" } })).status).toBe(401);
  });

  it("signing out clears it; a copy of the cookies kept from before is refused once its minutes have passed", async () => {
    const cy = await signIn("cy@proof.example");
    expect(cy.jar.has(PROOF_COOKIE)).toBe(true);
    const copy = sending(Object.fromEntries(cy.jar));
    const res = await cy.fetch("/api/auth/signout", { method: "POST" });
    expect(res.status).toBe(200);
    for (const name of ["sid", PROOF_COOKIE]) expect(res.headers.getSetCookie().some((c) => c.startsWith(`${name}=;`) && /Max-Age=0/.test(c))).toBe(true);
    expect(cy.jar.size).toBe(0);
    expect((await cy.get("/api/me")).status).toBe(401);
    await later(ann, game, PROOF_TTL_MS + 1000);
    expect((await copy.get("/api/me")).status).toBe(401);
  });

  it("a new name, time zone or vacation on this device is in the proof at once", async () => {
    const dee = await signIn("dee@proof.example");
    const renamed = await dee.put("/api/me", { displayName: "Deirdre", timezone: "Europe/Paris" });
    expect(renamed.status).toBe(200);
    expect(proofOf(dee).u).toMatchObject({ displayName: "Deirdre", timezone: "Europe/Paris" });
    // A game she starts now seats her under the new name, without asking D1 who she is.
    const seen = await sessionReads(async () => {
      const created = await dee.post("/api/games", { ruleset: "siamese", options: { daysPerMove: 2 } });
      expect(created.status).toBe(201);
      expect(created.body.game.players[0].name).toBe("Deirdre");
    });
    expect(seen.queries).toBe(0);

    const away = await dee.post("/api/me/vacation", { days: 2 });
    expect(away.status).toBe(200);
    expect(proofOf(dee).u.vacationUntil).toBe(away.body.vacation.until);
    expect((await dee.call("DELETE", "/api/me/vacation")).status).toBe(200);
    expect(proofOf(dee).u.vacationUntil).toBeLessThanOrEqual(Date.now());
  });

  it("a change of name never lengthens a proof: a session ended elsewhere is still refused in time", async () => {
    const eve = await signIn("eve@proof.example");
    const tablet = await signIn("eve@proof.example");
    const { x } = proofOf(tablet);
    const tabletSession = (await tablet.get("/api/auth/sessions")).body.sessions.find((s: { current: boolean }) => s.current).id;
    expect((await eve.call("DELETE", `/api/auth/sessions/${tabletSession}`)).status).toBe(200);
    // The tablet renames itself within its proof's minutes: PUT /api/me asks D1, which refuses it.
    expect((await tablet.put("/api/me", { displayName: "Evelyn" })).status).toBe(401);
    expect(tablet.jar.has(PROOF_COOKIE)).toBe(false);
    // A vacation taken within them keeps the proof's end.
    const vacationer = await signIn("fay@proof.example");
    const until = proofOf(vacationer).x;
    expect((await vacationer.post("/api/me/vacation", { days: 1 })).status).toBe(200);
    expect(proofOf(vacationer).x).toBe(until);
    expect(x).toBeGreaterThan(0);
  });
});
