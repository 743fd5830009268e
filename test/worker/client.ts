/**
 * A small HTTP client for tests: talks to the real worker (exports.default) with a cookie jar
 * and the Origin header a browser would send.
 */
import { exports } from "cloudflare:workers";
import { CookieJar } from "./cookie-jar";

export const ORIGIN = "http://localhost";

export class Browser {
  /** The cookies kept, by name (the session and its proof). */
  readonly jar = new CookieJar();

  /** The Cookie header this browser sends; set it to send other cookies (`"sid=abc.def"`). */
  get cookie(): string {
    return this.jar.header;
  }

  set cookie(header: string) {
    this.jar.header = header;
  }

  /** `send` reaches the worker; by default the real one with its own env (tests may pass other settings). */
  constructor(private readonly send: (req: Request) => Promise<Response> = (req) => exports.default.fetch(req)) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", ORIGIN);
    if (this.cookie) headers.set("cookie", this.cookie);
    const res = await this.send(new Request(ORIGIN + path, { ...init, headers, redirect: "manual" }));
    this.jar.take(res);
    return res;
  }

  async call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await this.fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  get = <T = any>(path: string) => this.call<T>("GET", path);
  post = <T = any>(path: string, body: unknown = {}) => this.call<T>("POST", path, body);
  put = <T = any>(path: string, body: unknown) => this.call<T>("PUT", path, body);
}

/**
 * Signs in through the real magic-link round trip: ask for a link, read it from the outbox, open it.
 * Then the player names themselves, as at the first visit: by default the address's first part
 * with a capital ("ann@…" plays as "Ann"); `name: null` keeps the neutral name a new player gets.
 * Unless `orders: "default"`, the player then chooses "ask me every time" in Settings, so that a
 * test plays every move itself (test/worker/default-orders.test.ts tests the default orders).
 */
export async function signIn(email: string, opts: { name?: string | null; orders?: "default" } = {}): Promise<Browser> {
  const b = new Browser();
  const start = await b.post("/api/auth/start", { email });
  if (start.status !== 200) throw new Error(`sign-in start: ${start.status} ${JSON.stringify(start.body)}`);
  const outbox = await b.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const link = new URL(outbox.body.messages[0].link);
  const res = await b.fetch(link.pathname + link.search);
  if (res.status !== 302 || !b.cookie) throw new Error(`sign-in link: ${res.status}`);
  const local = email.split("@")[0]!;
  const name = opts.name === undefined ? [...(local.charAt(0).toUpperCase() + local.slice(1))].slice(0, 40).join("") : opts.name;
  const orders = opts.orders === "default" ? {} : { orders: ASK_EVERY_TIME };
  if (name !== null || opts.orders !== "default") {
    const named = await b.put("/api/me", { ...(name === null ? {} : { displayName: name }), ...orders });
    if (named.status !== 200) throw new Error(`naming ${email}: ${named.status} ${JSON.stringify(named.body)}`);
  }
  return b;
}

/** The standing orders that play nothing: the game asks the player every time. */
export const ASK_EVERY_TIME = { claims: "ask", throws: "none" } as const;

type Answer = { status: number; body: any };

/**
 * `host` creates a game (`game`: what POST /api/games takes) and each guest, in turn, joins it with
 * its invitation. Returns the game's id, the creation's answer and each join's answer, for the test
 * to check.
 */
export async function createAndJoin(host: Browser, guests: Browser[], game: object): Promise<{ id: string; created: Answer; joins: Answer[] }> {
  const created = await host.post("/api/games", game);
  const joins: Answer[] = [];
  for (const g of guests) joins.push(await g.post(`/api/games/${created.body.id}/join`, { invite: created.body.invite }));
  return { id: created.body.id, created, joins };
}

/** `organiser` starts a private league and each member joins it by its invitation link; returns its id (throws on a refusal). */
export async function newLeague(organiser: Browser, name: string, members: Browser[]): Promise<string> {
  const created = await organiser.post("/api/leagues", { name, visibility: "private" });
  if (created.status !== 201) throw new Error(`the league was not created: ${created.status} ${JSON.stringify(created.body)}`);
  const invite = new URL(created.body.inviteUrl).searchParams.get("invite");
  for (const m of members) {
    const joined = await m.post(`/api/leagues/${created.body.id}/join`, { invite });
    if (joined.status !== 200) throw new Error(`joining the league was refused: ${joined.status} ${JSON.stringify(joined.body)}`);
  }
  return created.body.id as string;
}

/** Ann creates a Siamese game with a fixed seed and Bob joins it with the invitation; returns its id. */
export async function startGame(a: Browser, b: Browser, seed = "fixed-seed-0001", options: object = {}): Promise<string> {
  const { id, created, joins } = await createAndJoin(a, [b], { ruleset: "siamese", seed, options: { daysPerMove: 2, ...options } });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  if (joins[0]!.status !== 200) throw new Error(`join: ${joins[0]!.status} ${JSON.stringify(joins[0]!.body)}`);
  return id;
}

let keys = 0;
export const key = () => `test-key-${++keys}-${Date.now()}`;

/** The player to act posts one of their legal moves (Mah Jongg when offered, else draw, else a discard). */
export async function playOne(players: Browser[], id: string, pick = 0): Promise<{ status: number; body: any; seat: number }> {
  for (const [seat, p] of players.entries()) {
    const g = (await p.get(`/api/games/${id}`)).body;
    if (!g.legalMoves.length) continue;
    const moves: any[] = g.legalMoves;
    const move =
      moves.find((m) => m.type === "mahjong" || m.type === "claim-mahjong") ??
      moves.find((m) => m.type === "draw") ??
      moves.filter((m) => m.type === "discard")[pick % moves.filter((m) => m.type === "discard").length] ??
      moves[0];
    return { ...(await p.post(`/api/games/${id}/moves`, { version: g.version, move, idempotencyKey: key() })), seat };
  }
  throw new Error("nobody can move");
}
