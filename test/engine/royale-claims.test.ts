/** RULES §3 (more than two players) and §8 (issues 17 and 28): Royale claims with 3–4 players through claim windows, in the order the seeds give. */
import { describe, expect, it } from "vitest";
import {
  answer,
  closeWindow,
  isOpen,
  nextInTurn,
  openRoyaleWindow,
  resolveClaims,
  settleClaims,
  usesWindow,
  windowClaims,
  windowView,
  type Claim,
  type RoyaleCall,
} from "../../worker/engine/variants/royale/claims";

const pung = (rack = 0): RoyaleCall => ({ type: "call", rack, size: 3, jokers: 0 });
const mj = (rack = 0, hands?: number): RoyaleCall => ({ type: "call-mahjong", rack, line: "run-1", ...(hands ? { hands } : {}) });
const seats = (cs: Claim[]) => cs.map((c) => c.seat);

describe("Royale claim order", () => {
  it("Play: with 3–4 players claims go through a window; 2 players keep the Siamese claim-or-draw", () => {
    expect([2, 3, 4].map(usesWindow)).toEqual([false, true, true]);
  });

  it("Play: any player may claim a discard; the nearest in turn (to the right) wins among exposures", () => {
    // East (0) discards; South (1) is next, then West (2), then North (3)
    expect(seats(resolveClaims(0, [{ seat: 3, call: pung() }, { seat: 2, call: pung() }], 4))).toEqual([2, 3]);
    expect(seats(resolveClaims(2, [{ seat: 1, call: pung() }, { seat: 0, call: pung() }, { seat: 3, call: pung() }], 4))).toEqual([3, 0, 1]);
    expect(seats(resolveClaims(1, [{ seat: 0, call: pung() }, { seat: 2, call: pung() }], 3))).toEqual([2, 0]);
  });

  it("Ruling — claim order (the seeds, issue 28): the nearest in turn wins, whether the claim is for an exposure or for a first or later Mah Jongg", () => {
    const order = resolveClaims(0, [{ seat: 3, call: mj(2) }, { seat: 1, call: pung() }, { seat: 2, call: mj(1) }], 4);
    expect(seats(order)).toEqual([1, 2, 3]);
    expect(order[0]!.call).toEqual(pung());
    expect(seats(resolveClaims(1, [{ seat: 0, call: mj() }, { seat: 2, call: pung() }], 3))).toEqual([2, 0]);
  });

  it("Ruling — claim order: only a claim declaring two or more hands in the turn (a Double Mah Jongg) takes precedence, nearer or not; among those the nearest wins", () => {
    expect(seats(resolveClaims(0, [{ seat: 1, call: mj() }, { seat: 3, call: mj(0, 2) }], 4))).toEqual([3, 1]);
    expect(seats(resolveClaims(0, [{ seat: 1, call: pung() }, { seat: 2, call: mj() }, { seat: 3, call: mj(0, 2) }], 4))).toEqual([3, 1, 2]);
    expect(seats(resolveClaims(0, [{ seat: 3, call: mj(0, 3) }, { seat: 2, call: mj(0, 2) }], 4))).toEqual([2, 3]);
  });

  it("Play: the discarder cannot claim their own discard; a seat claims once", () => {
    expect(() => resolveClaims(0, [{ seat: 0, call: pung() }], 3)).toThrow(/own discard/);
    expect(() => resolveClaims(0, [{ seat: 1, call: pung() }, { seat: 1, call: mj() }], 3)).toThrow(/twice/);
    expect(() => resolveClaims(0, [{ seat: 3, call: pung() }], 3)).toThrow(/no seat 3/);
  });

  it("Ruling: a Mah Jongg claim in error kills the rack it named and the next claim in order is considered", () => {
    const order = resolveClaims(0, [{ seat: 3, call: mj(1) }, { seat: 2, call: mj(3) }], 4);
    const tried: number[] = [];
    const won = settleClaims(order, (c) => (tried.push(c.seat), c.seat === 2 ? "error" : "done"));
    expect(tried).toEqual([2, 3]);
    expect(won).toEqual({ seat: 3, call: mj(1) });
    expect(settleClaims(order, () => "error")).toBeNull();
  });

  it("Play: nobody claims: the next player to the right who has not stopped draws", () => {
    expect(nextInTurn(3, 4, [false, false, false, false])).toBe(0);
    expect(nextInTurn(0, 4, [false, true, false, false])).toBe(2);
    expect(nextInTurn(0, 3, [false, true, true])).toBe(0); // alone, the last player plays on
    expect(nextInTurn(0, 3, [true, true, true])).toBeNull();
  });
});

describe("Royale claim windows (the American windows and call preferences)", () => {
  const open = (o: Partial<Parameters<typeof openRoyaleWindow>[0]> = {}) =>
    openRoyaleWindow({ players: 4, discarder: 0, tile: 10, joker: false, stopped: [false, false, false, false], preferences: ["ask", "ask", "ask", "ask"], ...o });

  it("Play: the window asks every other player still playing whose preference is \"ask\", leaking nothing", () => {
    const w = open({ stopped: [false, false, true, false], preferences: ["ask", "ask", "ask", "mahjong"] });
    expect(w.eligible).toEqual([1, 3]);
    expect(w.asked).toEqual([1]);
    expect(w.auto).toEqual([3]);
    expect(isOpen(w)).toBe(true);
    // the same public facts and preferences open the same window, whatever anyone holds
    expect(open({ stopped: [false, false, true, false], preferences: ["ask", "ask", "ask", "mahjong"], tile: 99 }).asked).toEqual([1]);
  });

  it("Play: a discarded joker can never be claimed: the window closes at once", () => {
    const w = open({ joker: true });
    expect(w.eligible).toEqual([]);
    expect(isOpen(w)).toBe(false);
    expect(windowClaims(w, () => mj())).toEqual([]);
  });

  it("Play: the window closes when every asked player answered; answers stay secret until then", () => {
    let w = open({ players: 3, stopped: [false, false, false], preferences: ["ask", "ask", "ask"] });
    w = answer(w, 2, mj(3));
    expect(isOpen(w)).toBe(true);
    expect(windowView(w, 1)).toEqual({ discarder: 0, awaiting: [1], asked: true, answered: false, yourAnswer: null });
    expect(windowView(w, 2).yourAnswer).toEqual(mj(3));
    w = answer(w, 1, pung());
    expect(isOpen(w)).toBe(false);
    // the nearer exposure before the further Mah Jongg (the seeds' claim order)
    expect(windowClaims(w, () => null)).toEqual([{ seat: 1, call: pung() }, { seat: 2, call: mj(3) }]);
  });

  it("Play: at the deadline silence is a pass; \"mahjong\" players are called only at close, in the same order as resolveClaims", () => {
    let w = open({ preferences: ["ask", "ask", "mahjong", "ask"] });
    w = answer(w, 3, mj(1));
    w = closeWindow(w);
    const auto: number[] = [];
    const claims = windowClaims(w, (seat) => (auto.push(seat), mj(2)));
    expect(auto).toEqual([2]);
    expect(claims).toEqual(resolveClaims(0, [{ seat: 3, call: mj(1) }, { seat: 2, call: mj(2) }], 4));
    expect(seats(claims)).toEqual([2, 3]);
  });

  it("Play: \"never\" players are not asked and pass; a window nobody is asked in closes at once", () => {
    const w = open({ preferences: ["ask", "never", "never", "mahjong"] });
    expect(w.asked).toEqual([]);
    expect(isOpen(w)).toBe(false);
    expect(seats(windowClaims(w, () => null))).toEqual([]);
  });
});
