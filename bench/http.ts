/**
 * `npm run bench:http [-- BASE_URL] [-- --games N --seconds S --spares K]`: HTTP benchmark of the
 * game API against `wrangler dev`: the one at BASE_URL (e.g. http://localhost:8787 from `npm start`),
 * or without it a quiet one started here on port 8788. N games are played in parallel, each by a
 * loop that posts one legal move after the other (draw, discard, …; a loop whose game ends goes on
 * with one of its K spare games); in the same run, N loops post to a development-only endpoint
 * that does one Durable Object storage write and nothing else.
 * Prints moves/s and p50/p99 of POST /moves beside the no-op figures.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { CookieJar } from "../test/worker/cookie-jar";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const TARGETED = args.some((a) => a.startsWith("http"));
const BASE = args.find((a) => a.startsWith("http")) ?? "http://localhost:8788";
const GAMES = opt("games", 8);
const SECONDS = opt("seconds", 10);
/** Games dealt beforehand for each loop, to go on with when its game ends. */
const SPARES = opt("spares", 1);

type Move = { type: string; [k: string]: unknown };
type View = { version: number; status: string; legalMoves: Move[]; players: { toAct: boolean }[] };

class Player {
  readonly jar = new CookieJar();
  get cookie() {
    return this.jar.header;
  }
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(BASE + path, {
      method,
      headers: { origin: BASE, "content-type": "application/json", cookie: this.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.jar.take(res);
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      // wrangler dev reloads when a source file changes; that request is lost, not wrong.
      return { status: 503, body: { code: "restarted", message: text.slice(0, 80) } };
    }
  }
}

async function up(): Promise<boolean> {
  try {
    return (await fetch(`${BASE}/api/me`)).status === 401;
  } catch {
    return false;
  }
}

/** Without a URL argument the bench runs its own quiet `wrangler dev` with state in .wrangler/bench. */
async function startServer(): Promise<ChildProcess | null> {
  if (TARGETED) {
    if (!(await up())) throw new Error(`nothing answers at ${BASE}`);
    return null;
  }
  const persist = ["--persist-to", ".wrangler/bench"];
  spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], { stdio: "ignore", env: { ...process.env, CI: "1" } });
  // Serve a bundle built once, so that editing a source file does not reload the server mid-run.
  const built = spawnSync("wrangler", ["deploy", "--dry-run", "--outdir", ".wrangler/bench/build"], { stdio: "ignore" });
  if (built.status !== 0) throw new Error("wrangler deploy --dry-run failed");
  const child = spawn("wrangler", ["dev", ".wrangler/bench/build/index.js", "--no-bundle", "--port", new URL(BASE).port, "--log-level", "warn", ...persist], { stdio: "ignore" });
  for (let i = 0; !(await up()); i++) {
    if (i > 120) throw new Error("wrangler dev did not come up");
    await new Promise((r) => setTimeout(r, 500));
  }
  return child;
}

async function newGame(run: string, g: number): Promise<{ id: string; players: Player[] }> {
  const players = [new Player(), new Player()];
  for (const [i, p] of players.entries()) await p.call("POST", "/api/dev/session", { email: `bench-${run}-${g}-${i}@example.com` });
  const created = await players[0]!.call("POST", "/api/games", { ruleset: "siamese", options: { daysPerMove: 3 } });
  if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`);
  await players[1]!.call("POST", `/api/games/${created.body.id}/join`, { invite: created.body.invite });
  return { id: created.body.id, players };
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

interface Tally {
  times: number[];
  seconds: number;
}

/** Runs `loops` in parallel for `seconds`; each step is one timed request. */
async function phase(loops: (() => Promise<boolean>)[], seconds: number, into: Tally) {
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    loops.map(async (step) => {
      while (performance.now() < end) {
        const t = performance.now();
        if (!(await step())) return;
        into.times.push(performance.now() - t);
      }
    }),
  );
  into.seconds += (performance.now() - t0) / 1000;
}

const summary = (t: Tally) => ({ n: t.times.length, perSecond: t.times.length / t.seconds, p50: percentile(t.times, 50), p99: percentile(t.times, 99) });

const server = await startServer();
try {
  const run = Date.now().toString(36);
  // A game ends when its wall runs out (about 200 draws and discards); each loop then goes on with a
  // spare game dealt beforehand, so that N games stay in play however fast the moves go.
  const games = await Promise.all(Array.from({ length: GAMES * (1 + SPARES) }, (_, g) => newGame(run, g)));
  // The baseline goes through the same edge (session cookie, Origin check, JSON body) as a move.
  const noopClient = games[0]!.players[0]!;
  const noop = (g: number) => async () => (await noopClient.call("POST", `/api/dev/noop/${run}-${g}`, {})).status === 200;

  // Each game: whoever may act posts draw, then a discard; the answer carries the next version.
  const dealt = await Promise.all(games.map(async (game) => {
    const views = await Promise.all(game.players.map((p) => p.call("GET", `/api/games/${game.id}`)));
    const actor = views.findIndex((v) => v.body.legalMoves.length > 0);
    return { game, actor, view: views[actor]!.body as View };
  }));
  const queues = Array.from({ length: GAMES }, (_, g) => dealt.filter((_, i) => i % GAMES === g));
  const state = queues.map((q) => q.shift()!);
  let rejected = 0, finished = 0;
  const move = (g: number) => async () => {
    if (state[g]!.view.status !== "active") {
      finished++;
      const spare = queues[g]!.shift();
      if (!spare) return false;
      state[g] = spare;
    }
    const s = state[g]!;
    const m = s.view.legalMoves.find((x) => x.type === "draw") ?? s.view.legalMoves.find((x) => x.type === "discard")!;
    const r = await s.game.players[s.actor]!.call("POST", `/api/games/${s.game.id}/moves`, { version: s.view.version, move: m, idempotencyKey: `${run}-${s.game.id}-${s.view.version}` });
    if (r.status !== 200) {
      rejected++;
      return false;
    }
    const v = r.body as View;
    if (v.legalMoves.length === 0 && v.status === "active") {
      // The turn passed: the other player may always draw first.
      s.actor = 1 - s.actor;
      s.view = { ...v, legalMoves: [{ type: "draw" }] };
    } else s.view = v;
    return true;
  };

  console.log(`bench:http against ${BASE}: ${GAMES} games in parallel; ${SECONDS} s of moves and ${SECONDS} s of no-op writes (ABBA)`);
  // The machine may be shared and its load drift: phases run no-op, moves, moves, no-op (ABBA),
  // so a steady drift weighs on both alike.
  const base: Tally = { times: [], seconds: 0 }, moves: Tally = { times: [], seconds: 0 };
  await phase(state.map((_, g) => noop(g)), 1, { times: [], seconds: 0 }); // warm up
  for (const kind of ["noop", "move", "move", "noop"] as const) {
    await phase(state.map((_, g) => (kind === "noop" ? noop(g) : move(g))), SECONDS / 2, kind === "noop" ? base : moves);
  }
  const row = (name: string, t: Tally, r = summary(t)) =>
    `${name.padEnd(26)} ${String(r.n).padStart(6)} ${r.perSecond.toFixed(0).padStart(8)}/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms`;
  console.log(row("no-op DO write", base));
  console.log(row("POST /api/games/:id/moves", moves));
  const [b, m] = [summary(base), summary(moves)];
  console.log(`moves/no-op throughput ${(m.perSecond / b.perSecond).toFixed(2)}× (target ≥ 0.8), p99 ${(m.p99 / b.p99).toFixed(2)}× (target ≤ 2)`);
  if (finished) console.log(`${finished} games played to the end (each loop then went on with a spare)`);
  if (rejected) console.log(`${rejected} moves were refused (game over or a bug)`);
} finally {
  server?.kill("SIGINT");
}
