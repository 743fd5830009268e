/**
 * `npm run bench:cost [-- --games N] [--only siamese,american,...] [--seed S] [--detail]`: what a
 * game costs on Cloudflare, counted by the service itself (worker/lib/meter.ts, development only).
 *
 * Games of every ruleset are played through HTTP and WebSocket against the service in workerd (a
 * quiet `wrangler dev`, bench/service.ts: mail by SMTP to a server on loopback, web push on, every
 * player with a subscribed phone), as players would: each person checks in at random moments, twice
 * a day on average (the check-in model of bench:pace, bench/pace-model.ts), the game's clock moved
 * to each check-in by the development clock, claim windows closing and reminders ringing at their
 * own time on the way. A game idle for more than two minutes leaves memory first (a development
 * route), as the platform evicts an idle object. At a check-in the player opens the game page with the
 * requests the web app makes (`openPage`), makes every decision waiting for them (the medium computer
 * player chooses, from the view the service sent) and sends each over the page's open live socket, as the
 * web app does (web/src/api.ts move; by HTTP when the socket says so), and leaves. Standing orders are whatever a new
 * account gets (printed). Before each check-in the notices of the last one are through (mail and push
 * sent): check-ins are hours apart, so the 3-minute merge window never joins two of them; the bench
 * shortens it to a quarter of a second (not to nothing: a notice due at once goes out from its own
 * queue message, a shorter way than production's window takes), and the game's notice and index
 * batches from 2 s to 0.2 s.
 *
 * Counted, per ruleset (each ruleset's games alone on the meter): Worker requests, Durable Object
 * requests and SQL rows read and written, D1 queries and rows, queue messages, mails and pushes.
 * Printed per move (every recorded move, orders moves aside) and per game, the cost of 1,000 games
 * at the prices of bench/prices.ts, the largest item, and each item against its floor: a move
 * stored once (one request, one row) and each notice sent once (one queue message, one mail, one push).
 * `--detail` adds every query with its rows. A benchmark: it asserts nothing.
 */
import type { GameOptions, Move, RulesetId } from "../worker/engine/api";
import { chooseMove } from "../worker/engine/index";
import { CheckIns, median } from "./pace-model";
import { PRICES, PRICES_READ, STORAGE, type PricedItem } from "./prices";
import { meter, Player, startService, type Service } from "./service";

/** A move a check-in decides: not a standing setting (orders, a preference such as Royale's calls), which is always offered and never needed. */
const decision = (m: Move) => m.type !== "orders" && m.type !== "preference";
const args = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const GAMES = Number(arg("games", "1"));
const SEED = arg("seed", "cost");
const DETAIL = args.includes("--detail");
const HOUR = 3600_000;
/** After this long without a request (hours), a game's Durable Object is out of memory. */
const IDLE_EVICTED_H = 2 / 60;
/** The waits the service shortens for the bench (worker/lib/meter.ts MeterTempo). */
const TEMPO = { mergeWindowMs: 250, noticeBatchMs: 200, indexBatchMs: 200, pushSink: true };

interface Config {
  name: string;
  ruleset: RulesetId;
  seats: number;
  options: GameOptions;
}

const CONFIGS: Config[] = [
  { name: "siamese", ruleset: "siamese", seats: 2, options: {} },
  { name: "siamese-mjm", ruleset: "siamese-mjm", seats: 2, options: {} },
  { name: "siamese-wp", ruleset: "siamese-wp", seats: 2, options: {} },
  { name: "royale, 2 players", ruleset: "royale", seats: 2, options: {} },
  { name: "royale, 3 players", ruleset: "royale", seats: 3, options: { players: 3 } },
  { name: "royale, 4 players", ruleset: "royale", seats: 4, options: { players: 4 } },
  { name: "american", ruleset: "american", seats: 4, options: {} },
  { name: "chinese, one hand", ruleset: "chinese-ming", seats: 4, options: { length: "hand" } },
  { name: "chinese, one round", ruleset: "chinese-ming", seats: 4, options: { length: "round" } },
];
const only = arg("only", "");
const configs = only ? CONFIGS.filter((c) => only.split(",").some((o) => c.name.startsWith(o))) : CONFIGS;

type View = { id: string; version: number; status: string; ruleset: RulesetId; view: unknown; legalMoves: Move[]; players: { toAct: boolean; userId: string | null }[] };
/** The development clock's answer (worker/api/dev.ts), and when it came. */
type Clock = { now: number; status: string; toAct: number[]; alarm: number | null; bytes: number; at: number };

/** One game of a config: its players (seat order) and what was played. */
interface Played {
  id: string;
  moves: number;
  personMoves: number;
  checkIns: number;
  days: number;
  /** The game's own storage at its end (bytes). */
  bytes: number;
}

async function quiet(base: string, users: string[], since: number) {
  // The game's notice and index batches (0.2 s) have gone out, and every notice of its players is through.
  for (;;) {
    const wait = since + 250 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const { pending } = await meter.read(base);
    if (users.every((u) => !pending[u])) return;
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** Plays one game from its creation to its end; everything it costs lands on the meter. */
async function playWith(base: string, c: Config, seed: string, players: Player[]): Promise<Played> {
  // A fixed deal (development only), so that two runs play the same games.
  const created = await players[0]!.call("POST", "/api/games", { ruleset: c.ruleset, seed, options: { daysPerMove: 3, ...c.options } });
  if (created.status !== 201) throw new Error(`${c.name}: create ${created.status} ${JSON.stringify(created.body)}`);
  const id: string = created.body.id;
  for (const p of players.slice(1)) {
    const j = await p.call("POST", `/api/games/${id}/join`, { invite: created.body.invite });
    if (j.status !== 200) throw new Error(`${c.name}: join ${j.status} ${JSON.stringify(j.body)}`);
  }
  // The game's clock as the service keeps it, and seats by user id (the service may seat players in another order).
  // An object idle for more than a couple of minutes leaves memory (the platform evicts it after 70-140 s): the next request reads it again.
  let idleSince = 0;
  const wake = async (at: number) => {
    if (at - idleSince >= IDLE_EVICTED_H) await fetch(`${base}/api/dev/games/${id}/evict`, { method: "POST", headers: { origin: base } });
    idleSince = at;
  };
  const dev = async (advanceMs: number): Promise<Clock> => {
    const r = await fetch(`${base}/api/dev/games/${id}/clock`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ advanceMs: Math.max(0, Math.round(advanceMs)), fire: false, ring: true }) });
    if (r.status !== 200) throw new Error(`${c.name} ${id}: clock ${r.status} ${await r.text()}`);
    return { ...((await r.json()) as Omit<Clock, "at">), at: Date.now() };
  };
  let clock = await dev(0);
  const dealt = clock.now;
  const gameNow = () => clock.now + (Date.now() - clock.at);
  const view0 = await players[0]!.call("GET", `/api/games/${id}`);
  const seatOf = new Map<number, Player>((view0.body.players as { seat: number; userId: string }[]).map((p) => [p.seat, players.find((q) => q.userId === p.userId)!]));
  const users = players.map((p) => p.userId);
  const checkIns = new CheckIns(seed, c.seats);
  let t = 0;
  let last = Date.now();
  let rung = -Infinity;
  const out: Played = { id, moves: 0, personMoves: 0, checkIns: 0, days: 0, bytes: 0 };
  while (clock.status === "active") {
    if (!clock.toAct.length) throw new Error(`${c.name} ${id}: nobody is to act`);
    let seat = clock.toAct[0]!;
    let when = checkIns.nextAfter(seat, t);
    for (const s of clock.toAct.slice(1)) {
      const at = checkIns.nextAfter(s, t);
      if (at < when) [seat, when] = [s, at];
    }
    // An alarm just rung that asked to ring again at once has nothing more to do before time moves on.
    const alarmAt = clock.alarm === null || clock.alarm <= rung ? Infinity : (clock.alarm - dealt) / HOUR;
    if (alarmAt <= when) {
      // A claim window closes, a reminder or a timeout rings, before anyone checks in.
      await quiet(base, users, last);
      t = Math.max(t, alarmAt);
      rung = clock.alarm!;
      await wake(t);
      clock = await dev(dealt + t * HOUR - gameNow() + 1);
      last = Date.now();
      continue;
    }
    await quiet(base, users, last);
    t = when;
    await wake(t);
    clock = await dev(dealt + t * HOUR - gameNow());
    if (clock.status !== "active" || !clock.toAct.includes(seat)) continue;
    out.personMoves += await checkIn(seatOf.get(seat)!, id, `${seed}:${seat}`);
    out.checkIns++;
    last = Date.now();
    clock = await dev(0);
  }
  await quiet(base, users, last);
  out.days = t / 24;
  out.bytes = clock.bytes;
  return out;
}

/**
 * The game page as the web app opens it: the page itself (the worker draws the player's table into it,
 * worker/web/game-page.tsx, reading the game as the API does, and writes that answer into it), the game with who is
 * signed in (`?me`, web/public/early.js: from the page when it is there, else one request), then its live socket (web/src/game/useGame.ts, whose first message is the
 * game again), then, once the tiles are on screen, the other players' ratings beside their names
 * (one request, web/src/profile/cached.ts), unless the game's answer brought them (`ratings`).
 */
async function openPage(p: Player, id: string): Promise<View> {
  const page = await p.page(`/game/${id}`);
  if (page.status !== 200) throw new Error(`${id}: the game's page answered ${page.status}`);
  // The game's answer written into the page (worker/web/game-page.tsx) is what web/public/early.js takes: then no request.
  const given = answerIn(page.html);
  const game = given ?? (await p.call<View & { me?: unknown }>("GET", `/api/games/${id}?me`)).body;
  if (!game.me) throw new Error(`${id}: the game page's answer has no "me"`);
  return game;
}

/** The game's answer in a page's JSON data block (#answer), as early.js reads it; null when the page has none. */
function answerIn(html: string): (View & { me?: unknown }) | null {
  const block = /<script type="application\/json" id="answer">([^<]*)<\/script>/.exec(html);
  return block ? JSON.parse(block[1]!) : null;
}

async function afterTiles(p: Player, v: View & { ratings?: unknown }) {
  // The game's first answer brings them where the service has them there (web/src/api.ts getGame).
  if (v.ratings) return;
  const others = v.players.filter((q) => q.userId && q.userId !== p.userId).map((q) => q.userId!);
  if (others.length) await p.call("GET", `/api/players/ratings?ruleset=${v.ruleset}&ids=${others.join(",")}`);
}

/** The player opens the game page, decides everything waiting for them, and leaves. */
async function checkIn(p: Player, id: string, seed: string): Promise<number> {
  // Seeded by the game's seed and the seat, never by the player's id (new on every run): two runs of the same code play the same game.
  const choice = seed;
  let v = await openPage(p, id);
  const live = await p.socket(id);
  await afterTiles(p, v);
  let made = 0;
  try {
    for (;;) {
      const legal = v.legalMoves.filter(decision);
      if (v.status !== "active" || !legal.length) break;
      const move = chooseMove(v.ruleset, v.view, legal, "medium", `${choice}:${v.version}`);
      // Over the page's open socket, as the web app sends a move (web/src/api.ts move).
      const r = await live.move<View & { game?: View }>({ version: v.version, move, idempotencyKey: `${id}.${p.userId}.${v.version}.${made}` });
      if (r.status === 409 && r.body.game) v = r.body.game;
      else if (r.status !== 200) throw new Error(`${id}: move ${JSON.stringify(move)} refused: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      else (v = r.body), made++;
      // A choice that stays open to change until the others have made theirs (the American Charleston's
      // passes): once this seat is no longer awaited the check-in is over, as a person would leave.
      if (!v.players.find((q) => q.userId === p.userId)?.toAct) break;
    }
  } finally {
    await live.close();
  }
  return made;
}

// ---- the table ----

type Counts = Record<string, number>;
/** The billed items, from the meter's counts (queue operations: a write, a read and a delete per message, a read per retry). */
const items = (k: Counts): Record<PricedItem, number> => ({
  workerRequests: k.workerRequests!,
  doRequests: k.doRequests!,
  doRowsRead: k.doRowsRead!,
  doRowsWritten: k.doRowsWritten!,
  d1RowsRead: k.d1RowsRead!,
  d1RowsWritten: k.d1RowsWritten!,
  queueOps: k.queueWrites! + k.queueReads! + (k.queueReads! - k.queueRetries!),
  mails: k.mails!,
  pushes: k.pushes!,
});
const NAMES: Record<PricedItem, string> = {
  workerRequests: "Worker req",
  doRequests: "DO req",
  doRowsRead: "DO rows rd",
  doRowsWritten: "DO rows wr",
  d1RowsRead: "D1 rows rd",
  d1RowsWritten: "D1 rows wr",
  queueOps: "queue ops",
  mails: "mails",
  pushes: "pushes",
};
const ORDER = Object.keys(NAMES) as PricedItem[];
const dollars = (it: Record<PricedItem, number>) => ORDER.reduce((s, k) => s + it[k] * PRICES[k].perUnit, 0);
const ops = (it: Record<PricedItem, number>) => ORDER.reduce((s, k) => s + it[k], 0);

/**
 * The floor of a ruleset's games: each person's move one Worker request, one Durable Object request
 * and one row read and written (the move stored once); each other move (orders, the clock) one row
 * written; each notice one queue message (three operations), one mail and one push. Nothing in D1.
 */
function floorOf(moves: number, personMoves: number, notices: number): Record<PricedItem, number> {
  return { workerRequests: personMoves, doRequests: personMoves, doRowsRead: personMoves, doRowsWritten: moves, d1RowsRead: 0, d1RowsWritten: 0, queueOps: 3 * notices, mails: notices, pushes: notices };
}

/**
 * What any correct design of this service does besides that floor, argued (printed beside it, never
 * the goal): a check-in opens the game before deciding (one Worker request, one Durable Object
 * request, one row read); every request reads its session (one D1 row); a turn told tells the games
 * list whose turn it is (one D1 row written) and moves the game's alarm to the new deadline (one row
 * written); a notice is recorded for "why did I (not) get mail" (one D1 row written). The notices
 * stand in for the turns (each turn that starts is told once).
 */
function designFloorOf(moves: number, personMoves: number, checkIns: number, notices: number): Record<PricedItem, number> {
  const f = floorOf(moves, personMoves, notices);
  const requests = personMoves + checkIns;
  return { ...f, workerRequests: requests, doRequests: requests, doRowsRead: requests, doRowsWritten: moves + notices, d1RowsRead: requests, d1RowsWritten: 2 * notices };
}

const fmt = (x: number, w = 8, d = 1) => (Number.isFinite(x) ? (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(d)) : "–").padStart(w);

async function main() {
  const started = Date.now();
  const run = Date.now().toString(36);
  console.log(`npm run bench:cost -- --games ${GAMES} --seed ${SEED}${only ? ` --only ${only}` : ""}`);
  console.log("starting the service (wrangler dev, SMTP on loopback)…");
  const service: Service = await startService("cost");
  try {
    const base = service.url;
    const probe = await new Player(base, `cost-${run}-probe@example.com`).signUp("Probe");
    const orders = (await probe.call("GET", "/api/me")).body.orders;
    console.log(`standing orders of a new account: ${JSON.stringify(orders)}`);
    console.log(`check-ins: Poisson, mean gap 12 h per player; days per move 3; mail on each event, push on (prices read ${PRICES_READ}, bench/prices.ts)\n`);
    const rows: Row[] = [];
    for (const c of configs) {
      const t0 = Date.now();
      const mailsBefore = await service.mailsReceived();
      // The players sign up before the meter starts: a game's cost begins with its creation.
      const seats = await Promise.all(Array.from({ length: GAMES }, (_, g) => Promise.all(Array.from({ length: c.seats }, (_, i) => new Player(base, `cost-${run}-${c.ruleset}-${c.seats}-${g}-${i}@example.com`).signUp(`P${i + 1}`)))));
      const d1Before = (await meter.read(base)).d1Bytes;
      await meter.start(base, TEMPO);
      const games = await Promise.all(seats.map((players, g) => playWith(base, c, `${SEED}:${c.name}:${g}`, players)));
      const read = await meter.read(base, true);
      const k = read.counts;
      for (const game of games) {
        const rec = await seats[0]![0]!.call("GET", `/api/games/${game.id}/record`);
        game.moves = (rec.body.moves as { move: Move }[]).filter((m) => m.move.type !== "orders").length;
      }
      const mailsSeen = (await service.mailsReceived()) - mailsBefore;
      rows.push({ c, games, it: items(k), k, mailsSeen, d1Bytes: read.d1Bytes - d1Before, detail: { d1: read.d1 ?? {}, sql: read.sql ?? {}, rpc: read.rpc ?? {}, routes: read.routes ?? {} } });
      const moves = games.reduce((s, x) => s + x.moves, 0);
      console.log(`  ${c.name}: ${GAMES} game(s), ${moves} moves, ${games.reduce((s, x) => s + x.checkIns, 0)} check-ins, median ${median(games.map((x) => x.days)).toFixed(1)} days; ${k.mails} mails sent (${mailsSeen} received by the SMTP server) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      // The tables so far after each ruleset, the whole run's last: a run stopped early keeps what it measured.
      report(rows);
    }
    console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s in all.`);
  } finally {
    await service.stop();
  }
}

type Stat = { n: number; read: number; written: number };
type Detail = { d1: Record<string, Stat>; sql: Record<string, Stat>; rpc: Record<string, number>; routes: Record<string, number> };
type Row = { c: Config; games: Played[]; it: Record<PricedItem, number>; k: Counts; mailsSeen: number; d1Bytes: number; detail: Detail };

/**
 * Where the operations come from: each Worker invocation by its route (a queue batch by its
 * messages' kinds), each Durable Object request by its method, the rows of each statement (the
 * game's own SQL, by kv key for its key-value rows; each setAlarm a row written) and of each D1
 * query, and the queue's messages; the largest `top`, per move.
 */
function sources(r: Row, moves: number, top = 16): string[] {
  const d = r.detail;
  // A key-value row's key (the meter writes it after the statement) first: which of the game's rows it is.
  const keyed = (q: string) => q.replace(/^(DO SQL )(.*) \[(\w+)\]$/, "$1kv[$3] $2");
  const short = (q: string, w = 70) => (keyed(q).length > w ? `${keyed(q).slice(0, w - 1)}…` : keyed(q));
  const all = [
    ...Object.entries(d.routes).map(([k, n]) => ({ what: `Worker ${k}`, n, read: 0, written: 0, ops: n })),
    ...Object.entries(d.rpc).map(([k, n]) => ({ what: `DO ${k}()`, n, read: 0, written: 0, ops: n })),
    ...Object.entries(d.sql).map(([k, v]) => ({ what: `DO SQL ${k}`, ...v, ops: v.read + v.written })),
    ...Object.entries(d.d1).map(([k, v]) => ({ what: `D1 ${k}`, ...v, ops: v.read + v.written })),
    { what: "queue messages (write, read, delete)", n: r.k.queueWrites!, read: 0, written: 0, ops: r.it.queueOps },
  ].filter((x) => x.ops > 0);
  all.sort((a, b) => b.ops - a.ops);
  const f = (x: number) => (x / moves).toFixed(2).padStart(7);
  return [
    `${"".padEnd(74)}${"n".padStart(7)}${"rows rd".padStart(8)}${"rows wr".padStart(8)}${"ops".padStart(7)}`,
    ...all.slice(0, top).map((x) => `  ${short(x.what).padEnd(72)}${f(x.n)} ${f(x.read)} ${f(x.written)}${f(x.ops)}`),
    `  (${all.length - Math.min(top, all.length)} smaller sources, ${((all.slice(top).reduce((s, x) => s + x.ops, 0)) / moves).toFixed(2)} ops per move)`,
  ];
}

function report(rows: Row[]) {
  const head = `${"".padEnd(20)}${ORDER.map((k) => NAMES[k].padStart(11)).join("")}${"ops".padStart(9)}${"$".padStart(10)}`;
  console.log("\nPer move (every recorded move, orders moves aside):");
  console.log(head);
  const perMove: { name: string; it: Record<PricedItem, number>; floor: Record<PricedItem, number>; design: Record<PricedItem, number> }[] = [];
  for (const r of rows) {
    const moves = r.games.reduce((s, g) => s + g.moves, 0);
    const person = r.games.reduce((s, g) => s + g.personMoves, 0);
    const per = Object.fromEntries(ORDER.map((k) => [k, r.it[k] / moves])) as Record<PricedItem, number>;
    // Notices sent once each: what went out by mail (every notice a player's settings send by mail also goes by push).
    const floor = floorOf(moves, person, r.it.mails);
    const floorPer = Object.fromEntries(ORDER.map((k) => [k, floor[k] / moves])) as Record<PricedItem, number>;
    const design = designFloorOf(moves, person, r.games.reduce((s, g) => s + g.checkIns, 0), r.it.mails);
    perMove.push({ name: r.c.name, it: per, floor: floorPer, design: Object.fromEntries(ORDER.map((k) => [k, design[k] / moves])) as Record<PricedItem, number> });
    console.log(`${r.c.name.padEnd(20)}${ORDER.map((k) => fmt(per[k], 11, 2)).join("")}${fmt(ops(per), 9)}${fmt(dollars(per) * 1e6, 10, 2)}µ`);
    console.log(`${"  floor".padEnd(20)}${ORDER.map((k) => fmt(floorPer[k], 11, 2)).join("")}${fmt(ops(floorPer), 9)}${fmt(dollars(floorPer) * 1e6, 10, 2)}µ`);
  }
  console.log("\nPer game, and 1,000 games at the published prices:");
  console.log(`${"".padEnd(20)}${"moves".padStart(7)}${"person".padStart(8)}${"days".padStart(7)}${ORDER.map((k) => NAMES[k].padStart(11)).join("")}${"$ / 1,000".padStart(11)}`);
  for (const r of rows) {
    const n = r.games.length;
    const per = (x: number) => x / n;
    console.log(
      `${r.c.name.padEnd(20)}${fmt(per(r.games.reduce((s, g) => s + g.moves, 0)), 7, 0)}${fmt(per(r.games.reduce((s, g) => s + g.personMoves, 0)), 8, 0)}${fmt(median(r.games.map((g) => g.days)), 7)}` +
        `${ORDER.map((k) => fmt(per(r.it[k]), 11, 0)).join("")}${fmt((dollars(r.it) / n) * 1000, 11, 2)}`,
    );
  }
  console.log("\nKept after the game (its record, replay and results), per game, and what 1,000 games' storage costs a month:");
  for (const r of rows) {
    const doBytes = r.games.reduce((s, g) => s + g.bytes, 0) / r.games.length;
    const d1Bytes = r.d1Bytes / r.games.length;
    console.log(`  ${r.c.name.padEnd(20)} Durable Object ${fmt(doBytes / 1024, 7)} KB   D1 ${fmt(d1Bytes / 1024, 6)} KB   $${((doBytes * STORAGE.doBytes.perUnit + d1Bytes * STORAGE.d1Bytes.perUnit) * 1000).toFixed(3)} a month`);
  }
  console.log("\nWhere a thousand games' money goes, and each item against its floor (per move, all rulesets above together):");
  const total = Object.fromEntries(ORDER.map((k) => [k, rows.reduce((s, r) => s + r.it[k], 0)])) as Record<PricedItem, number>;
  const floorTotal = Object.fromEntries(ORDER.map((k) => [k, rows.reduce((s, r) => s + floorOf(r.games.reduce((a, g) => a + g.moves, 0), r.games.reduce((a, g) => a + g.personMoves, 0), r.it.mails)[k], 0)])) as Record<PricedItem, number>;
  const ranked = [...ORDER].sort((a, b) => total[b] * PRICES[b].perUnit - total[a] * PRICES[a].perUnit);
  const all = dollars(total);
  for (const k of ranked) {
    const share = (total[k] * PRICES[k].perUnit) / all;
    const vs = floorTotal[k] ? `${(total[k] / floorTotal[k]).toFixed(2)}× its floor` : total[k] ? "floor 0" : "";
    console.log(`  ${NAMES[k].padEnd(12)} ${(share * 100).toFixed(1).padStart(5)} %   ${vs}`);
  }
  const top = ranked[0]!;
  console.log(`largest item: ${NAMES[top]} (${PRICES[top].says}); floor: each notice sent once, by one mail.`);
  console.log("\nBillable operations per move against the floor (a move stored once, each notice sent once):");
  for (const p of perMove) console.log(`  ${p.name.padEnd(20)} ${fmt(ops(p.it), 7)} ops vs ${fmt(ops(p.floor), 6)}: ${(ops(p.it) / ops(p.floor)).toFixed(2)}×   dollars ${(dollars(p.it) / dollars(p.floor)).toFixed(2)}×`);
  console.log("\nThe same against what any correct design also does (argued, not the goal: each check-in opens the game, each request reads its session,");
  console.log("each turn told moves the games list's row and the game's alarm, each notice is recorded; bench/cost.ts designFloorOf):");
  for (const p of perMove) console.log(`  ${p.name.padEnd(20)} ${fmt(ops(p.it), 7)} ops vs ${fmt(ops(p.design), 6)}: ${(ops(p.it) / ops(p.design)).toFixed(2)}×`);
  for (const r of rows) if (r.mailsSeen !== r.it.mails) console.log(`  note: ${r.c.name}: the service counted ${r.it.mails} mails, the SMTP server received ${r.mailsSeen}`);
  console.log("\nThe largest sources, per move (Worker requests by route, Durable Object requests by method, rows by statement; ops: what each adds to the ops above):");
  for (const r of rows) {
    const moves = r.games.reduce((s, g) => s + g.moves, 0);
    console.log(`  ${r.c.name}: ${(r.k.d1Queries! / moves).toFixed(1)} D1 queries per move`);
    for (const line of sources(r, moves)) console.log(`  ${line}`);
  }
  if (DETAIL) for (const r of rows) console.log(`\n${r.c.name}: ${JSON.stringify(r.detail, null, 1)}`);
}

await main();
