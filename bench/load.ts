/**
 * `npm run bench:load [-- --games 8,32] [--seconds 30] [--ruleset siamese]`: how far one local
 * deployment goes (docs/capacity.md). For each number of games, that many games are played at once
 * against the service in workerd (bench/service.ts: wrangler dev, local D1, mail by SMTP on loopback,
 * pushes counted by the meter's sink), every player with the game's live socket open the whole time,
 * as two people playing live would: each move is made as soon as the view that offers it arrives on
 * the socket (the easy computer player chooses, so that the bench's own CPU stays small). A game that
 * ends is followed by another between the same players. The games are dealt and the sockets opened
 * before the clock and the meter start. A claim window that nobody answers closes
 * when its alarm rings (the development clock moves the game to it).
 *
 * Printed per level, beside the same run's baseline (the same number of clients asking GET /api/me,
 * a Worker request with one D1 query, for a few seconds first): moves a second, a move's answer
 * p50/p99, and from the service's own meter (worker/lib/meter.ts) D1 queries, D1 rows and D1 time per
 * move, Durable Object requests per move, queue messages and mails. D1 runs its queries one at a
 * time, so its time per move bounds the moves a second one database can take: printed too. A
 * benchmark: it asserts nothing; a local SQLite is faster than D1, so the D1 ceiling it prints is
 * an upper bound.
 */
import type { Move, RulesetId } from "../worker/engine/api";
import { chooseMove } from "../worker/engine/index";
import { meter, percentile, Player, startService } from "./service";

/** A move a check-in decides: not a standing setting (orders, a preference such as Royale's calls), which is always offered and never needed. */
const decision = (m: Move) => m.type !== "orders" && m.type !== "preference";
const args = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const LEVELS = arg("games", "8,32").split(",").map(Number);
const SECONDS = Number(arg("seconds", "30"));
const BASELINE_SECONDS = 5;
const RULESET = arg("ruleset", "siamese") as RulesetId;
/** Notices as in production (3-minute merge window, 2 s batches); pushes go to the meter's sink, not a push service. */
const TEMPO = { pushSink: true };

type View = { id: string; version: number; status: string; ruleset: RulesetId; view: unknown; legalMoves: Move[] };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Stats {
  moves: number;
  ms: number[];
  refused: number;
  games: number;
  rings: number;
}

/** A game between `players`, created, joined, every player's socket open, the latest view each has seen. */
interface Table {
  id: string;
  latest: Map<Player, View>;
  heard: (() => void) | null;
  close(): Promise<void>;
}

async function openTable(players: Player[], seed: string): Promise<Table> {
  const created = await players[0]!.call("POST", "/api/games", { ruleset: RULESET, seed, options: { daysPerMove: 3 } });
  if (created.status !== 201) throw new Error(`create ${created.status} ${JSON.stringify(created.body)}`);
  const id: string = created.body.id;
  for (const p of players.slice(1)) {
    const j = await p.call("POST", `/api/games/${id}/join`, { invite: created.body.invite });
    if (j.status !== 200) throw new Error(`join ${j.status} ${JSON.stringify(j.body)}`);
  }
  const t: Table = { id, latest: new Map(), heard: null, close: async () => {} };
  const keep = (p: Player, v: View | undefined) => {
    if (!v || typeof v.version !== "number") return;
    const old = t.latest.get(p);
    if (!old || v.version >= old.version) t.latest.set(p, v);
    t.heard?.();
  };
  const gameOf = (m: any): View | undefined => (m?.type === "game" ? m.game : undefined);
  const sockets = await Promise.all(players.map((p) => p.socket(id, (m) => keep(p, gameOf(m)))));
  sockets.forEach((k, i) => keep(players[i]!, gameOf(k.first)));
  t.close = async () => void (await Promise.all(sockets.map((k) => k.close())));
  return t;
}

/** One pair of players: their game (opened before the clock started), then game after game until the time is up. */
async function lane(base: string, players: Player[], lane: number, first: Table, until: number, s: Stats) {
  for (let round = 0, t = first; ; round++) {
    try {
      if (!(await play(base, players, t, until, s))) return;
    } finally {
      await t.close();
    }
    if (Date.now() >= until) return;
    t = await openTable(players, `load:${lane}:${round + 1}`);
  }
}

/** Plays `t` until it ends (true) or the time is up (false). */
async function play(base: string, players: Player[], t: Table, until: number, s: Stats): Promise<boolean> {
  const { id, latest } = t;
  while (Date.now() < until) {
    if ([...latest.values()].some((v) => v.status === "ended")) return (s.games++, true);
    const ready = players.map((p) => [p, latest.get(p)] as const).find(([, v]) => v && v.status === "active" && v.legalMoves.some(decision));
    if (!ready) {
      // Nobody has a decision: the next one comes on a socket, or when the game's alarm rings.
      const came = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => ((t.heard = null), resolve(false)), 1500);
        t.heard = () => (clearTimeout(timer), (t.heard = null), resolve(true));
      });
      if (came) continue;
      const at = await fetch(`${base}/api/dev/games/${id}/clock`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ advanceMs: 0, fire: false }) }).then((r) => r.json() as Promise<{ now: number; alarm: number | null; status: string }>);
      if (at.status !== "active") return (s.games++, true);
      s.rings++;
      await fetch(`${base}/api/dev/games/${id}/clock`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ advanceMs: Math.max(0, (at.alarm ?? at.now) - at.now + 1), fire: false, ring: true }) });
      for (const p of players) latest.set(p, (await p.call<View>("GET", `/api/games/${id}`)).body);
      continue;
    }
    const [p, v] = ready as readonly [Player, View];
    const legal = v.legalMoves.filter(decision);
    const move = chooseMove(v.ruleset, v.view as never, legal, "easy", `${id}:${v.version}`);
    const r = await p.call<View & { game?: View }>("POST", `/api/games/${id}/moves`, { version: v.version, move, idempotencyKey: `${id}.${p.userId}.${v.version}` });
    if (r.status === 200) {
      s.moves++;
      s.ms.push(r.ms);
      if (r.body.version >= (latest.get(p)?.version ?? -1)) latest.set(p, r.body);
    } else {
      // Overtaken (a claim window closed, the other moved first): the answer carries the game as it is.
      s.refused++;
      latest.set(p, r.body?.game ?? (await p.call<View>("GET", `/api/games/${id}`)).body);
    }
  }
  return false;
}

/** The baseline: the same number of clients, each asking who is signed in, one after another. */
async function baseline(clients: Player[], seconds: number) {
  const until = Date.now() + seconds * 1000;
  const ms: number[] = [];
  await Promise.all(
    clients.map(async (p) => {
      while (Date.now() < until) ms.push((await p.call("GET", "/api/me")).ms);
    }),
  );
  return { perSecond: ms.length / seconds, p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "–");

async function main() {
  console.log(`npm run bench:load -- --games ${LEVELS.join(",")} --seconds ${SECONDS} --ruleset ${RULESET}`);
  console.log("starting the service (wrangler dev, SMTP on loopback)…");
  const service = await startService("load");
  const run = Date.now().toString(36);
  try {
    const base = service.url;
    const rows: string[] = [];
    for (const games of LEVELS) {
      const pairs = await Promise.all(Array.from({ length: games }, (_, g) => Promise.all([0, 1].map((i) => new Player(base, `load-${run}-${games}-${g}-${i}@example.com`).signUp(`P${i + 1}`)))));
      const base0 = await baseline(pairs.map((p) => p[0]!), BASELINE_SECONDS);
      // Every game dealt and every socket open before the clock and the meter start: the run measures play.
      const tables = await Promise.all(pairs.map((players, g) => openTable(players, `load:${g}:0`)));
      await meter.start(base, TEMPO);
      const s: Stats = { moves: 0, ms: [], refused: 0, games: 0, rings: 0 };
      const t0 = Date.now();
      const until = t0 + SECONDS * 1000;
      await Promise.all(pairs.map((players, g) => lane(base, players, g, tables[g]!, until, s)));
      const elapsed = (Date.now() - t0) / 1000;
      const k = (await meter.read(base)).counts;
      const per = (x: number) => x / Math.max(1, s.moves);
      const d1MsPerMove = per(k.d1Ms!);
      console.log(`\n${games} games at once (${games * 2} sockets open), ${elapsed.toFixed(0)} s:`);
      console.log(`  baseline GET /api/me, ${games} clients: ${f(base0.perSecond, 0)}/s, p50 ${f(base0.p50, 0)} ms, p99 ${f(base0.p99, 0)} ms`);
      console.log(`  moves: ${s.moves} (${f(s.moves / elapsed)}/s), answer p50 ${f(percentile(s.ms, 50), 0)} ms, p99 ${f(percentile(s.ms, 99), 0)} ms; ${s.refused} overtaken, ${s.games} games ended, ${s.rings} alarms rung by the clock`);
      console.log(`  per move: D1 ${f(per(k.d1Queries!), 2)} queries, ${f(per(k.d1RowsRead!))} rows read, ${f(per(k.d1RowsWritten!))} written, ${f(d1MsPerMove, 3)} ms; Durable Object ${f(per(k.doRequests!), 2)} requests; Worker ${f(per(k.workerRequests!), 2)} requests; queue ${f(per(k.queueWrites!), 2)} messages; ${f(per(k.mails!), 2)} mails`);
      console.log(`  D1 busy ${f((100 * k.d1Ms!) / 1000 / elapsed)} % of the time; at this D1 time per move one database takes at most ${f(1000 / d1MsPerMove, 0)} moves/s (local SQLite: an upper bound)`);
      rows.push(`${String(games).padStart(6)} ${f(s.moves / elapsed).padStart(9)} ${f(percentile(s.ms, 50), 0).padStart(6)} ${f(percentile(s.ms, 99), 0).padStart(6)} ${f(per(k.d1Queries!), 2).padStart(9)} ${f(base0.p50, 0).padStart(9)} ${f(base0.p99, 0).padStart(9)}`);
    }
    console.log(`\n ${"games".padStart(5)} ${"moves/s".padStart(9)} ${"p50".padStart(6)} ${"p99".padStart(6)} ${"D1 q/mv".padStart(9)} ${"base p50".padStart(9)} ${"base p99".padStart(9)}`);
    for (const r of rows) console.log(r);
  } finally {
    await service.stop();
  }
}

await main();
