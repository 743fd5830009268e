/**
 * The simulated Siamese games are the expert's samples and the simulation bench's measure: a change
 * made to play them faster must play exactly the same games. Each seeded game here is pinned by a
 * digest of its moves (every seat and move in order) and its result (reason and every line's
 * points), taken before the speed work; any change to a move chosen or a point scored changes it.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { GameOptions } from "../../worker/engine/api";
import { cardModule } from "../../worker/engine/card";
import { ROYALE } from "../../worker/engine/variants/royale/edition";
import { siameseVariant, type SiameseEdition } from "../../worker/engine/variants/siamese";
import { simulate } from "../../worker/engine/game/simulate";
import { siamesePlayer, simulateGame, type SiameseRules } from "../../worker/engine/variants/siamese/simulated";
import { stepInPlace } from "../../worker/engine/variants/siamese/play";
import { DRAW, discardMove } from "../../worker/engine/variants/siamese/moves";

/** The digest of games `seed:0`..`seed:n-1` of `v`: moves, then the result, game after game. */
function digest(v: SiameseRules, options: GameOptions, seed: string, n: number): string {
  const h = createHash("sha256");
  for (let g = 0; g < n; g++) {
    const { state, record } = simulateGame(v, options, `${seed}:${g}`);
    h.update(JSON.stringify(record.moves));
    h.update(JSON.stringify(state.result));
  }
  return h.digest("hex").slice(0, 16);
}

const cases: [string, SiameseEdition | "siamese" | "siamese-mjm", GameOptions, string][] = [
  ["siamese prevent", "siamese", {}, "75793a19f2370598"],
  ["siamese enforce", "siamese", { deadHands: "enforce" }, "37bfa21a542a0db7"],
  ["siamese-mjm enforce", "siamese-mjm", { deadHands: "enforce" }, "420a9f5ce6e72670"],
  ["royale for 4, enforce", ROYALE, { players: 4, deadHands: "enforce" }, "7f5429f2a443f9c6"],
];

/** `x` and everything under it frozen: changing any part in place throws (modules run in strict mode). */
function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

// 400 seeded games ("check52:0".."check52:399") of the bench's two modes and siamese-mjm, pinned on main
// before the card questions were kept per rack (moves.ts rackCompletions).
const many: [string, "siamese" | "siamese-mjm", GameOptions, string][] = [
  ["siamese prevent", "siamese", {}, "6c9b404d5de263a1"],
  ["siamese enforce", "siamese", { deadHands: "enforce" }, "371cdb567b86758f"],
  ["siamese-mjm enforce", "siamese-mjm", { deadHands: "enforce" }, "5052b8fe585950c6"],
];

describe("simulated Siamese games stay the same games", () => {
  for (const [name, edition, options, pinned] of many)
    it(`${name}: 400 seeded games, moves and results`, () => {
      const v = siameseVariant(edition, cardModule) as unknown as SiameseRules;
      expect(digest(v, options, "check52", 400)).toBe(pinned);
    }, 120_000);

  for (const [name, edition, options, pinned] of cases)
    it(`${name}: 30 seeded games, moves and results`, () => {
      const v = siameseVariant(edition, cardModule) as unknown as SiameseRules;
      expect(digest(v, options, "pinned", 30)).toBe(pinned);
    });

  // Unchecked games advance one state in place (draws and discards by stepInPlace, the rest by apply);
  // checked ones go through the generic simulation, every move by apply: the same record, the same end.
  for (const [name, edition, options] of [...cases, ["royale for 2, prevent", ROYALE, { players: 2 }, ""] as const])
    it(`${name}: the in-place game is the checked game (record and end state)`, () => {
      const v = siameseVariant(edition, cardModule) as unknown as SiameseRules;
      // (four players' checked games are long: fewer of them)
      for (let g = 0, n = options.players === 4 ? 4 : 20; g < n; g++) {
        const fast = simulateGame(v, options, `in-place:${g}`);
        const checked = simulateGame(v, options, `in-place:${g}`, { check: true });
        expect(fast.record).toEqual(checked.record);
        expect(JSON.stringify(fast.state)).toBe(JSON.stringify(checked.state));
        expect(fast.steps).toBe(checked.steps);
      }
    }, 60_000);

  it("stepInPlace answers only the shared draws and discards it accepts, and changes nothing when it answers null", () => {
    const v = siameseVariant("siamese", cardModule) as unknown as SiameseRules;
    const s = v.newGame({}, "in-place-refusals");
    const before = JSON.stringify(s);
    const ctx = v.ctx(s);
    const held = s.seats[0]!.pool[0]!;
    const foreign = s.seats[1]!.pool[0]!;
    for (const [seat, move, refused] of [
      [0, DRAW, true], // discard phase: draw first is refused
      [1, discardMove(foreign), true], // not that seat's turn
      [0, discardMove(foreign), true], // not held
      [0, { type: "discard", tile: held, extra: 1 }, true], // malformed
      [0, { type: "discard", tile: held }, false], // well formed, but not the shared move: left to apply
      [0, { type: "claim", rack: 0, size: 3, jokers: 0 }, true], // not a draw or a discard
    ] as const) {
      expect(stepInPlace(ctx, s, seat, move as never), JSON.stringify(move)).toBeNull();
      expect(JSON.stringify(s)).toBe(before);
      expect(v.apply(s, seat, move as never).ok).toBe(!refused);
    }
    const r = stepInPlace(ctx, s, 0, discardMove(held));
    const pure = v.apply(JSON.parse(before), 0, discardMove(held));
    expect(r?.state).toBe(s);
    expect(pure.ok).toBe(true);
    s.ply++;
    expect(JSON.stringify(s)).toBe(JSON.stringify(pure.ok && pure.state));
    // and a draw after it, as apply draws
    const seat = s.toAct;
    const drawn = stepInPlace(ctx, s, seat, DRAW);
    const pureDraw = pure.ok && v.apply(pure.state, seat, DRAW);
    expect(drawn?.state).toBe(s);
    s.ply++;
    expect(pureDraw && pureDraw.ok && JSON.stringify(pureDraw.state)).toBe(JSON.stringify(s));
  });

  // The simulation's copies share what a move does not change with the state before it: apply must
  // never change a state it was given, which every state here being frozen before its move proves.
  for (const [name, edition, options] of cases)
    it(`${name}: apply changes no state it is given (10 games, every state frozen)`, () => {
      const v = siameseVariant(edition, cardModule) as unknown as SiameseRules;
      const player = siamesePlayer(v);
      for (let g = 0; g < 10; g++) {
        const seed = `pinned:${g}`;
        const { record } = simulate(v, options, seed, { player: (rules, sd) => { const p = player(rules, sd); return (s, acting) => p(deepFreeze(s), acting); } });
        expect(record.moves).toEqual(simulateGame(v, options, seed).record.moves);
      }
    });
});
