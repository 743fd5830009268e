/**
 * `npm run bench:pace [-- --games N] [--seed S] [--only siamese,american,...]` (default 40 games a
 * ruleset, each played three times; the whole Chinese match 10 games).
 *
 * How long a correspondence game takes in calendar days, measured through the engine's public API
 * with the project's own medium computer player making every decision a person is asked, under a
 * check-in model (bench/pace-model.ts): each player checks in at random moments, twice a day on
 * average (Poisson, mean gap 12 h, a seeded generator per seat), and makes every decision waiting for
 * them at that check-in; a claim window closes at its deadline (the game's windowHours, default 12)
 * if not all answers are in; the clock's timeouts never fire (players check in often).
 *
 * Each ruleset is played three times from the same seeds, every seat a person: as a new player's game
 * was before issue 35 (no orders), with issue 26's quick orders (`{claims:"mahjong-only",
 * throws:"unneeded"}`) and with the product's default orders (`{claims:"judged", throws:"judged"}`,
 * what every account plays with until it chooses), the orders given right after the deal.
 *
 * What is counted, per game (medians over the games):
 * - waits: each time a seat is asked to decide, i.e. joins the seats the game waits for (the engine's
 *   `toAct`). A seat's decisions in a row (draw, then discard) are one wait; a claim window asking
 *   three seats is three waits.
 * - days: from the deal to the end, as the check-ins and deadlines advance time.
 * - your decisions: the decisions one player made that had two or more legal answers (a draw with
 *   nothing to claim, a pass that is the only answer, the orders move and a call preference are no
 *   decision), per player.
 * - by orders: moves the engine played under standing orders (each marks its first event), over
 *   all moves played (by persons and by orders).
 * Goals (issue 35, default orders): Siamese ≤ 10 days, American ≤ 15, Royale 2 players ≤ 12, Royale 4
 * players ≤ 25, Wright-Patterson default match ≤ 20, Chinese one hand ≤ 10, one round ≤ 30. Seeds
 * are fixed: the same command prints the same table.
 */
import type { GameOptions, RulesetId } from "../worker/engine/api";
import { parseOptions } from "../worker/engine/index";
import { JUDGED_ORDERS, median, playByCheckIns, QUICK_ORDERS, type Orders, type PacedGame } from "./pace-model";

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
  /** Median calendar days with the default orders asked for by issue 35. */
  goal?: number;
  /** games as a share of --games (a whole Chinese match is long) */
  scale?: number;
}

const CONFIGS: Config[] = [
  { name: "siamese", ruleset: "siamese", options: {}, goal: 10 },
  { name: "siamese-mjm", ruleset: "siamese-mjm", options: {}, goal: 10 },
  { name: "siamese-wp (4-game match)", ruleset: "siamese-wp", options: {}, goal: 20 },
  { name: "american", ruleset: "american", options: {}, goal: 15 },
  { name: "royale, 2 players", ruleset: "royale", options: {}, goal: 12 },
  { name: "royale, 3 players", ruleset: "royale", options: { players: 3 } },
  { name: "royale, 4 players", ruleset: "royale", options: { players: 4 }, goal: 25 },
  { name: "chinese, one hand", ruleset: "chinese-ming", options: { length: "hand" }, goal: 10 },
  { name: "chinese, one round", ruleset: "chinese-ming", options: { length: "round" }, goal: 30 },
  { name: "chinese, whole match", ruleset: "chinese-ming", options: { length: "match" }, scale: 0.25 },
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
  /** one player's decisions with two or more answers, per game */
  choices: number;
  share: number;
  deadlines: number;
  /** median days the American Charleston took */
  charleston: number;
}

function run(c: Config, orders: Orders): Row {
  const options = optionsOf(c);
  const games: PacedGame[] = [];
  const n = Math.max(1, Math.round(GAMES * (c.scale ?? 1)));
  const players = parseOptions(c.ruleset, c.options);
  if (!players.ok) throw new Error(players.message);
  for (let g = 0; g < n; g++) games.push(playByCheckIns(c.ruleset, options, `${SEED}:${c.name}:${g}`, { orders }));
  const moves = games.reduce((t, x) => t + x.decisions + x.byOrders, 0);
  return {
    days: median(games.map((x) => x.hours / 24)),
    waits: median(games.map((x) => x.waits)),
    choices: median(games.map((x) => x.choices / players.seats)),
    share: moves ? games.reduce((t, x) => t + x.byOrders, 0) / moves : 0,
    deadlines: median(games.map((x) => x.deadlines)),
    charleston: median(games.map((x) => x.charlestonHours / 24)),
  };
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : "–").padStart(6);

const started = Date.now();
console.log(`npm run bench:pace -- --games ${GAMES} --seed ${SEED}${only ? ` --only ${only}` : ""}`);
console.log(`Check-in model: Poisson check-ins, mean gap 12 h; every decision a person is asked made by the medium computer player; windows close at windowHours.`);
console.log(`Per ruleset ${GAMES} games (the whole Chinese match ${Math.max(1, Math.round(GAMES / 4))}), the same seeds without orders, with issue 26's quick orders and with the default orders (judged claims and throws) on every seat.`);
console.log(`waits = seats asked to decide (a seat's decisions in a row count once); days = calendar days per game; yours = one player's decisions with two or more answers per game;`);
console.log(`closed = claim windows closed by their deadline; by orders = share of all moves. Medians over the games.`);
console.log("");
console.log(`${pad("", 28)}| ${pad("no orders (before)", 25)}| ${pad("quick orders", 19)}| ${pad("default orders: judged claims and throws", 48)}|`);
console.log(`${pad("ruleset", 28)}|${pad(" waits    days   yours", 26)}|${pad("  days   yours", 20)}|${pad(" waits    days   yours  closed   by orders", 49)}| goal: days with the default orders`);
console.log(`${"-".repeat(28)}|${"-".repeat(26)}|${"-".repeat(20)}|${"-".repeat(49)}|${"-".repeat(36)}`);
let met = true;
for (const c of configs) {
  const t0 = Date.now();
  const none = run(c, null);
  const quick = run(c, QUICK_ORDERS);
  const judged = run(c, JUDGED_ORDERS);
  const ok = c.goal === undefined || judged.days <= c.goal;
  met &&= ok;
  const goal = c.goal === undefined ? "(none)" : `≤ ${c.goal}: ${ok ? "met" : "NOT met"}`;
  console.log(
    `${pad(c.name, 28)}|${pad(`${num(none.waits)}  ${num(none.days, 1)}  ${num(none.choices)}`, 26)}|${pad(`${num(quick.days, 1)}  ${num(quick.choices)}`, 20)}|` +
      `${pad(`${num(judged.waits)}  ${num(judged.days, 1)}  ${num(judged.choices)}  ${num(judged.deadlines)}   ${num(judged.share * 100, 1)} %`, 49)}| ${goal}   (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
  if (judged.charleston > 0) console.log(`${pad("", 28)}  (of which the Charleston, every pass the players' own: ${none.charleston.toFixed(1)} days without orders, ${judged.charleston.toFixed(1)} with the default orders)`);
}
console.log("");
console.log(`Every goal ${met ? "met" : "NOT met"}. ${((Date.now() - started) / 1000).toFixed(0)} s in all.`);
