/**
 * `npm run bench:bots [-- N] [--deals N] [--chinese-matches M] [--rulesets siamese,american] [--pairings strong/medium,medium/easy]`
 * (a bare number is the deal count; default 1000).
 *
 * How much stronger each computer player is, by duplicate play: every deal seed is played once
 * with the stronger player in each seat (the seats rotated), so the tiles cancel out. Pairings per
 * ruleset: strong against medium and medium against easy (four players: one of the stronger kind
 * against three of the weaker). Prints the stronger kind's share of the points won (Siamese, even
 * = 50 %) or mean place (four players, 1 best, even = 2.5) with a 95 % interval clustered by deal
 * seed, and the CPU time per decision (median, p99, max) per strength, measured with the process's
 * CPU clock (so other work on the machine does not count). A fixed reference loop is timed the same
 * way at the start and after every ruleset, so a reader can judge how loaded the machine was (on a
 * quiet machine it takes about the figure printed beside it). Two-player rulesets played as
 * matches of games (siamese-wp) are benchmarked one game a deal (`games: 1`).
 */
import type { GameOptions, RulesetId } from "../worker/engine/api";
import { playGame } from "../worker/engine/bots/play";
import type { Strength } from "../worker/engine/bots";

const args = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const bare = args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith("--"));
const deals = Number(arg("deals", bare ?? "1000"));
const chineseMatches = Number(arg("chinese-matches", String(Math.max(1, Math.round(deals / 25)))));
const rulesets = arg("rulesets", "siamese,siamese-mjm,siamese-wp,royale,american,chinese-ming").split(",") as RulesetId[];
const PAIRINGS = arg("pairings", "strong/medium,medium/easy").split(",").map((p) => p.split("/") as [Strength, Strength]);
const TWO = (r: RulesetId) => r.startsWith("siamese") || r === "royale";
const OPTIONS: Partial<Record<RulesetId, GameOptions>> = { "siamese-wp": { games: 1 } };
const optionsOf = (r: RulesetId): GameOptions => OPTIONS[r] ?? {};

/** CPU milliseconds of a fixed integer loop: the same work every time, so its time shows the machine's load. */
function reference(): number {
  const t = process.cpuUsage();
  let x = 1;
  for (let i = 0; i < 20_000_000; i++) x = (x * 1103515245 + 12345) >>> 0;
  const d = process.cpuUsage(t);
  if (x === 42) console.log("");
  return (d.user + d.system) / 1000;
}
const refLine = () => `  reference loop ${reference().toFixed(0)} ms CPU (the same fixed work each time: a larger figure means a more loaded machine)`;

const cpu: Record<string, number[]> = {};
const timed = (key: string) => (strength: Strength, decide: () => ReturnType<Parameters<typeof playGame>[4] & {}>) => {
  const t = process.cpuUsage();
  const m = decide();
  const d = process.cpuUsage(t);
  (cpu[`${key} ${strength}`] ??= []).push((d.user + d.system) / 1000);
  return m;
};

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
function cpuLine(key: string) {
  const v = (cpu[key] ?? []).slice().sort((a, b) => a - b);
  if (!v.length) return `${key}: no decisions`;
  return `${key.padEnd(22)} ${String(v.length).padStart(8)} decisions   median ${ms(v[v.length >> 1]!)} ms   p99 ${ms(v[Math.floor(v.length * 0.99)]!)} ms   max ${ms(v[v.length - 1]!)} ms`;
}

function twoPlayer(ruleset: RulesetId, strong: Strength, weak: Strength, n: number) {
  const a: number[] = [], b: number[] = [], net: number[] = [];
  for (let d = 0; d < n; d++) {
    let won = 0, all = 0, diff = 0;
    for (let seat = 0; seat < 2; seat++) {
      const strengths = seat === 0 ? [strong, weak] : [weak, strong];
      const p = playGame(ruleset, optionsOf(ruleset), `bench-bots:${ruleset}:${d}`, strengths, timed(ruleset));
      const mine = p.result.totals[seat]!, theirs = p.result.totals[1 - seat]!;
      won += Math.max(0, mine);
      all += Math.max(0, mine) + Math.max(0, theirs);
      diff += mine - theirs;
    }
    a.push(won);
    b.push(all);
    net.push(diff / 2);
    if ((d + 1) % 50 === 0 && d + 1 < n) report(d + 1, true);
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
  console.log(
    `${sofar ? "  so far: " : ""}${ruleset.padEnd(13)} ${strong} vs ${weak}: ${n} deals × 2 seats: ${strong}'s share of points won ${pct(R)} (95% ${pct(lo)}–${pct(hi)}) ${verdict}; mean net ${m.toFixed(1)} ± ${((1.96 * s) / Math.sqrt(n)).toFixed(1)} points a game`,
  );
  if (sofar) cpuSoFar(ruleset);
  }
}

function fourPlayer(ruleset: RulesetId, strong: Strength, weak: Strength, n: number) {
  const places: number[] = [];
  for (let d = 0; d < n; d++) {
    let sum = 0;
    for (let seat = 0; seat < 4; seat++) {
      const strengths = [0, 1, 2, 3].map((i) => (i === seat ? strong : weak));
      const p = playGame(ruleset, optionsOf(ruleset), `bench-bots:${ruleset}:${d}`, strengths, timed(ruleset));
      const t = p.result.totals;
      sum += 1 + t.filter((x, i) => i !== seat && x > t[seat]!).length + 0.5 * t.filter((x, i) => i !== seat && x === t[seat]!).length;
    }
    places.push(sum / 4);
    if ((d + 1) % (ruleset === "chinese-ming" ? 5 : 50) === 0 && d + 1 < n) report(d + 1, true);
  }
  report(n, false);
  function report(n: number, sofar: boolean) {
  const m = mean(places), h = (1.96 * sd(places)) / Math.sqrt(n);
  const verdict = m + h < 2.5 ? "wins clearly" : m - h > 2.5 ? "LOSES" : "not clearly better";
  const what = ruleset === "chinese-ming" ? "matches" : "deals";
  console.log(`${sofar ? "  so far: " : ""}${ruleset.padEnd(13)} one ${strong} vs three ${weak}: ${n} ${what} × 4 seats: ${strong}'s mean place ${m.toFixed(3)} (95% ${(m - h).toFixed(3)}–${(m + h).toFixed(3)}; even 2.5) ${verdict}`);
  if (sofar) cpuSoFar(ruleset);
  }
}

/** While a long run goes on: the CPU per decision so far (so a run stopped early still has its figures). */
const cpuSoFar = (ruleset: RulesetId) => {
  for (const s of ["easy", "medium", "strong"]) console.log("    CPU so far " + cpuLine(`${ruleset} ${s}`));
};

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: number[]) => {
  const m = mean(xs);
  return xs.length > 1 ? Math.sqrt(xs.reduce((t, x) => t + (x - m) ** 2, 0) / (xs.length - 1)) : 0;
};
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

// warm up (first compiles of the card's lines) before anything is measured
for (const ruleset of rulesets) playGame(ruleset, optionsOf(ruleset), `bench-bots:warm-up:${ruleset}`, TWO(ruleset) ? ["strong", "medium"] : ["strong", "medium", "easy", "medium"]);
console.log(`Computer players, duplicate play: ${deals} deals per pairing (Siamese, Royale, American), ${chineseMatches} matches (Chinese)`);
console.log(refLine());
for (const ruleset of rulesets) {
  for (const [strong, weak] of PAIRINGS) {
    if (TWO(ruleset)) twoPlayer(ruleset, strong, weak, deals);
    else fourPlayer(ruleset, strong, weak, ruleset === "chinese-ming" ? chineseMatches : deals);
  }
  for (const s of ["easy", "medium", "strong"]) console.log("  CPU " + cpuLine(`${ruleset} ${s}`));
  console.log(refLine());
}
