import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, signIn, startGame } from "./client";

const ann = await signIn("ann@example.com");
const bob = await signIn("bob@example.com");
const id = await startGame(ann, bob, "fuzz-seed-00001");

// A small seeded PRNG so a failure can be replayed.
let s = 0x9e3779b9;
const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

/** Values that are wrong for every field of every route (no valid email, token, name, number…). */
const BAD = [null, true, false, -1, 1.5, 1e308, -0.5, "", "   ", "\u0000", "\u0007bell", "x".repeat(5000), [], [1, 2], {}, { $gt: "" }, "1; DROP TABLE users\u0000", "<script>\u0007", "ann@\u0000", "@x\u0001", "\u001b[2J"];
const FIELDS = ["email", "token", "invite", "displayName", "timezone", "days", "ruleset", "options", "seed", "version", "move", "idempotencyKey", "text", "advanceMs", "ledgerFailures", "endpoint", "keys", "push", "events", "quietHours", "digestHour", "__proto__", "constructor"];

function junk(depth = 0): unknown {
  const r = rnd();
  if (depth > 3 || r < 0.3) return pick(BAD);
  if (r < 0.6) return Array.from({ length: Math.floor(rnd() * 4) }, () => junk(depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(rnd() * 5) }, () => [pick(FIELDS), junk(depth + 1)]));
}

/** A malformed body: bad JSON, a non-object, wrong field types, or junk options/moves. */
function body(): { text: string; type: string } {
  const r = rnd();
  if (r < 0.1) return { text: pick(["{", "}", "[", "nul", "{\"a\":", "\u0000", "", "{'a':1}", "😀"]), type: "application/json" };
  if (r < 0.15) return { text: "email=ann@example.com", type: pick(["application/x-www-form-urlencoded", "text/plain", ""]) };
  if (r < 0.25) return { text: JSON.stringify(junk(3)), type: "application/json" };
  const o: Record<string, unknown> = {};
  for (const f of FIELDS) if (rnd() < 0.4) o[f] = f === "options" || f === "move" ? junk(1) : pick(BAD);
  if (rnd() < 0.3) o.options = { daysPerMove: pick(BAD), deadHands: pick(BAD), hints: pick([null, "yes", 1]), card: pick(BAD) };
  if (rnd() < 0.3) o.move = { type: pick(["draw", "discard", "claim", "mahjong", "joker", "", "x"]), tile: pick(BAD), rack: pick(BAD), line: pick(BAD) };
  return { text: JSON.stringify(o), type: "application/json" };
}

const ROUTES: [string, string][] = [
  ["POST", "/api/auth/start"],
  ["POST", "/api/auth/verify"],
  ["PUT", "/api/me"],
  ["POST", "/api/me/vacation"],
  ["POST", "/api/games"],
  ["POST", `/api/games/${id}/join`],
  ["POST", `/api/games/${id}/moves`],
  ["POST", `/api/games/${id}/chat`],
  ["POST", "/api/games/no-such-game/moves"],
  ["POST", "/api/dev/session"],
  ["POST", `/api/dev/games/${id}/clock`],
  ["POST", `/api/dev/games/${id}/faults`],
  ["GET", `/api/dev/outbox?to=`],
  ["GET", `/api/games/`],
  ["GET", `/api/auth/verify?token=`],
  ["GET", `/api/games/${id}/record?x=`],
  ["PUT", "/api/me/notifications"],
  ["POST", "/api/push/subscribe"],
  ["POST", "/api/push/unsubscribe"],
  ["POST", "/api/unsubscribe"],
  ["GET", "/api/unsubscribe?token="],
  ["POST", "/api/me/email"],
  ["POST", "/api/me/email/confirm"],
  ["POST", "/api/me/delete/confirm"],
  ["GET", "/api/players/x?vs="],
  ["GET", "/api/leaderboard?family="],
];

async function snapshot() {
  const tables = ["users", "sessions", "login_tokens", "outbox", "games", "game_players", "ledger", "push_subscriptions", "account_tokens", "ratings", "rating_changes", "game_results"];
  const counts = await Promise.all(tables.map((t) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${t}`).first<{ n: number }>()));
  const users = await env.DB.prepare("SELECT display_name, timezone, vacation_days, vacation_until FROM users ORDER BY id").all();
  const games = await env.DB.prepare("SELECT id, status, version, deadline FROM games ORDER BY id").all();
  const game = (await ann.get(`/api/games/${id}`)).body;
  const chat = (await ann.get(`/api/games/${id}/chat`)).body.messages.length;
  // Settings as the player sees them (an empty patch may store the defaults: no change).
  const settings = (await ann.get("/api/me/notifications")).body;
  return { counts: counts.map((c) => c!.n), users: users.results, games: games.results, version: game.version, deadline: game.players[0].deadline, chat, settings };
}

describe("bad input", () => {
  it("1,000 random and malformed bodies against every route: never a 5xx, always {code, message}, never a state change", async () => {
    const before = await snapshot();
    const anonymous = new Browser();
    for (let i = 0; i < 1000; i++) {
      const [method, path] = pick(ROUTES);
      const b = body();
      const who = rnd() < 0.8 ? ann : anonymous;
      const url = method === "GET" ? path + encodeURIComponent(b.text.slice(0, 200)) : path;
      const res = await who.fetch(url, method === "GET" ? {} : { method, headers: b.type ? { "content-type": b.type } : {}, body: b.text });
      const text = await res.text();
      const where = `${method} ${url} ${b.text.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`;
      expect(res.status, where).toBeLessThan(500);
      expect(text, where).not.toMatch(/\n\s+at /);
      // The one-click unsubscribe pages answer people with HTML; everything else answers with JSON.
      const html = /^\/api\/unsubscribe/.test(url) && res.headers.get("content-type")?.startsWith("text/html");
      if (res.status >= 400 && !html) expect(JSON.parse(text), where).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
