/**
 * Computer players (worker/engine/bots) over many seeded positions of every ruleset and strength:
 * the choice is always one of the legal moves and applies; it depends only on what the seat sees
 * (the tiles it cannot see permuted among themselves leave its view and its choice unchanged);
 * whole games played by computer players end. Every failure names its seed.
 */
import { describe, expect, it } from "vitest";
import type { Move, RulesetId, Seat } from "../../worker/engine/api";
import { apply, chooseMove, legalMoves, STRENGTHS, toAct, viewFor, type GameState, type Strength } from "../../worker/engine/index";
import { playGame } from "../../worker/engine/bots/play";
import { newGame } from "../../worker/engine/index";
import { seedRng, nextInt } from "../../worker/engine/random";
import { permuteHidden } from "./fixtures/permute";

type Any = Record<string, unknown> & { [k: string]: any };
// the expert searches with these (test/engine/expert.test.ts checks it with a budget of its own)
const BOT_STRENGTHS = STRENGTHS.filter((s) => s !== "expert");

const RULESETS: RulesetId[] = ["siamese", "siamese-mjm", "siamese-wp", "royale", "american", "chinese-ming"];
const TWO = (r: RulesetId) => r.startsWith("siamese") || r === "royale";
const ply = (s: GameState) => s.ply;

/** Plays a game with mixed strengths, checking every `every`-th decision with every strength. */
function exercise(ruleset: RulesetId, seed: string, every: number, maxDecisions: number) {
  const g = newGame(ruleset, ruleset === "siamese" && seed.endsWith("1") ? { deadHands: "enforce" } : {}, seed);
  if (!g.ok) throw new Error(g.message);
  let s = g.state;
  const rng = seedRng(`mix:${seed}`);
  const players = TWO(ruleset) ? 2 : 4;
  const mine: Strength[] = Array.from({ length: players }, () => STRENGTHS[nextInt(rng, 3)]!);
  let n = 0;
  let checked = 0;
  while (s.phase !== "over" && n < maxDecisions) {
    const seats = toAct(s);
    expect(seats.length, `${seed}: nobody to act at ply ${ply(s)}`).toBeGreaterThan(0);
    const seat = seats[nextInt(rng, seats.length)]!;
    const legal = legalMoves(s, seat);
    const view = viewFor(s, seat);
    const where = `${ruleset} seed ${seed} ply ${ply(s)} seat ${seat}`;
    if (n % every === 0) {
      checked++;
      const other = permuteHidden(s, seat, `${seed}:${ply(s)}`);
      expect(viewFor(other, seat), `${where}: the view changed when hidden tiles moved`).toEqual(view);
      const otherLegal = legalMoves(other, seat);
      expect(otherLegal, `${where}: legal moves changed when hidden tiles moved`).toEqual(legal);
      for (const strength of BOT_STRENGTHS) {
        const botSeed = `${seed}:${ply(s)}:${seat}`;
        const m = chooseMove(ruleset, view, legal, strength, botSeed);
        expect(legal.includes(m), `${where} ${strength}: chose ${JSON.stringify(m)}, not one of the legal moves`).toBe(true);
        const r = apply(s, seat, m);
        expect(r.ok, `${where} ${strength}: ${JSON.stringify(m)} refused: ${r.ok ? "" : r.message}`).toBe(true);
        const m2 = chooseMove(ruleset, viewFor(other, seat), otherLegal, strength, botSeed);
        expect(m2, `${where} ${strength}: the choice changed when hidden tiles moved`).toEqual(m);
      }
    }
    const m = chooseMove(ruleset, view, legal, mine[seat]!, `${seed}:${ply(s)}:${seat}`);
    const r = apply(s, seat, m);
    if (!r.ok) throw new Error(`${where}: ${JSON.stringify(m)} refused: ${r.message}`);
    s = r.state;
    n++;
  }
  return checked;
}

describe("computer players", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset}: every strength chooses a legal move that applies, from what its seat sees only`, () => {
      const games = ruleset === "chinese-ming" ? 3 : 6;
      let checked = 0;
      for (let g = 0; g < games; g++) checked += exercise(ruleset, `bots-${ruleset}-${g}`, ruleset === "chinese-ming" ? 7 : 3, ruleset === "chinese-ming" ? 700 : 5000);
      expect(checked).toBeGreaterThan(games * 20);
    }, 300_000);
  }

  for (const ruleset of RULESETS) {
    it(`${ruleset}: whole games played by computer players end`, () => {
      const games = ruleset === "chinese-ming" ? 1 : 4;
      for (let g = 0; g < games; g++) {
        const players = TWO(ruleset) ? 2 : 4;
        const strengths = Array.from({ length: players }, (_, i) => STRENGTHS[(g + i) % 3]!);
        const seed = `end-${ruleset}-${g}`;
        const p = playGame(ruleset, {}, seed, strengths);
        expect(p.state.phase, `seed ${seed}`).toBe("over");
        expect(p.result.totals.length, `seed ${seed}`).toBe(players);
      }
    }, 300_000);
  }

  it("an unknown ruleset gets a simple legal move; the answer is one of the moves as given", () => {
    const legal: Move[] = [{ type: "preference", call: "never" }, { type: "discard", tile: 3 }, { type: "discard", tile: 4 }];
    const m = chooseMove("mahjong-of-tomorrow" as RulesetId, {}, legal, "strong", "seed");
    expect(legal.includes(m)).toBe(true);
    expect(m.type).toBe("discard");
  });

  it("royale: a claim window (3–4 players) is answered from its moves alone: Mah Jongg when it may be called, else a call or a pass", () => {
    const g = newGame("royale", {}, "royale-window-seed");
    if (!g.ok) throw new Error(g.message);
    const s = g.state;
    const seat = toAct(s)[0]!;
    const base = viewFor(s, seat) as Any;
    const mine = base.seats[seat].concealed as { id: number; kind: number }[];
    const view = { ...base, phase: "window", window: { tile: mine[0] }, claimable: null };
    const pass: Move = { type: "pass" };
    const call: Move = { type: "call", rack: 1, size: 3, jokers: 0 };
    const mj: Move = { type: "call-mahjong", rack: 2, line: "any" };
    for (const strength of BOT_STRENGTHS) {
      expect(chooseMove("royale", view, [pass, call, mj], strength, "w:1:0")).toBe(mj);
      const m = chooseMove("royale", view, [pass, call], strength, "w:1:0");
      expect([pass, call]).toContain(m);
      // a window whose tile the view does not show, or moves it does not know: it still answers
      expect(chooseMove("royale", base, [pass, call], strength, "w:1:0")).toBe(pass);
      expect(chooseMove("royale", view, [pass, { type: "something-new" }], strength, "w:1:0")).toBe(pass);
    }
  });

  it("the same view, legal moves and seed give the same choice", () => {
    const g = newGame("siamese", {}, "same-choice-seed");
    if (!g.ok) throw new Error(g.message);
    const s = g.state;
    const seat = toAct(s)[0]!;
    for (const strength of BOT_STRENGTHS) {
      const a = chooseMove("siamese", viewFor(s, seat), legalMoves(s, seat), strength, "x:1:0");
      const b = chooseMove("siamese", viewFor(s, seat), legalMoves(s, seat), strength, "x:1:0");
      expect(b).toEqual(a);
    }
  });
});
