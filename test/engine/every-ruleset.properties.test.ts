/**
 * Every ruleset the engine lists (`rulesets`; a new one is covered as soon as it is listed), over
 * seeded simulated games through the public engine (worker/engine/simulate.ts), half with random
 * legal moves and half with the ruleset's purposeful players where it has them, its options varied
 * from game to game. On every step: every tile id of the sets in exactly one place (tilesOf), the
 * tiles each seat holds, no view and no event (as viewEvent gives it to each seat and a spectator)
 * shows a tile of another seat's concealed tiles or of the wall; refused moves change nothing; the
 * final record verifies to the same state. Every failure names its seed.
 */
import { describe, expect, it } from "vitest";
import type { CoreState, GameOptions, Move, RulesetId, Seat } from "../../worker/engine/api";
import { legalMoves, rulesets, tilesOf, type GameState } from "../../worker/engine/index";
import { nextInt, seedRng } from "../../worker/engine/random";
import { rulesetOf } from "../../worker/engine/registry";
import { checkEvents, checkLeaks, checkReplay, hiddenFrom, randomPlayer, rulesOf, simulate, type PlayerFor, type Rules } from "../../worker/engine/simulate";

/**
 * Games per ruleset (a ruleset not named here plays DEFAULT_GAMES), kept small so the engine project
 * stays fast (every step is checked; siamese-properties plays thousands more); long Chinese matches
 * stop after their first hands.
 */
const GAMES: Partial<Record<RulesetId, number>> = { siamese: 30, "siamese-mjm": 30, american: 20, "chinese-ming": 6 };
const DEFAULT_GAMES = 10;
const STOP_AFTER: Partial<Record<RulesetId, number>> = { "chinese-ming": 400 };

/** The purposeful players of the rulesets that have them, and their tile counts (27/28 Siamese, 13/14 American and Chinese, kongs counted as three): from the registry (the others play random legal moves only). */
const simulatedOf = (id: RulesetId) => rulesetOf(id)?.simulated;

/** Game `g`'s options: each of the ruleset's options takes its values in turn. */
const optionsFor = (id: RulesetId, g: number): GameOptions =>
  Object.fromEntries(rulesets.find((r) => r.id === id)!.options.map((o, i) => [o.key, o.values[(g + i) % o.values.length]!.value]));

const same = (a: Move, b: Move) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Before the move at some steps: a few moves of those listed apply, and moves that are not listed
 * (an unknown type, another seat's turn, a tile the player does not hold) are refused with a rule
 * code, or are listed for that seat, and leave the state as it was.
 */
function tryMoves(r: Rules<GameState>, seed: string) {
  const rng = seedRng(`refused:${seed}`);
  let step = 0;
  return (s: GameState, seat: Seat, move: Move) => {
    if (step++ % 7 !== 0) return;
    const before = JSON.stringify(s);
    const legal = legalMoves(s, seat);
    for (let i = 0; i < Math.min(3, legal.length); i++) {
      const m = legal[nextInt(rng, legal.length)]!;
      const out = r.apply(s, seat, JSON.parse(JSON.stringify(m)));
      expect(out.ok, `seed ${seed}, ply ${s.ply}: listed move ${JSON.stringify(m)} by seat ${seat} refused: ${out.ok ? "" : out.message}`).toBe(true);
    }
    const places = tilesOf(s)!;
    // the seats of this game (Royale: as many as options.players chose)
    const n = (s as { players?: number }).players ?? r.players;
    const hiddenTile = places.wall[0] ?? places.seats[(seat + 1) % n]!.concealed[0] ?? -1;
    const other = (seat + 1 + nextInt(rng, n - 1)) % n;
    const tries: [Seat, Move][] = [
      [seat, { type: "no-such-move" }],
      [seat, { ...move, tile: hiddenTile }],
      [seat, { ...move, tile: -1, tiles: [-1] }],
      [other, move],
      [n + 1, move],
    ];
    for (const [who, m] of tries) {
      if (who < n && legalMoves(s, who).some((x) => same(x, m))) continue;
      const out = r.apply(s, who, m);
      if (out.ok) {
        // Some moves are open to anyone at any time (a call preference); only those may be accepted unlisted.
        expect(["preference"], `seed ${seed}, ply ${s.ply}: unlisted ${JSON.stringify(m)} by seat ${who} accepted`).toContain(m.type);
      } else expect(out.code, `seed ${seed}, ply ${s.ply}: refusal code of ${JSON.stringify(m)}`).toMatch(/^[a-z-]+\/[a-z-]+$/);
      expect(JSON.stringify(s), `seed ${seed}, ply ${s.ply}: refusing ${JSON.stringify(m)} changed the state`).toBe(before);
    }
  };
}

describe.each(rulesets.map((r) => [r.id]))("%s over simulated games", (id) => {
  const rules = rulesOf(id);
  const games = GAMES[id] ?? DEFAULT_GAMES;

  it(`${games} seeded games: tiles conserved, seat counts, views and events leak-free, refused moves change nothing, records verify`, () => {
    const ends = new Set<string>();
    for (let g = 0; g < games; g++) {
      const seed = `every-${id}-${g}`;
      const own = simulatedOf(id);
      const player = g % 2 && own ? own.player : (randomPlayer as unknown as PlayerFor<GameState>);
      const sim = simulate(id, optionsFor(id, g), seed, { player, check: true, invariants: own?.invariants, beforeMove: tryMoves(rules, seed), stopAfter: STOP_AFTER[id] });
      const places = tilesOf(sim.state);
      expect(places, `seed ${seed}: ${id} has no tilesOf`).not.toBeNull();
      const all = [...places!.wall, ...places!.seats.flatMap((p) => [...p.concealed, ...p.open]), ...places!.discards].sort((a, b) => a - b);
      const info = rulesets.find((r) => r.id === id)!;
      expect(places!.total % info.sets, `seed ${seed}: ${places!.total} tiles for ${info.sets} sets`).toBe(0);
      expect(all, `seed ${seed}: the tiles at the end are not each tile of the sets once`).toEqual(Array.from({ length: places!.total }, (_, i) => i));
      expect(() => checkReplay(rules, sim), `seed ${seed}`).not.toThrow();
      ends.add(rules.result(sim.state)?.reason ?? "unfinished");
    }
    expect(ends.size, `${id}: every game ended the same way (${[...ends]})`).toBeGreaterThan(0);
  }, 120_000);

  it("the leak checks see a hidden tile in a view or an event", () => {
    const seed = `every-${id}-leak`;
    const s = rules.newGame({}, seed);
    const places = tilesOf(s)!;
    const wallTile = places.wall[0]!;
    const mine = places.seats[0]!.concealed[0]!;
    expect(() => checkLeaks("a view", { tiles: [{ id: wallTile, kind: 0 }] }, hiddenFrom(places, 1)), `seed ${seed}`).toThrow(/hidden tile/);
    expect(() => checkLeaks("a view", { seats: [{ drawn: mine }] }, hiddenFrom(places, 1)), `seed ${seed}`).toThrow(/hidden tile/);
    expect(() => checkLeaks("a view", { tiles: [{ id: mine, kind: 0 }] }, hiddenFrom(places, 0)), `seed ${seed}`).not.toThrow();
    // A draw whose tile is public, and one whose tile only its owner sees.
    const drawn = { type: "draw", seat: 0, tile: { id: wallTile, kind: 0 } };
    expect(() => checkEvents(rules.players, places, places, [drawn]), `seed ${seed}`).toThrow(/hidden tile/);
    const secret = { type: "draw", seat: 0, secret: { tile: { id: wallTile, kind: 0 } }, secretFor: 0 };
    const after = { ...places, wall: places.wall.slice(1), seats: places.seats.map((p, i) => (i === 0 ? { ...p, concealed: [...p.concealed, wallTile] } : p)) };
    expect(() => checkEvents(rules.players, places, after, [secret]), `seed ${seed}`).not.toThrow();
  });
});

describe("the simulation itself", () => {
  it("names its seed when a promise is broken", () => {
    const seed = "every-broken-1";
    const base = rulesOf("siamese");
    // A variant whose tilesOf loses a tile: the first check fails and names the seed.
    const broken: Rules<GameState> = { ...base, tilesOf: (s) => ({ ...tilesOf(s)!, wall: tilesOf(s)!.wall.slice(1) }) };
    expect(() => simulate(broken as Rules<CoreState>, {}, seed, { check: true }), seed).toThrow(new RegExp(`^seed ${seed}: 151 tiles instead of 152`));
  });
});
