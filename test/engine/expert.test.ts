/**
 * The expert computer player (worker/engine/expert/) in every ruleset and phase: the worlds it
 * samples agree with everything its seat sees (the view of a world is the seat's view, its legal
 * moves are the seat's, every tile is in one place); its choice is one of the legal moves and
 * applies; and it never depends on what the seat cannot see: the other seats' concealed tiles and
 * the wall order shuffled among themselves leave its choice unchanged (same seed). Every failure
 * names its seed.
 */
import { describe, expect, it } from "vitest";
import type { GameOptions, Move, RulesetId, Seat } from "../../worker/engine/api";
import { apply, legalMoves, newGame, toAct, viewFor, type GameState } from "../../worker/engine/index";
import { chooseMove, type Strength } from "../../worker/engine/bots";
import { expertDecide, moveKey, strongRanking, worldOf, type ExpertBudget } from "../../worker/engine/expert";
import { seenIds } from "../../worker/engine/expert/world";
import { rulesetOf } from "../../worker/engine/registry";
import { checkTiles, rulesOfVariant } from "../../worker/engine/game/simulate";
import { nextInt, seedRng } from "../../worker/engine/random";
import { permuteHidden } from "./fixtures/permute";

type Any = Record<string, any>;

/** A small budget: the same code as the service's, fewer samples (the tests check legality and leaks, not strength). */
const SMALL: ExpertBudget = { worlds: 3, candidates: 3, plies: 3000, z: 0, early: 2, drop: 0.5 };

interface Config {
  name: string;
  ruleset: RulesetId;
  options: GameOptions;
  games: number;
  every: number;
}
const CONFIGS: Config[] = [
  { name: "siamese", ruleset: "siamese", options: {}, games: 2, every: 9 },
  { name: "siamese (dead hands enforced)", ruleset: "siamese", options: { deadHands: "enforce" }, games: 1, every: 9 },
  { name: "siamese-mjm", ruleset: "siamese-mjm", options: {}, games: 1, every: 9 },
  { name: "siamese-wp", ruleset: "siamese-wp", options: { games: 2 }, games: 1, every: 7 },
  { name: "royale", ruleset: "royale", options: {}, games: 1, every: 17 },
  { name: "royale for 3", ruleset: "royale", options: { players: 3 }, games: 1, every: 29 },
  { name: "royale for 4", ruleset: "royale", options: { players: 4 }, games: 1, every: 41 },
  { name: "american", ruleset: "american", options: {}, games: 2, every: 11 },
  { name: "chinese-ming (one hand)", ruleset: "chinese-ming", options: { length: "hand" }, games: 2, every: 9 },
  { name: "chinese-ming (match, first hands)", ruleset: "chinese-ming", options: {}, games: 1, every: 13 },
];

/**
 * The view with what a world cannot know taken out: who else is still awaited in a window, and who
 * else has chosen a Charleston pass (their answers and choices are secret: in a world they answer and
 * choose again), and what the seat's last pass gave (those tiles are in another hand now).
 */
function comparable(view: unknown): unknown {
  const v = structuredClone(view) as Any;
  const w = v.window ?? v.hand?.window;
  if (w) delete w.awaiting;
  if (v.charleston) delete v.charleston.chosen, delete v.charleston.yourLastPass;
  return v;
}

/** Plays one game with strong and medium players; at every `every`-th decision checks worlds, the expert's move and its leaks. */
function exercise(c: Config, seed: string): { checked: number; phases: Set<string> } {
  const g = newGame(c.ruleset, c.options, seed);
  if (!g.ok) throw new Error(g.message);
  let s = g.state;
  const parts = rulesetOf(c.ruleset)!.expert!;
  const variant = rulesetOf(c.ruleset)!.variant;
  const rules = rulesOfVariant(variant);
  const rng = seedRng(`expert-test:${seed}`);
  const players = s.players;
  const strengths: Strength[] = Array.from({ length: players }, (_, i) => (i % 2 ? "medium" : "strong"));
  const phases = new Set<string>();
  let checked = 0;
  for (let n = 0; s.phase !== "over" && n < 1500; n++) {
    const seats = toAct(s);
    const seat = seats[nextInt(rng, seats.length)]!;
    const legal = legalMoves(s, seat);
    const view = viewFor(s, seat);
    const where = `${c.name} seed ${seed} ply ${s.ply} seat ${seat}`;
    const choices = legal.filter((m) => m.type !== "orders" && m.type !== "preference");
    if (n % c.every === 0 && choices.length > 1) {
      checked++;
      phases.add(String((view as Any).charleston?.stage ?? (view as Any).hand?.phase ?? (view as Any).phase));
      // worlds: the seat's own view and moves, every tile once
      for (let w = 0; w < 2; w++) {
        const world = worldOf(parts, view, seedRng(`${seed}:${s.ply}:${w}`)) as GameState;
        expect(comparable(viewFor(world, seat)), `${where}: a world's view is not the seat's`).toEqual(comparable(view));
        expect(variant.legalMoves(world, seat), `${where}: a world's legal moves are not the seat's`).toEqual(variant.legalMoves(s, seat));
        checkTiles(rules, world);
      }
      // the expert's choice: legal, applies, and the same when the hidden tiles are elsewhere
      const botSeed = `${seed}:${s.ply}:${seat}`;
      const d = expertDecide(c.ruleset, view, legal, botSeed, SMALL);
      expect(legal.includes(d.move), `${where}: chose ${JSON.stringify(d.move)}, not one of the legal moves`).toBe(true);
      const r = apply(s, seat, d.move);
      expect(r.ok, `${where}: ${JSON.stringify(d.move)} refused: ${r.ok ? "" : r.message}`).toBe(true);
      const other = permuteHidden(s, seat, botSeed);
      const d2 = expertDecide(c.ruleset, viewFor(other, seat), legalMoves(other, seat), botSeed, SMALL);
      expect(d2, `${where}: the expert's figures changed when hidden tiles moved`).toEqual(d);
    }
    const m = chooseMove(c.ruleset, view, legal, strengths[seat]!, `${seed}:${s.ply}:${seat}`);
    const r = apply(s, seat, m);
    if (!r.ok) throw new Error(`${where}: ${r.message}`);
    s = r.state;
  }
  return { checked, phases };
}

describe("the expert computer player", () => {
  for (const c of CONFIGS) {
    it(`${c.name}: worlds agree with the seat's view; its choice is legal, applies, and ignores what the seat cannot see`, () => {
      let checked = 0;
      const phases = new Set<string>();
      for (let g = 0; g < c.games; g++) {
        const out = exercise(c, `expert-${c.name}-${g}`);
        checked += out.checked;
        out.phases.forEach((p) => phases.add(p));
      }
      expect(checked).toBeGreaterThan(8);
      // every phase of the ruleset where a seat has a choice
      if (c.ruleset === "american") expect([...phases]).toEqual(expect.arrayContaining(["first-right", "discard", "window"]));
      if (c.ruleset === "chinese-ming") expect([...phases]).toEqual(expect.arrayContaining(["discard", "window"]));
      if (c.ruleset === "siamese") expect([...phases]).toEqual(expect.arrayContaining(["discard", "draw"]));
      if (c.name === "royale for 4") expect([...phases]).toEqual(expect.arrayContaining(["discard", "window"]));
    }, 600_000);
  }

  it("candidates come from the strong player's own ranking, distinct for the seat, its first choice first", () => {
    const g = newGame("siamese", {}, "expert-ranking-seed");
    if (!g.ok) throw new Error(g.message);
    const s = g.state;
    const seat = toAct(s)[0]!;
    const view = viewFor(s, seat);
    const legal = legalMoves(s, seat);
    const ranked = strongRanking("siamese", view, legal, "x:1:0", 4);
    expect(ranked[0]).toBe(chooseMove("siamese", view, legal, "strong", "x:1:0"));
    const keys = ranked.map((m) => moveKey(m, seenIds(view)));
    expect(new Set(keys).size).toBe(ranked.length);
    expect(ranked.length).toBe(4);
  });

  it("a view no world can be built from gets the strong player's choice", () => {
    const g = newGame("siamese", {}, "expert-bad-view-seed");
    if (!g.ok) throw new Error(g.message);
    const s = g.state;
    const seat: Seat = toAct(s)[0]!;
    const view = { ...(viewFor(s, seat) as Any), wallCount: 3 };
    const legal: Move[] = legalMoves(s, seat);
    const d = expertDecide("siamese", view, legal, "x:1:0", SMALL);
    expect(d.worlds).toBe(0);
    expect(d.move).toEqual(strongRanking("siamese", view, legal, "x:1:0", 1)[0]);
  });
});
