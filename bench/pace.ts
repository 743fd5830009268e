/**
 * `npm run bench:pace [-- --games N] [--seed S] [--only siamese,american,...]` (default 40 games a
 * ruleset, each played twice; about two minutes).
 *
 * How long a correspondence game takes in calendar days, measured through the engine's public API
 * with the project's own medium computer player making every decision, under a check-in model
 * (bench/pace-model.ts): each player checks in at random moments, twice a day on average (Poisson,
 * mean gap 12 h, a seeded generator per seat), and makes every decision waiting for them at that
 * check-in; a claim window closes at its deadline (the game's windowHours, default 12) if not all
 * answers are in; the clock's timeouts never fire (players check in often).
 *
 * What is counted, per game:
 * - waits for a person: each time a seat is asked to decide, i.e. joins the seats the game waits
 *   for (the engine's `toAct`). A seat's decisions in a row (draw, then discard) are one wait; a
 *   claim window asking three seats is three waits.
 * - calendar days: from the deal to the end, as the check-ins and deadlines advance time.
 * - share by orders: moves the engine played under standing orders, over all moves played
 *   (decisions by persons plus moves by orders; the orders moves themselves not counted).
 *
 * Each ruleset is played twice from the same seeds: as today (no orders), and with every seat on
 * `{type:"orders", claims:"mahjong-only", throwUnneeded:true}` given right after the deal. Options
 * are those a new correspondence game gets (the engine's parseOptions of `{}`), so Wright-Patterson
 * plays its default match and Chinese the length asked. Goals (issue #26, with orders): Siamese ≤ 18
 * days, American ≤ 25, Royale 2 ≤ 25, Royale 4 ≤ 60, Wright-Patterson default match ≤ 35, Chinese
 * one hand ≤ 25. Seeds are fixed: the same command prints the same table.
 */
import type { GameOptions, RulesetId } from "../worker/engine/api";
import { apply, legalMoves, newGame, parseOptions } from "../worker/engine/index";
import { median, playByCheckIns, QUICK_ORDERS, type Orders, type PacedGame } from "./pace-model";

const args = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const GAMES = Number(arg("games", "40"));
if (!Number.isInteger(GAMES) || GAMES < 1) {
  console.error("bench:pace: --games must be a positive whole number");
  process.exit(2);
}
const SEED = arg("seed", "pace");

interface Config {
  name: string;
  ruleset: RulesetId;
  options: GameOptions;
  /** Median calendar days with orders asked for by issue #26. */
  goal?: number;
}

const CONFIGS: Config[] = [
  { name: "siamese", ruleset: "siamese", options: {}, goal: 18 },
  { name: "siamese-mjm", ruleset: "siamese-mjm", options: {}, goal: 18 },
  { name: "siamese-wp (4-game match)", ruleset: "siamese-wp", options: {}, goal: 35 },
  { name: "american", ruleset: "american", options: {}, goal: 25 },
  { name: "royale, 2 players", ruleset: "royale", options: {}, goal: 25 },
  { name: "royale, 3 players", ruleset: "royale", options: { players: 3 } },
  { name: "royale, 4 players", ruleset: "royale", options: { players: 4 }, goal: 60 },
  { name: "chinese, one hand", ruleset: "chinese-ming", options: { length: "hand" }, goal: 25 },
  { name: "chinese, one round", ruleset: "chinese-ming", options: { length: "round" } },
  { name: "chinese, whole match", ruleset: "chinese-ming", options: { length: "match" } },
];
const only = arg("only", "");
const configs = only ? CONFIGS.filter((c) => only.split(",").some((o) => c.name.startsWith(o))) : CONFIGS;

/** The options a new correspondence game of this ruleset gets, with the config's own on top. */
function optionsOf(c: Config): GameOptions {
  const p = parseOptions(c.ruleset, c.options);
  if (!p.ok) throw new Error(`${c.name}: ${p.message}`);
  return p.options;
}

interface Row {
  days: number;
  waits: number;
  share: number;
  deadlines: number;
}

function run(c: Config, orders: Orders): Row {
  const options = optionsOf(c);
  const games: PacedGame[] = [];
  for (let g = 0; g < GAMES; g++) games.push(playByCheckIns(c.ruleset, options, `${SEED}:${c.name}:${g}`, { orders }));
  const moves = games.reduce((t, x) => t + x.decisions + x.byOrders, 0);
  return {
    days: median(games.map((x) => x.hours / 24)),
    waits: median(games.map((x) => x.waits)),
    share: moves ? games.reduce((t, x) => t + x.byOrders, 0) / moves : 0,
    deadlines: median(games.map((x) => x.deadlines)),
  };
}

/** Whether this engine takes standing orders at all (the orders move among a seat's legal moves, or accepted). */
function ordersAccepted(): boolean {
  const g = newGame("siamese", {}, "orders-probe");
  if (!g.ok) return false;
  return apply(g.state, 0, QUICK_ORDERS!).ok || legalMoves(g.state, 0).some((m) => m.type === "orders");
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : "–").padStart(6);

const started = Date.now();
const hasOrders = ordersAccepted();
console.log(`npm run bench:pace -- --games ${GAMES} --seed ${SEED}`);
console.log(`Check-in model: Poisson check-ins, mean gap 12 h; every decision by the medium computer player; windows close at windowHours.`);
console.log(`Per ruleset ${GAMES} games, the same seeds as today and with orders.`);
console.log(`Waits = seats asked to decide (a seat's decisions in a row count once); days = calendar days per game; by orders = share of all moves.`);
if (!hasOrders) console.log(`This engine refuses the orders move: the "with orders" columns repeat today's play.`);
console.log("");
console.log(`${pad("", 28)}| ${pad("today (no orders)", 28)}| ${pad("every seat on quick orders", 42)}|`);
console.log(`${pad("ruleset", 28)}|${pad(" waits    days  closed", 29)}|${pad(" waits    days  closed   by orders", 43)}| goal: days with orders`);
console.log(`${"-".repeat(28)}|${"-".repeat(29)}|${"-".repeat(43)}|${"-".repeat(24)}`);
for (const c of configs) {
  const t0 = Date.now();
  const today = run(c, null);
  const quick = hasOrders ? run(c, QUICK_ORDERS) : today;
  const goal = c.goal === undefined ? "(none)" : `≤ ${c.goal}: ${quick.days <= c.goal ? "met" : "NOT met"}`;
  console.log(
    `${pad(c.name, 28)}|${pad(`${num(today.waits)}  ${num(today.days, 1)}  ${num(today.deadlines)}`, 29)}|${pad(`${num(quick.waits)}  ${num(quick.days, 1)}  ${num(quick.deadlines)}   ${num(quick.share * 100, 1)} %`, 43)}| ${goal}` +
      `   (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
}
console.log("");
console.log(`medians over the games; "closed" = claim windows closed by their deadline (median per game). ${((Date.now() - started) / 1000).toFixed(0)} s in all.`);
