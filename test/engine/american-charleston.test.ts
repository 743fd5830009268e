/** RULES §6 Charleston by correspondence: simultaneous passes, blind passes, chains and the loop ruling. */
import { describe, expect, it } from "vitest";
import { resolvePass, type PassChoice } from "../../worker/engine/game/charleston";
import { nextInt, seedRng } from "../../worker/engine/random";
import { parseTile } from "../../worker/engine/tiles";
import { STAGES } from "../../worker/engine/variants/american/stages";
import type { AmericanState } from "../../worker/engine/variants/american/state";
import { american, arig, K, play, playE, refuse } from "./fixtures/american-rig";

const stageNo = (id: string) => STAGES.findIndex((s) => s.id === id);
/** A Charleston at `stage` with East holding 14 and the others 13. */
function at(stage: string, hands: [string, string, string, string] = ["", "", "", ""]): AmericanState {
  const s = arig({ hands });
  return { ...s, phase: "charleston", charleston: { stage: stageNo(stage), choices: [null, null, null, null], last: null } };
}
const nonJoker = (s: AmericanState, seat: number) => s.seats[seat]!.concealed.filter((id) => K[id] !== parseTile("J")).sort((a, b) => a - b);
/** Every seat passes its first three (non-joker) tiles; returns the new state and who passed what. */
function allPass(s: AmericanState, blind: number[] = [0, 0, 0, 0]) {
  const passed = [0, 1, 2, 3].map((seat) => nonJoker(s, seat).slice(0, 3 - blind[seat]!).sort((a, b) => a - b));
  for (const seat of [0, 1, 2, 3]) s = play(s, seat, { type: "pass", tiles: passed[seat]!, blind: blind[seat]! });
  return { s, passed };
}
const holds = (s: AmericanState, seat: number, ids: number[]) => ids.every((id) => s.seats[seat]!.concealed.includes(id));

describe("Charleston", () => {
  it("first Charleston: right, across, left (right is the next player in turn, play going counter-clockwise)", () => {
    let s = american.newGame({ card: "fixture" }, "charleston-1");
    expect(s.phase).toBe("charleston");
    expect(american.toAct(s)).toEqual([0, 1, 2, 3]);
    const right = allPass(s);
    expect(holds(right.s, 1, right.passed[0]!)).toBe(true);
    expect(holds(right.s, 0, right.passed[3]!)).toBe(true);
    const across = allPass(right.s);
    expect(holds(across.s, 2, across.passed[0]!)).toBe(true);
    const left = allPass(across.s);
    expect(holds(left.s, 3, left.passed[0]!)).toBe(true);
    expect(holds(left.s, 0, left.passed[1]!)).toBe(true);
    s = left.s;
    expect(s.charleston!.stage).toBe(stageNo("second-left"));
    expect(s.seats.map((p) => p.concealed.length)).toEqual([14, 13, 13, 13]);
  });

  it("second Charleston: left, across, right; then the courtesy pass across; then East discards first holding 14", () => {
    let s = at("second-left");
    const l = allPass(s);
    expect(holds(l.s, 3, l.passed[0]!)).toBe(true);
    const a = allPass(l.s);
    expect(holds(a.s, 2, a.passed[0]!)).toBe(true);
    const r = allPass(a.s);
    expect(holds(r.s, 1, r.passed[0]!)).toBe(true);
    s = r.s;
    expect(s.charleston!.stage).toBe(stageNo("courtesy"));
    for (const seat of [0, 1, 2, 3]) s = play(s, seat, { type: "courtesy", tiles: [] });
    expect(s.phase).toBe("discard");
    expect(s.toAct).toBe(0);
    expect(american.toAct(s)).toEqual([0]);
    expect(s.seats.map((p) => p.concealed.length)).toEqual([14, 13, 13, 13]);
  });

  it("a joker may never be passed, not even in the courtesy pass", () => {
    const s = at("first-right", ["J 1D 2D", "", "", ""]);
    const j = s.seats[0]!.concealed[0]!;
    expect(refuse(s, 0, { type: "pass", tiles: [j, s.seats[0]!.concealed[1]!, s.seats[0]!.concealed[2]!].sort((a, b) => a - b), blind: 0 }, "pass/joker")).toMatch(/jokers may never be passed/);
    expect(american.legalMoves(s, 0).some((m) => (m.tiles as number[] | undefined)?.includes(j))).toBe(false);
    refuse(at("courtesy", ["J", "", "", ""]), 0, { type: "courtesy", tiles: [at("courtesy", ["J", "", "", ""]).seats[0]!.concealed[0]!] }, "pass/joker");
  });

  it("every pass is three tiles of your own; wrong counts, tiles not held and repeated tiles are refused", () => {
    const s = at("first-right");
    const mine = nonJoker(s, 0);
    refuse(s, 0, { type: "pass", tiles: mine.slice(0, 2), blind: 0 }, "pass/count");
    refuse(s, 0, { type: "pass", tiles: nonJoker(s, 1).slice(0, 3), blind: 0 }, "pass/not-held");
    refuse(s, 0, { type: "pass", tiles: [mine[0]!, mine[0]!, mine[1]!], blind: 0 }, "pass/tiles");
    refuse(s, 0, { type: "discard", tile: mine[0]! }, "charleston/only");
  });

  it("until all four have chosen a player may change the choice; nobody sees another's choice", () => {
    let s = at("first-right");
    const [a, b] = [nonJoker(s, 0).slice(0, 3), nonJoker(s, 0).slice(3, 6)];
    s = play(s, 0, { type: "pass", tiles: a, blind: 0 });
    expect(american.toAct(s)).toEqual([1, 2, 3]);
    s = play(s, 0, { type: "pass", tiles: b, blind: 0 });
    const seen = JSON.stringify(american.viewFor(s, 1));
    for (const id of b) expect(seen).not.toContain(`"id":${id},`);
    expect((american.viewFor(s, 1) as { charleston: { chosen: boolean[]; yourChoice: unknown } }).charleston).toMatchObject({ chosen: [true, false, false, false], yourChoice: null });
    expect((american.viewFor(s, 0) as { charleston: { yourChoice: { tiles: { id: number }[] } } }).charleston.yourChoice.tiles.map((t) => t.id)).toEqual(b);
    for (const seat of [1, 2, 3]) s = play(s, seat, { type: "pass", tiles: nonJoker(s, seat).slice(0, 3), blind: 0 });
    expect(holds(s, 1, b)).toBe(true);
    expect(holds(s, 0, a)).toBe(true);
  });

  it("any player may stop the Charleston after the first left: then there is no second Charleston", () => {
    let s = at("second-left");
    refuse(at("first-left"), 0, { type: "stop" }, "charleston/no-stop");
    const before = s.seats.map((p) => p.concealed.slice());
    s = play(s, 0, { type: "pass", tiles: nonJoker(s, 0).slice(0, 3), blind: 0 });
    s = play(s, 1, { type: "pass", tiles: nonJoker(s, 1).slice(0, 3), blind: 0 });
    s = play(s, 2, { type: "stop" });
    const r = playE(s, 3, { type: "pass", tiles: nonJoker(s, 3).slice(0, 3), blind: 0 });
    expect(r.state.charleston!.stage).toBe(stageNo("courtesy"));
    expect(r.state.seats.map((p) => p.concealed)).toEqual(before);
    expect(r.events).toContainEqual({ type: "charleston-stopped", seat: null, by: [2] });
  });

  it("courtesy pass across: 0 to 3 tiles, the smaller proposal is used", () => {
    let s = at("courtesy");
    const p = [0, 1, 2, 3].map((seat) => nonJoker(s, seat));
    s = play(s, 0, { type: "courtesy", tiles: p[0]!.slice(0, 3) });
    s = play(s, 2, { type: "courtesy", tiles: p[2]!.slice(0, 1) });
    s = play(s, 1, { type: "courtesy", tiles: p[1]!.slice(0, 2) });
    s = play(s, 3, { type: "courtesy", tiles: [] });
    expect(holds(s, 2, [p[0]![0]!])).toBe(true);
    expect(holds(s, 0, p[0]!.slice(1, 3))).toBe(true);
    expect(holds(s, 0, [p[2]![0]!])).toBe(true);
    expect(holds(s, 1, p[1]!.slice(0, 2))).toBe(true);
    expect(s.seats.map((x) => x.concealed.length)).toEqual([14, 13, 13, 13]);
  });

  it("a blind pass is allowed only on the first left and the last right", () => {
    for (const stage of ["first-right", "first-across", "second-left", "second-across"]) {
      const s = at(stage);
      refuse(s, 0, { type: "pass", tiles: nonJoker(s, 0).slice(0, 2), blind: 1 }, "pass/no-blind");
    }
    for (const stage of ["first-left", "second-right"]) expect(american.legalMoves(at(stage), 0)).toContainEqual({ type: "pass", tiles: [], blind: 3 });
  });

  it("blind pass: the tiles passed on unseen are never in the hand nor the view of the player who passes them", () => {
    let s = at("first-left");
    const from1 = nonJoker(s, 1).slice(0, 3);
    s = play(s, 0, { type: "pass", tiles: [], blind: 3 });
    s = play(s, 1, { type: "pass", tiles: from1, blind: 0 });
    s = play(s, 2, { type: "pass", tiles: nonJoker(s, 2).slice(0, 3), blind: 0 });
    const before0 = s.seats[0]!.concealed.slice();
    const r = playE(s, 3, { type: "pass", tiles: nonJoker(s, 3).slice(0, 3), blind: 0 });
    s = r.state;
    expect(s.seats[0]!.concealed).toEqual(before0); // gave none of its own, kept nothing received
    expect(holds(s, 3, from1)).toBe(true); // seat 1's tiles went through seat 0 to seat 3
    const view0 = JSON.stringify(american.viewFor(s, 0));
    for (const id of from1) expect(view0).not.toContain(`"id":${id},`);
    const secret0 = r.events.find((e) => e.type === "charleston-received" && e.seat === 0)!;
    expect(secret0.secret).toEqual({ gave: [], got: [] });
  });
});

describe("Charleston blind chains (deterministic resolution)", () => {
  // Left pass: seat i passes to seat i − 1 and receives from seat i + 1.
  const own = (seat: number, n: number) => Array.from({ length: n }, (_, k) => seat * 10 + k);
  const choice = (seat: number, blind: number): PassChoice => ({ tiles: own(seat, 3 - blind), blind });

  it("a chain of two: a blind tile can come from two seats away", () => {
    const xs = resolvePass([choice(0, 2), choice(1, 1), choice(2, 0), choice(3, 0)], "left");
    // seat 1's packet: 10 11 + first tile of seat 2's (20); seat 0's: 0 + 10 11, keeps 20
    expect(xs[0]).toEqual({ gave: [0], got: [20], forwarded: 2 });
    expect(xs[3]).toEqual({ gave: [30, 31, 32], got: [0, 10, 11], forwarded: 0 });
    expect(xs[1]).toEqual({ gave: [10, 11], got: [21, 22], forwarded: 1 });
    expect(xs[2]).toEqual({ gave: [20, 21, 22], got: [30, 31, 32], forwarded: 0 });
  });

  it("the full loop (everyone passes all three blind): nothing moves", () => {
    const xs = resolvePass([0, 1, 2, 3].map((s) => choice(s, 3)), "right");
    expect(xs.every((x) => x.gave.length === 0 && x.got.length === 0)).toBe(true);
  });

  it("loop ruling: tiles that go round the loop stay with the player who put them in", () => {
    const xs = resolvePass([choice(0, 1), choice(1, 3), choice(2, 3), choice(3, 3)], "left");
    expect(xs[0]!.got.sort()).toEqual([0, 1]);
    expect(xs[0]!.gave).toEqual([0, 1]);
    for (const s of [1, 2, 3]) expect(xs[s]).toEqual({ gave: [], got: [], forwarded: 3 });
  });

  it("any mix of blind passes conserves every tile and leaves every seat with as many as before", () => {
    const rng = seedRng("blind-mix");
    for (let i = 0; i < 2000; i++) {
      const d = (["left", "right", "across"] as const)[nextInt(rng, 3)]!;
      const cs = [0, 1, 2, 3].map((s) => choice(s, nextInt(rng, 4)));
      const xs = resolvePass(cs, d);
      const got = xs.flatMap((x) => x.got).sort((a, b) => a - b);
      const gave = xs.flatMap((x) => x.gave).sort((a, b) => a - b);
      expect(got).toEqual(gave);
      xs.forEach((x) => expect(x.got.length).toBe(x.gave.length));
      expect(resolvePass(cs, d)).toEqual(xs);
    }
  });
});
