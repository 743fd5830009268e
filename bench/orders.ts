/**
 * `npm run bench:orders [-- --deals N] [--rulesets siamese,american,...] [--orders claims/throws]`
 * (default 400 deals a ruleset, Chinese one hand 800; orders judged/judged, the product's default).
 *
 * What standing orders cost a serious player, by duplicate deals: each deal is played twice, the
 * strong computer player in seat 0 against medium ones, the same seed both times: once with seat 0
 * deciding everything itself (the baseline, measured in this same run), once with seat 0 on the
 * orders given right after the deal, the strong player deciding only what the orders ask it. Every
 * decision is made through the engine's public API from the seat's own view, its seed a function of
 * the position (see `seedAt`: `--dice matched`, the default, or `independent`).
 * Printed per ruleset: seat 0's share of the points won (two players: its points over both players'
 * points, negatives as 0) or mean place (three and four players: 1 best, ties halved), without and
 * with the orders, the change with its 95 % interval over the deals (paired by deal; a share's
 * interval by the delta method), how much of seat 0's play the orders made, and the goal (no
 * significant loss and at most −1.5 points of share, or +0.05 of mean place).
 *
 * The time of a judged decision: on the positions of the baseline games where seat 0 is to act, the
 * variant's orders hook with judged orders (what the engine runs after every change for a seat on
 * them: the seat's view, its legal moves, the strong player's choice and the orders' rulings) timed
 * beside the strong player's own decision there as the service makes it for a computer seat (view,
 * legal moves, choice), over all positions and over those where the orders asked the strong player
 * (`--timing N` deals a ruleset, default 40).
 */
import { performance } from "node:perf_hooks";
import type { GameEvent, GameOptions, Move, Orders, RulesetId, Seat } from "../worker/engine/api";
import { apply, chooseMove, factsOf, legalMoves, newGame, viewFor, type GameState } from "../worker/engine/index";
import { judgeBy, judgeSeed, CLAIM_ORDERS, THROW_ORDERS } from "../worker/engine/game/orders";
import { rulesetOf } from "../worker/engine/registry";

const args = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const DEALS = Number(arg("deals", "400"));
const TIMING = Number(arg("timing", "40"));
const [claims, throws] = arg("orders", "judged/judged").split("/") as [Orders["claims"], Orders["throws"]];
if (!CLAIM_ORDERS.includes(claims) || !THROW_ORDERS.includes(throws) || !Number.isInteger(DEALS) || DEALS < 2) {
  console.error(`bench:orders: --orders is claims/throws (claims ${CLAIM_ORDERS.join("|")}, throws ${THROW_ORDERS.join("|")}); --deals a whole number ≥ 2`);
  process.exit(2);
}
const ORDERS: Orders = { claims, throws };

interface Config {
  name: string;
  ruleset: RulesetId;
  options: GameOptions;
  players: number;
  /** deals as a multiple of --deals (a Chinese hand is short and noisy) */
  scale?: number;
}
const CONFIGS: Config[] = [
  { name: "siamese", ruleset: "siamese", options: {}, players: 2 },
  { name: "siamese-mjm", ruleset: "siamese-mjm", options: {}, players: 2 },
  { name: "siamese-wp (one game)", ruleset: "siamese-wp", options: { games: 1 }, players: 2 },
  { name: "royale, 2 players", ruleset: "royale", options: {}, players: 2 },
  { name: "royale, 3 players", ruleset: "royale", options: { players: 3 }, players: 3 },
  { name: "royale, 4 players", ruleset: "royale", options: { players: 4 }, players: 4 },
  { name: "american", ruleset: "american", options: {}, players: 4 },
  { name: "chinese, one hand", ruleset: "chinese-ming", options: { length: "hand" }, players: 4, scale: 2 },
];
const only = arg("rulesets", "");
const configs = only ? CONFIGS.filter((c) => only.split(",").some((o) => c.name.startsWith(o))) : CONFIGS;

interface Played {
  totals: number[];
  /** seat 0's decisions (moves it chose itself) */
  asked: number;
  /** seat 0's moves its orders played */
  byOrders: number;
}

/** Moves `seat`'s orders played: each marks its first event (game/orders.ts). */
const movesMarked = (events: readonly GameEvent[], seat: Seat): number => events.filter((e) => e.byOrders && e.seat === seat).length;

/**
 * A decision's seed. "matched" (the default): the seed the engine's judged orders use at that position
 * (judgeSeed: the commitment, the seat, the wall's and the discards' sizes), for every seat in both
 * plays, so the strong player asked and the orders judging for it roll the same dice and the two
 * plays part only where the orders' rulings decide otherwise than the player would. "independent":
 * the players' dice are their own (the same position, the same seed in both plays, but not the
 * orders'), so the change also carries the look ahead's sampling luck.
 */
const DICE = arg("dice", "matched");
if (DICE !== "matched" && DICE !== "independent") {
  console.error(`bench:orders: --dice is "matched" or "independent"`);
  process.exit(2);
}
const seedAt = (c: Config, s: GameState, seat: Seat) => {
  const key = judgeSeed(rulesetOf(c.ruleset)!.variant, s, seat);
  return DICE === "matched" ? key : `independent:${key}`;
};

/** One game, seat 0 strong (on `orders` when given), the others medium. */
function play(c: Config, seed: string, orders: Orders | null): Played {
  const g = newGame(c.ruleset, c.options, seed);
  if (!g.ok) throw new Error(`${seed}: ${g.message}`);
  let s: GameState = g.state;
  const out: Played = { totals: [], asked: 0, byOrders: 0 };
  if (orders) {
    const r = apply(s, 0, { type: "orders", ...orders });
    if (!r.ok) throw new Error(`${seed}: orders refused: ${r.message}`);
    s = r.state;
  }
  let facts = factsOf(s);
  for (let n = 0; s.phase !== "over"; n++) {
    if (n > 200_000) throw new Error(`${seed}: the game does not end`);
    const seat: Seat = facts.toAct[0]!;
    const strength = seat === 0 ? "strong" : "medium";
    const move: Move = chooseMove(c.ruleset, viewFor(s, seat), legalMoves(s, seat), strength, seedAt(c, s, seat));
    const r = apply(s, seat, move);
    if (!r.ok) throw new Error(`${seed}: seat ${seat} ${JSON.stringify(move)} refused: ${r.message}`);
    if (seat === 0) out.asked++;
    out.byOrders += movesMarked(r.events, 0);
    s = r.state;
    facts = r;
  }
  out.totals = facts.result!.totals;
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.length > 1 ? Math.sqrt(xs.reduce((t, x) => t + (x - m) ** 2, 0) / (xs.length - 1)) : 0;
};
const placeOf = (t: readonly number[], seat: Seat) => 1 + t.filter((x, i) => i !== seat && x > t[seat]!).length + 0.5 * t.filter((x, i) => i !== seat && x === t[seat]!).length;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const pp = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)}`;
const signed = (x: number, d = 3) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(d)}`;

interface Row {
  line: string;
  met: boolean;
}

function measure(c: Config): Row {
  const n = Math.round(DEALS * (c.scale ?? 1));
  const base: Played[] = [], with_: Played[] = [];
  for (let d = 0; d < n; d++) {
    const seed = `bench-orders:${c.name}:${d}`;
    base.push(play(c, seed, null));
    with_.push(play(c, seed, ORDERS));
  }
  const asked0 = base.reduce((t, p) => t + p.asked, 0), asked1 = with_.reduce((t, p) => t + p.asked, 0), by1 = with_.reduce((t, p) => t + p.byOrders, 0);
  const played = `seat 0 asked ${(asked0 / n).toFixed(0)} → ${(asked1 / n).toFixed(0)} times a game, ${pct(by1 / Math.max(1, asked1 + by1))} of its moves by orders`;
  if (c.players === 2) {
    const won = (p: Played) => Math.max(0, p.totals[0]!);
    const all = (p: Played) => Math.max(0, p.totals[0]!) + Math.max(0, p.totals[1]!);
    const A0 = base.reduce((t, p) => t + won(p), 0), B0 = base.reduce((t, p) => t + all(p), 0);
    const A1 = with_.reduce((t, p) => t + won(p), 0), B1 = with_.reduce((t, p) => t + all(p), 0);
    const R0 = A0 / B0, R1 = A1 / B1;
    // the change of a ratio of sums, paired by deal: its linearisation per deal (delta method)
    const z = base.map((p, i) => (won(with_[i]!) - R1 * all(with_[i]!)) / B1 - (won(p) - R0 * all(p)) / B0);
    const se = Math.sqrt((z.reduce((t, x) => t + x * x, 0) * n) / (n - 1));
    const dR = R1 - R0, lo = dR - 1.96 * se, hi = dR + 1.96 * se;
    const verdict = hi < 0 ? "LOSS" : lo > 0 ? "gain" : "no significant change";
    return {
      met: hi >= 0 && dR >= -0.015,
      line: `${c.name.padEnd(24)} ${String(n).padStart(5)}  share ${pct(R0)} → ${pct(R1)}   ${pp(dR)} pp (95 % ${pp(lo)}…${pp(hi)}): ${verdict}   goal ≥ −1.5 pp, no significant loss: ${hi >= 0 && dR >= -0.015 ? "met" : "NOT met"}\n${"".padEnd(32)}${played}`,
    };
  }
  const d = base.map((p, i) => placeOf(with_[i]!.totals, 0) - placeOf(p.totals, 0));
  const m0 = mean(base.map((p) => placeOf(p.totals, 0))), m1 = mean(with_.map((p) => placeOf(p.totals, 0)));
  const h = (1.96 * sd(d)) / Math.sqrt(n);
  const dm = mean(d), lo = dm - h, hi = dm + h;
  const verdict = lo > 0 ? "LOSS" : hi < 0 ? "gain" : "no significant change";
  const ok = lo <= 0 && dm <= 0.05;
  return {
    met: ok,
    line: `${c.name.padEnd(24)} ${String(n).padStart(5)}  place ${m0.toFixed(3)} → ${m1.toFixed(3)}   ${signed(dm)} (95 % ${signed(lo)}…${signed(hi)}): ${verdict}   goal ≤ +0.05, no significant loss: ${ok ? "met" : "NOT met"}\n${"".padEnd(32)}${played}`,
  };
}

/** Judged decisions timed beside the strong player's own, on the same positions (seat 0 to act in baseline games). */
function timing(c: Config): string {
  const v = rulesetOf(c.ruleset)!;
  const judgeOf = judgeBy(v.bot!, v.variant);
  let consulted = false;
  const judge: typeof judgeOf = (s, seat) => ((consulted = true), judgeOf(s, seat));
  const own: number[] = [], judged: number[] = [], asked: number[] = [], askedOwn: number[] = [];
  for (let d = 0; d < TIMING; d++) {
    const seed = `bench-orders:timing:${c.name}:${d}`;
    const g = newGame(c.ruleset, c.options, seed);
    if (!g.ok) throw new Error(g.message);
    let s: GameState = g.state;
    let last: GameEvent[] = [];
    let facts = factsOf(s);
    while (s.phase !== "over") {
      const seat = facts.toAct[0]!;
      let move: Move;
      if (seat === 0) {
        consulted = false;
        const t0 = performance.now();
        v.variant.ordered!(s, 0, { claims: "judged", throws: "judged" }, last, judge);
        const t1 = performance.now();
        // the strong player's own decision as the service makes it for a computer seat: its view, its legal moves, its choice
        move = chooseMove(c.ruleset, viewFor(s, 0), legalMoves(s, 0), "strong", `${seed}:${s.ply}:0`);
        const t2 = performance.now();
        judged.push(t1 - t0);
        own.push(t2 - t1);
        if (consulted) asked.push(t1 - t0), askedOwn.push(t2 - t1);
      } else move = chooseMove(c.ruleset, viewFor(s, seat), legalMoves(s, seat), "medium", `${seed}:${s.ply}:${seat}`);
      const r = apply(s, seat, move);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
      last = r.events;
      facts = r;
    }
  }
  const q = (xs: number[], p: number) => {
    const a = xs.slice().sort((x, y) => x - y);
    return a[Math.min(a.length - 1, Math.floor(a.length * p))]!;
  };
  const f = (x: number) => x.toFixed(x < 10 ? 2 : 1);
  const met = q(judged, 0.5) <= 2 && q(judged, 0.5) <= q(own, 0.5) + 0.05 && q(asked, 0.5) <= 2;
  return (
    `${c.name.padEnd(24)} ${String(own.length).padStart(6)} positions   judged orders: median ${f(q(judged, 0.5))} ms  p99 ${f(q(judged, 0.99))} ms   strong player's own: median ${f(q(own, 0.5))} ms  p99 ${f(q(own, 0.99))} ms\n` +
    `${"".padEnd(24)} ${String(asked.length).padStart(6)} of them the strong player judged for the orders: median ${f(q(asked, 0.5))} ms  p99 ${f(q(asked, 0.99))} ms   its own there: median ${f(q(askedOwn, 0.5))} ms  p99 ${f(q(askedOwn, 0.99))} ms   goal (median ≤ 2 ms, no more than its own): ${met ? "met" : "NOT met"}`
  );
}

const started = Date.now();
// warm up (the card's lines compile on first use) before anything is measured
for (const c of configs) play(c, `bench-orders:warm-up:${c.name}`, ORDERS);
console.log(`npm run bench:orders -- --deals ${DEALS} --orders ${claims}/${throws} --dice ${DICE}${only ? ` --rulesets ${only}` : ""}`);
console.log(`Duplicate deals: seat 0 strong, the others medium; each deal played without orders (the baseline, this run) and with seat 0 on {claims:"${claims}", throws:"${throws}"}.`);
console.log(`Two players: seat 0's share of the points won; three and four: its mean place (1 best). Change with its 95 % interval, paired by deal.\n`);
console.log(`${"ruleset".padEnd(24)} ${"deals".padStart(5)}  without → with orders, change`);
let allMet = true;
for (const c of configs) {
  const t0 = Date.now();
  const r = measure(c);
  allMet &&= r.met;
  console.log(`${r.line}   (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
console.log(`\nEvery goal ${allMet ? "met" : "NOT met"}.`);
if (TIMING > 0) {
  console.log(`\nTime of a decision on the same positions (${TIMING} baseline deals a ruleset, seat 0 to act; elapsed ms on this shared machine):`);
  for (const c of configs) console.log(timing(c));
}
console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s in all.`);
