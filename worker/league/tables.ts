/**
 * Table assignment for 4-player variants (pure, reproducible from its seed).
 *
 * Each round: the members with the fewest byes so far sit out (n mod 4 of them; among equals,
 * the one whose last bye is longest ago), the others are split into tables so that pairs who
 * have met least meet now, then each table's seats are chosen so every member's count per
 * seat wind stays level. The split is a local search (swaps between tables) with a cost that
 * grows steeply with repeated meetings; once all rounds exist, whole passes re-optimise each
 * round against all the others, which evens out what a round-by-round greedy leaves behind.
 *
 * With computer fill-ins (filledRounds) nobody sits out: a round has ceil(n / size) tables and the
 * empty seats go to computers, spread over the tables as evenly as possible (a table gets a second
 * computer only when every table has one). The same search then also evens out how many computer
 * seats each member meets over the season.
 */
import { nextInt, seedRng, shuffle, type RngState } from "../engine/random";
import { COMPUTER, type Schedule, type ScheduledGame } from "./types";

/** Cost of a member sitting in a seat for the (k+1)-th time. */
/** Cost of a pair that met k times: steep, so one pair meeting three times costs more than two meeting twice. */
const pairCost = (k: number) => k * k * k;

const STEPS_PER_SLOT = 1500;

/** Cost of a member meeting computer seats `e` times over the season: a more even spread costs less. */
const computerCost = (e: number) => 8 * e * e;

/** `fill`: computers take the seats members cannot fill, and nobody sits out (filledRounds); without it byes, as always. */
export function tableRounds(n: number, size: number, rounds: number, seed: string, fill = false): Schedule {
  // A count that fills every table needs no computer: the schedule is the one without.
  if (fill && n % size) return filledRounds(n, size, rounds, seed);
  const rng = seedRng(`tables:${seed}:${n}:${size}:${rounds}`);
  const meets = Array.from({ length: n }, () => Array<number>(n).fill(0));
  const byeCount = Array<number>(n).fill(0);
  const lastBye = Array<number>(n).fill(-1);
  const sitOut = n % size;

  // 1. Byes, fairly spread: fewest byes first, then longest since the last one, then a seeded order.
  const byes: number[][] = [];
  for (let r = 0; r < rounds; r++) {
    const order = shuffle(rng, Array.from({ length: n }, (_, i) => i));
    order.sort((a, b) => byeCount[a]! - byeCount[b]! || lastBye[a]! - lastBye[b]!);
    const out = order.slice(0, sitOut).sort((a, b) => a - b);
    for (const p of out) {
      byeCount[p]!++;
      lastBye[p] = r;
    }
    byes.push(out);
  }

  // 2. Tables: a seeded start, then annealing over swaps of two members of different tables in
  //    one round. The cost is the sum over pairs of meetings squared; with the byes fixed the
  //    total number of meetings is fixed, so a lower cost is a more even spread.
  const split: number[][][] = byes.map((out) => {
    const playing = shuffle(rng, Array.from({ length: n }, (_, i) => i).filter((p) => !out.includes(p)));
    return Array.from({ length: playing.length / size }, (_, i) => playing.slice(i * size, (i + 1) * size));
  });
  for (const tables of split) for (const t of tables) for (const a of t) for (const b of t) if (a !== b) meets[a]![b]!++;
  anneal(split, meets, rng);
  // 3. Seats: an equitable edge colouring of the bipartite graph (member, game) with one colour
  //    per seat wind. Each member's games are cut into runs of `size` in round order, and each run
  //    is one vertex; a bipartite graph of degree at most `size` can be coloured with `size`
  //    colours (König), so every run uses each seat at most once and every game each seat
  //    exactly once. Hence every member's count per seat differs by at most one.
  const seating = seatWinds(split, n, size);
  const games: ScheduledGame[] = seating.flatMap((tables, round) => tables.map((t, table) => ({ round, table, seats: t })));
  return { rounds, games, byes };
}

/**
 * Every round has ceil(n / size) tables; computers take the seats left over, at most one more at
 * one table than at another. Members are split by the same search as above, which here also
 * evens out each member's computer seats met; then seat winds as above, the computers counted as
 * members n, n+1, … of the round (so every table gets each wind once) and shown as COMPUTER.
 */
function filledRounds(n: number, size: number, rounds: number, seed: string): Schedule {
  const rng = seedRng(`filled:${seed}:${n}:${size}:${rounds}`);
  const computers = computersPerTable(n, size);
  const meets = Array.from({ length: n }, () => Array<number>(n).fill(0));
  const split: number[][][] = Array.from({ length: rounds }, () => {
    const playing = shuffle(rng, Array.from({ length: n }, (_, i) => i));
    let at = 0;
    return computers.map((c) => playing.slice(at, (at += size - c)));
  });
  for (const tables of split) for (const t of tables) for (const a of t) for (const b of t) if (a !== b) meets[a]![b]!++;
  anneal(split, meets, rng, computers);
  const full = split.map((tables) => {
    let next = n;
    return tables.map((t, i) => [...t, ...Array.from({ length: computers[i]! }, () => next++)]);
  });
  const seating = seatWinds(full, n + computers.reduce((a, b) => a + b, 0), size);
  const games: ScheduledGame[] = seating.flatMap((tables, round) => tables.map((t, table) => ({ round, table, seats: t.map((m) => (m >= n ? COMPUTER : m)) })));
  return { rounds, games, byes: split.map(() => []) };
}

/** Computer seats at each table of a round when computers fill what `n` members leave empty: as even as possible, the extra ones at the first tables. */
export function computersPerTable(n: number, size: number): number[] {
  const tables = Math.ceil(n / size), computers = tables * size - n;
  return Array.from({ length: tables }, (_, t) => Math.floor(computers / tables) + (t < computers % tables ? 1 : 0));
}

/**
 * Simulated annealing: swap two members of different tables of a round, keep it if not much worse.
 * `computers`: computer seats at each table of every round (fill-ins); each member's computer seats
 * met over the season are then kept even too (none: the search as it always was, draw for draw).
 */
function anneal(split: number[][][], meets: number[][], rng: RngState, computers?: number[]) {
  const rounds = split.filter((tables) => tables.length > 1);
  if (!rounds.length) return;
  // Computer seats each member meets over the season (all zero without fill-ins).
  const met = Array<number>(meets.length).fill(0);
  if (computers) for (const tables of split) tables.forEach((t, i) => t.forEach((m) => (met[m]! += computers[i]!)));
  const moved = (x: number, by: number) => (by ? computerCost(met[x]! + by) - computerCost(met[x]!) : 0);
  // Change in the sum of squares when member x leaves table t (x excluded) for a table with y's mates.
  const delta = (x: number, leave: number[], join: number[]) => {
    let d = 0;
    for (const m of leave) if (m !== x) d += pairCost(meets[x]![m]! - 1) - pairCost(meets[x]![m]!);
    for (const m of join) d += pairCost(meets[x]![m]! + 1) - pairCost(meets[x]![m]!);
    return d;
  };
  const steps = STEPS_PER_SLOT * split.flat(2).length;
  let cost = 0, bestCost = 0, best = split.map((tables) => tables.map((t) => t.slice()));
  for (let step = 0; step < steps; step++) {
    const temperature = 6 * (1 - step / steps) ** 2;
    const tables = rounds[nextInt(rng, rounds.length)]!;
    const a = nextInt(rng, tables.length);
    let b = nextInt(rng, tables.length - 1);
    if (b >= a) b++;
    const ta = tables[a]!, tb = tables[b]!;
    const i = nextInt(rng, ta.length), j = nextInt(rng, tb.length);
    const x = ta[i]!, y = tb[j]!;
    const restA = ta.filter((m) => m !== x), restB = tb.filter((m) => m !== y);
    const by = computers ? computers[b]! - computers[a]! : 0;
    const d = delta(x, ta, restB) + delta(y, tb, restA) + moved(x, by) + moved(y, -by);
    if (d <= 0 || (temperature > 0 && nextInt(rng, 1 << 20) / (1 << 20) < Math.exp(-d / temperature))) {
      for (const m of restA) (meets[x]![m]!--, meets[m]![x]!--, meets[y]![m]!++, meets[m]![y]!++);
      for (const m of restB) (meets[y]![m]!--, meets[m]![y]!--, meets[x]![m]!++, meets[m]![x]!++);
      ta[i] = y;
      tb[j] = x;
      met[x]! += by;
      met[y]! -= by;
      cost += d;
      if (cost < bestCost) [bestCost, best] = [cost, split.map((tables) => tables.map((t) => t.slice()))];
    }
  }
  // Back to the best split seen, and its meeting counts.
  for (const row of meets) row.fill(0);
  best.forEach((tables, r) => (split[r] = tables));
  for (const tables of split) for (const t of tables) for (const a of t) for (const b of t) if (a !== b) meets[a]![b]!++;
}

/** Seats of every table (table members reordered so that index = seat), see step 3 above. */
function seatWinds(split: number[][][], n: number, size: number): number[][][] {
  const tables = split.flat();
  const runOf = new Map<string, number>();
  const played = Array<number>(n).fill(0);
  let runs = 0;
  const edges: { run: number; game: number; member: number }[] = [];
  tables.forEach((t, game) => {
    for (const member of t) {
      const k = Math.floor(played[member]!++ / size);
      const key = `${member}:${k}`;
      if (!runOf.has(key)) runOf.set(key, runs++);
      edges.push({ run: runOf.get(key)!, game, member });
    }
  });
  const colour = Array<number>(edges.length).fill(-1);
  const atRun = Array.from({ length: runs }, () => Array<number>(size).fill(-1));
  const atGame = Array.from({ length: tables.length }, () => Array<number>(size).fill(-1));
  const set = (e: number, c: number) => {
    colour[e] = c;
    atRun[edges[e]!.run]![c] = e;
    atGame[edges[e]!.game]![c] = e;
  };
  edges.forEach((edge, e) => {
    const a = atRun[edge.run]!.indexOf(-1), b = atGame[edge.game]!.indexOf(-1);
    if (atGame[edge.game]![a] !== -1) {
      // Swap colours a and b along the alternating path that starts at this game with colour a.
      const path: number[] = [];
      let side: "game" | "run" = "game", vertex = edge.game, c = a;
      for (;;) {
        const next = (side === "game" ? atGame : atRun)[vertex]![c]!;
        if (next === -1) break;
        path.push(next);
        side = side === "game" ? "run" : "game";
        vertex = side === "game" ? edges[next]!.game : edges[next]!.run;
        c = c === a ? b : a;
      }
      for (const p of path) {
        atRun[edges[p]!.run]![colour[p]!] = -1;
        atGame[edges[p]!.game]![colour[p]!] = -1;
      }
      for (const p of path) set(p, colour[p] === a ? b : a);
    }
    set(e, a);
  });
  let g = 0;
  return split.map((round) => round.map(() => atGame[g++]!.map((e) => edges[e]!.member)));
}
