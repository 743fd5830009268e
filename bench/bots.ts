/**
 * `npm run bench:bots [-- N] [--deals N] [--chinese-matches M] [--expert-deals E] [--rulesets siamese,american]
 *  [--pairings strong/medium,medium/easy,expert/strong] [--royale-players 2,3,4] [--seed PREFIX] [--expert-budget JSON]` (a bare number is the deal
 * count; default 1000; Royale is played with each number of players listed, default 2, 3 and 4).
 *
 * The expert (a search: hundreds of times the strong player's work per decision) plays `--expert-deals`
 * deals (default 40; Chinese: one hand each, as its goal is set) against the strong player, beside the
 * goals of issue 40: two players, its share of the points ≥ 55 %; four, its mean place ≤ 2.35. Its time
 * per decision is printed for every decision and for those with more than one legal move (what a
 * person would count), beside the goals (median ≤ 250 ms, slowest ≤ 3 s), and one whole game of each
 * ruleset is reviewed (engine/expert/review.ts) slice by slice as the service does it, timed beside its
 * goal (≤ 60 s).
 *
 * How much stronger each computer player is, by duplicate play: every deal seed is played once
 * with the stronger player in each seat (the seats rotated), so the tiles cancel out. Pairings per
 * ruleset: strong against medium and medium against easy (three or four players: one of the
 * stronger kind against the others of the weaker). Prints the stronger kind's share of the points won
 * (two players, even = 50 %) or mean place (n players, 1 best, even = (n + 1) / 2) with a 95 %
 * interval clustered by deal seed, and the time per decision (median, p99, max) per strength: the
 * process's CPU time, the elapsed time, and the elapsed time less the pauses of V8's garbage
 * collector that fell inside the decision and less the time the thread waited for a CPU (see
 * `timed`). A fixed reference loop is timed at the start and after every ruleset, so a reader can
 * judge how loaded the machine was (on a quiet machine it takes about the figure printed beside
 * it), with the longest collector pause so far anywhere in the run, inside a decision or not, as
 * the baseline for the pauses. Two-player rulesets played as matches of games (siamese-wp) are
 * benchmarked one game a deal (`games: 1`).
 */
import { readFileSync } from "node:fs";
import { PerformanceObserver, performance } from "node:perf_hooks";
import type { GameOptions, RulesetId } from "../worker/engine/api";
import { playGame } from "../worker/engine/bots/play";
import type { Strength } from "../worker/engine/bots";
import { newReview, reviewSlice } from "../worker/engine/expert/review";
import { recordOf } from "../worker/engine/index";
import type { ExpertBudget } from "../worker/engine/expert";
import { rulesetOf } from "../worker/engine/registry";

const args = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const bare = args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith("--"));
const deals = Number(arg("deals", bare ?? "1000"));
const chineseMatches = Number(arg("chinese-matches", String(Math.max(1, Math.round(deals / 25)))));
const expertDeals = Number(arg("expert-deals", "40"));
const rulesets = arg("rulesets", "siamese,siamese-mjm,siamese-wp,royale,american,chinese-ming").split(",") as RulesetId[];
const PAIRINGS = arg("pairings", "strong/medium,medium/easy,expert/strong").split(",").map((p) => p.split("/") as [Strength, Strength]);
const royalePlayers = arg("royale-players", "2,3,4").split(",").map(Number);
/** The deals' seed prefix (default the one every earlier run used): tune on one, report on another. */
const SEED = arg("seed", "bench-bots");
/**
 * `--expert-budget '{"z":1.5,"plies":8000}'`: the expert's budget with these fields over each listed
 * ruleset's own (ExpertParts.budget over EXPERT), to measure a setting before it is written into the
 * ruleset's parts. The service never reads it.
 */
const budgetOverride = JSON.parse(arg("expert-budget", "{}")) as Partial<ExpertBudget>;
const OPTIONS: Partial<Record<RulesetId, GameOptions>> = { "siamese-wp": { games: 1 } };

/** One ruleset at one number of players: what is benchmarked (Royale once per number of players). */
interface Config {
  ruleset: RulesetId;
  players: number;
  options: GameOptions;
  /** the name printed and the key of the CPU figures: the ruleset, with "/3p" when the players vary */
  name: string;
}
const configs: Config[] = rulesets.flatMap((ruleset): Config[] =>
  ruleset === "royale"
    ? royalePlayers.map((players) => ({ ruleset, players, options: players === 2 ? {} : { players }, name: players === 2 ? ruleset : `${ruleset}/${players}p` }))
    : [{ ruleset, players: ruleset.startsWith("siamese") ? 2 : 4, options: OPTIONS[ruleset] ?? {}, name: ruleset }],
);

/** CPU milliseconds of a fixed integer loop: the same work every time, so its time shows the machine's load. */
function reference(): number {
  const t = process.cpuUsage();
  let x = 1;
  for (let i = 0; i < 20_000_000; i++) x = (x * 1103515245 + 12345) >>> 0;
  const d = process.cpuUsage(t);
  if (x === 42) console.log("");
  return (d.user + d.system) / 1000;
}
const refLine = () =>
  `  reference loop ${reference().toFixed(0)} ms CPU (the same fixed work each time: a larger figure means a more loaded machine); ` +
  `collector: ${pauseCount} pauses so far in the run, longest ${ms(longestPause)} ms`;

/**
 * Per decision, the process's CPU time, the elapsed time, and the elapsed time less the collector's
 * pauses inside it. The process's clock also counts V8's compiler and collector threads working
 * beside the decision (a decision can show more CPU than elapsed time). The elapsed time also counts
 * a pause of the garbage collector that happened to fall inside the decision: the collector runs
 * when the young generation fills, whoever filled it (the engine's moves between decisions allocate
 * too), and on this machine a plain allocation loop sees pauses of 10–30 ms now and then. It also
 * counts time the thread was ready but waited for a CPU (two cores shared with the kernel and V8's
 * own compiler and collector threads); on Linux the scheduler reports that wait per thread
 * (/proc/<pid>/task/<tid>/schedstat, exact, unlike its run time, which moves in 4 ms ticks here).
 * The decision's own time is the elapsed time less both (of the wait, only what cannot have fallen
 * in the reads around the decision, so it errs high, never low). All are printed, with how many
 * decisions a pause or a wait fell into and the longest of each.
 */
const cpu: Record<string, number[]> = {};
const wall: Record<string, number[]> = {};
const own: Record<string, number[]> = {};
const heldUp: Record<string, { n: number; longest: number }> = {};
/** CPU per decision with more than one move to choose from (standing orders and call preferences aside). */
const chosen: Record<string, number[]> = {};
const waitedIn: Record<string, { n: number; longest: number }> = {};
const SCHEDSTAT = `/proc/${process.pid}/task/${process.pid}/schedstat`;
/** Milliseconds this (main) thread has waited for a CPU so far; 0 where the system does not say. */
const readWait = (): number => {
  try {
    return Number(readFileSync(SCHEDSTAT, "utf8").split(" ")[1]) / 1e6 || 0;
  } catch {
    return 0;
  }
};
/** The collector's pauses as the runtime reports them (delivered a little later, between deals). */
let pauses: { start: number; end: number }[] = [];
let pauseCount = 0, longestPause = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    pauses.push({ start: e.startTime, end: e.startTime + e.duration });
    pauseCount++;
    longestPause = Math.max(longestPause, e.duration);
  }
}).observe({ entryTypes: ["gc"] });
/** This deal's decisions, waiting for the pauses to be delivered. */
let waiting: { key: string; t0: number; t1: number; wait: number }[] = [];

const timed = (key: string) => (strength: Strength, decide: () => ReturnType<Parameters<typeof playGame>[4] & {}>, legal: readonly { type: string }[]) => {
  // the wait is read around the decision (w0, w1, inside wide0 … wide1): only as much of it as cannot
  // have fallen outside the decision is taken out, so a wait on the way out of a read is never
  // taken from a decision that did not see it
  const wide0 = performance.now();
  const w0 = readWait();
  const t = process.cpuUsage();
  const t0 = performance.now();
  const m = decide();
  const t1 = performance.now();
  const d = process.cpuUsage(t);
  const wait = readWait() - w0;
  const wide1 = performance.now();
  const k = `${key} ${strength}`;
  (cpu[k] ??= []).push((d.user + d.system) / 1000);
  if (legal.filter((m) => m.type !== "orders" && m.type !== "preference").length > 1) (chosen[k] ??= []).push((d.user + d.system) / 1000);
  (wall[k] ??= []).push(t1 - t0);
  // the part of the wait that must have fallen inside the decision (all of it, less the time outside)
  waiting.push({ key: k, t0, t1, wait: Math.max(0, wait - (wide1 - wide0 - (t1 - t0))) });
  return m;
};

/** After a deal: let the runtime deliver its pause reports, then take each pause out of the decisions it fell into. */
async function settle() {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  for (const x of waiting) {
    let paused = 0, longest = 0;
    for (const p of pauses) {
      const o = Math.min(p.end, x.t1) - Math.max(p.start, x.t0);
      if (o > 0) (paused += o), (longest = Math.max(longest, p.end - p.start));
    }
    (own[x.key] ??= []).push(Math.max(0, x.t1 - x.t0 - paused - x.wait));
    if (paused > 0) {
      const h = (heldUp[x.key] ??= { n: 0, longest: 0 });
      h.n++;
      h.longest = Math.max(h.longest, longest);
    }
    if (x.wait > 0) {
      const h = (waitedIn[x.key] ??= { n: 0, longest: 0 });
      h.n++;
      h.longest = Math.max(h.longest, x.wait);
    }
  }
  waiting = [];
  const now = performance.now();
  pauses = pauses.filter((p) => p.end > now - 5000);
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
const spread = (values: number[] | undefined) => {
  const v = (values ?? []).slice().sort((a, b) => a - b);
  return `median ${ms(v[v.length >> 1]!)} ms   p99 ${ms(v[Math.floor(v.length * 0.99)]!)} ms   max ${ms(v[v.length - 1]!)} ms`;
};
function cpuLine(key: string) {
  if (!cpu[key]?.length) return `${key}: no decisions`;
  const h = heldUp[key], w = waitedIn[key];
  return (
    `${key.padEnd(22)} ${String(cpu[key].length).padStart(8)} decisions   CPU: ${spread(cpu[key])}\n` +
    `        elapsed:                             ${spread(wall[key])}\n` +
    `        its own (less pauses and waits):     ${spread(own[key])}\n` +
    (key.endsWith(" expert") ? `        CPU, decisions with a choice (${(chosen[key] ?? []).length}): ${spread(chosen[key])}   goals: median ≤ 250 ms, slowest ≤ 3000 ms\n` : "") +
    `          ${h ? `the collector paused inside ${h.n} decisions, the longest pause ${ms(h.longest)} ms` : "no collector pause fell inside a decision"}; ` +
    `${w ? `the thread waited for a CPU in ${w.n}, the longest wait ${ms(w.longest)} ms` : "no wait for a CPU (or the system does not report it)"}`
  );
}

async function twoPlayer(c: Config, strong: Strength, weak: Strength, n: number) {
  const { ruleset, name } = c;
  const a: number[] = [], b: number[] = [], net: number[] = [];
  for (let d = 0; d < n; d++) {
    let won = 0, all = 0, diff = 0;
    for (let seat = 0; seat < 2; seat++) {
      const strengths = seat === 0 ? [strong, weak] : [weak, strong];
      const p = playGame(ruleset, c.options, `${SEED}:${ruleset}:${d}`, strengths, timed(name));
      const mine = p.result.totals[seat]!, theirs = p.result.totals[1 - seat]!;
      won += Math.max(0, mine);
      all += Math.max(0, mine) + Math.max(0, theirs);
      diff += mine - theirs;
    }
    a.push(won);
    b.push(all);
    net.push(diff / 2);
    await settle();
    if ((d + 1) % (strong === "expert" ? 1 : 50) === 0 && d + 1 < n) report(d + 1, true);
  }
  report(n, false);
  function report(n: number, sofar: boolean) {
  const A = a.reduce((x, y) => x + y, 0), B = b.reduce((x, y) => x + y, 0);
  const R = B ? A / B : 0.5;
  const z = a.map((x, i) => x - R * b[i]!);
  const se = n > 1 && B ? Math.sqrt((z.reduce((t, x) => t + x * x, 0) * n) / (n - 1)) / B : 0;
  const lo = R - 1.96 * se, hi = R + 1.96 * se;
  const m = mean(net), s = sd(net);
  const verdict = lo > 0.5 ? "wins clearly" : hi < 0.5 ? "LOSES" : "not clearly better";
  const goal = strong === "expert" ? `; goal ≥ 55%: ${lo >= 0.55 ? "met" : R >= 0.55 ? "met, its interval reaches below" : hi >= 0.55 ? "not shown" : "NOT MET"}` : "";
  console.log(
    `${sofar ? "  so far: " : ""}${name.padEnd(13)} ${strong} vs ${weak}: ${n} deals × 2 seats: ${strong}'s share of points won ${pct(R)} (95% ${pct(lo)}–${pct(hi)}) ${verdict}; mean net ${m.toFixed(1)} ± ${((1.96 * s) / Math.sqrt(n)).toFixed(1)} points a game${goal}`,
  );
  if (sofar) cpuSoFar(name);
  }
}

/** One of the stronger kind against the others of the weaker, in every seat in turn; the seed's mean place. */
async function manyPlayers(c: Config, strong: Strength, weak: Strength, n: number) {
  const { ruleset, name, players } = c;
  const even = (players + 1) / 2;
  // Royale keeps the seeds of two players; with three or four the seeds say so (a different deal anyway)
  const seedOf = (d: number) => (name === ruleset ? `${SEED}:${ruleset}:${d}` : `${SEED}:${name}:${d}`);
  const places: number[] = [];
  const base: number[] = [];
  for (let d = 0; d < n; d++) {
    let sum = 0;
    for (let seat = 0; seat < players; seat++) {
      const strengths = Array.from({ length: players }, (_, i) => (i === seat ? strong : weak));
      const p = playGame(ruleset, c.options, seedOf(d), strengths, timed(name));
      const t = p.result.totals;
      sum += 1 + t.filter((x, i) => i !== seat && x > t[seat]!).length + 0.5 * t.filter((x, i) => i !== seat && x === t[seat]!).length;
    }
    places.push(sum / players);
    if (strong === "expert") {
      // the same deal with the weaker kind in every seat: the place its seats take (ties count half)
      const t = playGame(ruleset, c.options, seedOf(d), Array.from({ length: players }, () => weak)).result.totals;
      base.push(mean(t.map((me, seat) => 1 + t.filter((x, i) => i !== seat && x > me).length + 0.5 * t.filter((x, i) => i !== seat && x === me).length)));
    }
    await settle();
    if ((d + 1) % (strong === "expert" ? 1 : ruleset === "chinese-ming" ? 5 : 50) === 0 && d + 1 < n) report(d + 1, true);
  }
  report(n, false);
  function report(n: number, sofar: boolean) {
  const m = mean(places), h = (1.96 * sd(places)) / Math.sqrt(n);
  const verdict = m + h < even ? "wins clearly" : m - h > even ? "LOSES" : "not clearly better";
  const what = ruleset === "chinese-ming" ? (c.options.length === "hand" ? "hands" : "matches") : "deals";
  const goal = strong === "expert" ? `; goal ≤ 2.35: ${m + h <= 2.35 ? "met" : m <= 2.35 ? "met, its interval reaches above" : m - h <= 2.35 ? "not shown" : "NOT MET"}` : "";
  const others = players === 3 ? "two" : "three";
  console.log(`${sofar ? "  so far: " : ""}${name.padEnd(13)} one ${strong} vs ${others} ${weak}: ${n} ${what} × ${players} seats: ${strong}'s mean place ${m.toFixed(3)} (95% ${(m - h).toFixed(3)}–${(m + h).toFixed(3)}; even ${even}) ${verdict}${goal}`);
  if (base.length) {
    const diff = places.map((x, i) => x - base[i]!);
    const md = mean(diff), hd = (1.96 * sd(diff)) / Math.sqrt(n);
    console.log(`${sofar ? "  so far: " : ""}${" ".repeat(13)} baseline, the same deals with ${weak} in every seat: mean place ${mean(base).toFixed(3)} (ties count half); ${strong} less baseline ${md.toFixed(3)} (95% ${(md - hd).toFixed(3)} to ${(md + hd).toFixed(3)})`);
  }
  if (sofar) cpuSoFar(name);
  }
}

/** While a long run goes on: the CPU per decision so far (so a run stopped early still has its figures). */
const cpuSoFar = (name: string) => {
  for (const s of STRENGTH_KEYS) console.log("    CPU so far " + cpuLine(`${name} ${s}`));
};

const STRENGTH_KEYS = ["easy", "medium", "strong", "expert"];

/** One whole game (strong players) reviewed for seat 0, slice by slice as the service does it: its CPU time. */
function reviewTime(c: Config): string {
  const seed = `bench-bots:review:${c.name}`;
  const g = playGame(c.ruleset, c.options, seed, Array.from({ length: c.players }, () => "strong" as Strength));
  const record = recordOf(g.state, g.moves);
  const t = process.cpuUsage();
  let r = newReview(0);
  let slices = 0;
  while (!r.done) (r = reviewSlice(record, r, `bench:${c.name}`, 30_000)), slices++;
  const d = process.cpuUsage(t);
  return `  review of a whole game (${g.moves.length} moves; seat 0: ${r.decisions} decisions judged, ${r.items.length} where the expert differs) in ${slices} slices: ${((d.user + d.system) / 1e6).toFixed(1)} s CPU   goal ≤ 60 s`;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: number[]) => {
  const m = mean(xs);
  return xs.length > 1 ? Math.sqrt(xs.reduce((t, x) => t + (x - m) ** 2, 0) / (xs.length - 1)) : 0;
};
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

if (Object.keys(budgetOverride).length)
  for (const r of new Set(rulesets)) {
    const parts = rulesetOf(r)?.expert;
    if (!parts) continue;
    const own = parts.budget;
    parts.budget = (view) => ({ ...(typeof own === "function" ? own(view) : own), ...budgetOverride });
  }

// warm up (first compiles of the card's lines) before anything is measured
const WARM: Strength[] = ["strong", "medium", "easy", "medium"];
for (const c of configs) playGame(c.ruleset, c.options, `bench-bots:warm-up:${c.name}`, WARM.slice(0, c.players));
await settle(); // the warm-up's collector pauses count in the run's baseline
console.log(`Computer players, duplicate play: ${deals} deals per pairing (Siamese, Royale, American), ${chineseMatches} matches (Chinese); deal seeds ${SEED}:…` + (Object.keys(budgetOverride).length ? `; the expert's budget over its rulesets' own: ${JSON.stringify(budgetOverride)}` : ""));
console.log(refLine());
for (const c of configs) {
  for (const [strong, weak] of PAIRINGS) {
    // the expert's goal in Chinese is set on one hand (a match would take hours per deal)
    const cc = strong === "expert" && c.ruleset === "chinese-ming" ? { ...c, options: { ...c.options, length: "hand" as const } } : c;
    const n = strong === "expert" ? expertDeals : c.ruleset === "chinese-ming" ? chineseMatches : deals;
    // the review's time first: a long run stopped early still has it
    if (strong === "expert") console.log(reviewTime(cc));
    if (c.players === 2) await twoPlayer(cc, strong, weak, n);
    else await manyPlayers(cc, strong, weak, n);
  }
  for (const s of STRENGTH_KEYS) console.log("  CPU " + cpuLine(`${c.name} ${s}`));
  console.log(refLine());
}
