/**
 * RULES §5 Wright-Patterson Siamese in play (the registered ruleset, moves through apply): chows
 * claimed only to go Mah Jongg, flowers laid out and replaced from the flower wall and the Bouquet,
 * dead hands and the Double/Triple Limit penalty, the pot carried from game to game of a match, the
 * timeout ruling and abandoning. Positions are rigged in tile notation.
 */
import { describe, expect, it } from "vitest";
import type { Move } from "../../worker/engine/api";
import { parseTiles, windKind } from "../../worker/engine/tiles";
import type { WpState } from "../../worker/engine/variants/siamese-wp/state";
import { WP_KINDS } from "../../worker/engine/variants/siamese-wp/tiles";
import { WP } from "../../scripts/cli/simulate-wp";

/** Tile ids for the kinds in `text`, taken from `free` (ids 136–143 are the flowers: 136–139 red, 140–143 blue). */
function take(free: number[], text: string): number[] {
  return parseTiles(text).map((k) => {
    const i = free.findIndex((id) => WP_KINDS[id] === k);
    if (i < 0) throw new Error(`no ${text} left`);
    return free.splice(i, 1)[0]!;
  });
}

interface Rig {
  pools: [string, string];
  wall?: string;
  flowers?: number[];
  flowerWall?: string;
  toAct?: 0 | 1;
  /** The last discard, by the other seat, claimable by `toAct` (draw phase). */
  discard?: string;
  games?: number;
  deadHands?: "prevent" | "enforce";
}

function rig(r: Rig): WpState {
  const s = structuredClone(WP.newGame({ games: r.games ?? 1, deadHands: r.deadHands ?? "prevent" }, "rigged-wp-position")) as WpState;
  const free = WP_KINDS.map((_, id) => id).filter((id) => !(r.flowers ?? []).includes(id));
  s.seats.forEach((p, i) => {
    p.pool = take(free, r.pools[i]!);
    p.flowers = [];
    p.drawn = null;
  });
  const toAct = r.toAct ?? 0;
  s.toAct = toAct;
  s.discards = [];
  if (r.discard) {
    const d = { seat: 1 - toAct, tile: take(free, r.discard)[0]!, turn: 0 };
    s.discards = [d];
    s.claimable = d;
    s.turn = 1;
    s.phase = "draw";
  } else s.phase = r.wall !== undefined ? "draw" : "discard";
  const flowerWall = r.flowerWall ? take(free, r.flowerWall) : [];
  const wallHead = [...(r.flowers ?? []), ...(r.wall ? take(free, r.wall) : [])];
  const rest = free.filter((id) => id < 136);
  s.wall = [...wallHead, ...rest.slice(0, 20)];
  s.flowerWall = [...flowerWall, ...rest.slice(20, 30)];
  return s;
}

const ok = (s: WpState, seat: number, move: Move) => {
  const r = WP.apply(s, seat, move);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
};

describe("§5 Play: a chow may be claimed from a discard only if it completes the hand (Mah Jongg)", () => {
  it("the chow that completes a hand is offered and must be declared in the same turn", () => {
    const s = rig({ pools: ["1B 2B 4C 5C 6C 7D 8D 9D E E E R R", "2C 2C 5B 5B 9B 9B N N W W S S G"], discard: "3B" });
    const moves = WP.legalMoves(s, 0);
    expect(moves).toContainEqual({ type: "chow", rack: 0, start: parseTiles("1B")[0] });
    expect(moves).toContainEqual({ type: "claim-mahjong", rack: 0 });
    const after = ok(s, 0, { type: "chow", rack: 0, start: parseTiles("1B")[0] }).state;
    expect(WP.legalMoves(after, 0)).toEqual([{ type: "mahjong", rack: 0 }]);
    const refused = WP.apply(after, 0, { type: "discard", tile: after.seats[0]!.pool[0] });
    expect(refused.ok || refused.code).toBe("chow/declare");
    const declared = ok(after, 0, { type: "mahjong", rack: 0 }).state;
    expect(declared.seats[0]!.racks[0]!.mahjong!.hand).toBe("ordinary");
    expect(declared.seats[0]!.racks[0]!.exposures[0]!.type).toBe("chow");
  });

  it("a chow that does not complete the hand is neither offered nor accepted; a pung is, as usual", () => {
    const s = rig({ pools: ["1B 2B 3B 3B 4C 7C 9C 7D 9D E S R G", "2C 2C 5B 5B 9B 9B N N W W S S G"], discard: "3B" });
    const moves = WP.legalMoves(s, 0);
    expect(moves.some((m) => m.type === "chow")).toBe(false);
    expect(moves).toContainEqual({ type: "claim", rack: 0, set: "pung" });
    const r = WP.apply(s, 0, { type: "chow", rack: 0, start: parseTiles("1B")[0] });
    expect(r.ok || r.code).toBe("chow/not-mahjong");
  });
});

describe("§5 Deal and flowers: a flower drawn later is laid out and replaced at once from the flower wall", () => {
  it("drawing a flower lays it out, the replacement comes from the flower wall; the fourth of a colour is a Bouquet, paid 25 by the opponent", () => {
    const s = rig({ pools: ["1B 2B 3B 4C 5C 6C 7D 8D 9D E E S R", "2C 2C 5B 5B 9B 9B N N W W S S G"], flowers: [139], flowerWall: "9C", wall: "" });
    s.seats[0]!.flowers = [136, 137, 138];
    const r = ok(s, 0, { type: "draw" });
    const me = r.state.seats[0]!;
    expect(me.flowers).toEqual([136, 137, 138, 139]);
    expect(WP_KINDS[me.drawn!]).toBe(parseTiles("9C")[0]);
    expect(me.pool).toContain(me.drawn);
    expect(r.events.map((e) => e.type)).toEqual(["draw", "flower", "bouquet"]);
    expect(r.state.bouquets).toEqual([{ seat: 0, colour: "red" }]);
    // the views show the flowers laid out to both players, never the replacement to the opponent
    const view = WP.viewFor(r.state, 1) as { seats: { flowers: { id: number }[]; concealed: unknown }[] };
    expect(view.seats[0]!.flowers.map((t) => t.id)).toEqual([136, 137, 138, 139]);
    expect(view.seats[0]!.concealed).toBeNull();
  });
});

describe("§5 Seat winds: per rack, the dealer's East and South, the opponent's West and North", () => {
  it("each rack's wind is in the view; the dealer alternates and the prevailing wind moves on with each game", () => {
    const s = WP.newGame({ games: 2 }, "winds-of-the-match");
    const v = WP.viewFor(s, 0) as { seats: { winds: number[] }[]; prevailing: number; dealer: number };
    expect(v.dealer).toBe(0);
    expect(v.seats[0]!.winds).toEqual([windKind("E"), windKind("S")]);
    expect(v.seats[1]!.winds).toEqual([windKind("W"), windKind("N")]);
    expect(v.prevailing).toBe(windKind("E"));
  });
});

describe("§5 Dead hands and the Double/Triple Limit penalty", () => {
  const four = "1B 1B 5C 5C 9D 9D E E N N R R G G 3B 4B 7C 8C";
  it("prevent: a claim that would make a rack dead (a fifth set) is not offered and is refused with the reason", () => {
    const s = rig({ pools: [four, "2C 2C 5B 5B 9B 9B N W W S S G 6D"], discard: "R" });
    const rack = s.seats[0]!.racks[0]!;
    rack.exposures = ["1B", "5C", "9D", "E"].map((t, i) => ({ type: "pung" as const, kind: parseTiles(t)[0]!, tiles: [i * 4 + 200], claimed: null, from: 1, turn: 0 }));
    expect(WP.legalMoves(s, 0).filter((m) => m.type === "claim" && m.rack === 0)).toEqual([]);
    const r = WP.apply(s, 0, { type: "claim", rack: 0, set: "pung" });
    expect(r.ok || r.code).toBe("hand/dead");
  });

  it("enforce: the claim is accepted and the rack is dead; both hands dead ends the game: a Double Limit (50), a Triple Limit (75) if the opponent has a Mah Jongg", () => {
    for (const opponentMj of [false, true]) {
      const s = rig({ pools: [four, "2C 2C 5B 5B 9B 9B N W W S S G 6D"], discard: "R", deadHands: "enforce" });
      const [a, b] = s.seats[0]!.racks;
      a!.exposures = ["1B", "5C", "9D", "E"].map((t) => ({ type: "pung" as const, kind: parseTiles(t)[0]!, tiles: [], claimed: null, from: 1, turn: 0 }));
      b!.dead = { reason: "exposure", message: "dead", turn: 0 };
      if (opponentMj) s.mahjongs = [{ seat: 1, rack: 0, hand: "ordinary", turn: 0 }];
      const r = ok(s, 0, { type: "claim", rack: 0, set: "pung" });
      expect(r.events.map((e) => e.type)).toContain("dead");
      expect(r.state.phase).toBe("over");
      const lines = r.state.result!.lines;
      const penalty = lines.find((l) => l.reason === "dead/both")!;
      expect(penalty.seat).toBe(0);
      expect(penalty.points).toBe(opponentMj ? -75 : -50);
      expect(penalty.detail).toMatch(opponentMj ? /Triple Limit/ : /Double Limit/);
      expect(r.state.result!.totals[0]! + r.state.result!.totals[1]!).toBe(0);
    }
  });
});

describe("§5 Matches: the wall-game pot is carried from game to game and goes to the next Mah Jongg", () => {
  it("a wall game puts 25 each into the pot, the next game is dealt (the other dealer), and the next Mah Jongg takes the pot", () => {
    const s = rig({ pools: ["1B 2B 3B 4C 5C 6C 7D 8D 9D E E S R", "2C 2C 5B 5B 9B 9B N N W W S S G"], games: 2 });
    s.wall = [];
    // the last discard with the wall used up: a wall game
    const r = ok(s, 0, { type: "discard", tile: s.seats[0]!.pool.at(-1)! });
    expect(r.events.map((e) => e.type)).toContain("game-end");
    const g2 = r.state;
    expect(g2.games[0]!.reason).toBe("wall");
    expect(g2.games[0]!.lines.filter((l) => l.reason === "pot/in").map((l) => l.points)).toEqual([-25, -25]);
    expect(g2.match.pot).toBe(50);
    expect(g2.game).toBe(1);
    expect(g2.dealer).toBe(1);
    expect(g2.seats[1]!.pool).toHaveLength(28);
    expect(g2.seats[0]!.pool).toHaveLength(27);
    expect(g2.phase).toBe("discard");
    // game 2: seat 1 (the dealer) holds a complete hand and declares; the wall then runs out
    const free = WP_KINDS.map((_, id) => id).filter((id) => id < 136);
    const s2 = structuredClone(g2);
    s2.seats[1]!.pool = take(free, "1B 2B 3B 4C 5C 6C 7D 8D 9D E E E R R 2D");
    s2.seats[0]!.pool = take(free, "2C 2C 5B 5B 9B 9B N N W W S S G");
    s2.wall = [];
    const d = ok(s2, 1, { type: "mahjong", rack: 0 }).state;
    const end = ok(d, 1, { type: "discard", tile: d.seats[1]!.pool[0]! }).state;
    expect(end.phase).toBe("over");
    const won = end.games[1]!.lines.find((l) => l.reason === "pot/won")!;
    expect(won).toMatchObject({ seat: 1, points: 50 });
    expect(end.match.pot).toBe(0);
    expect(end.result!.reason).toBe("match");
    expect(end.result!.totals).toEqual([-50, 50]);
  });
});

describe("§5 Timeout and abandoning", () => {
  it("a timeout draws and discards the tile drawn", () => {
    const s = rig({ pools: ["1B 2B 3B 4C 5C 6C 7D 8D 9D E E S R", "2C 2C 5B 5B 9B 9B N N W W S S G"], wall: "9C" });
    const r = WP.timeout(s, 0);
    if (!r.ok) throw new Error(r.message);
    const discard = r.events.find((e) => e.type === "discard") as unknown as { tile: { kind: number } };
    expect(discard.tile.kind).toBe(parseTiles("9C")[0]);
  });

  it("abandoning ends the match: the abandoning player's hands are both dead (a Double Limit) and any pot is returned", () => {
    const s = rig({ pools: ["1B 2B 3B 4C 5C 6C 7D 8D 9D E E S R", "2C 2C 5B 5B 9B 9B N N W W S S G"], games: 4 });
    s.match = { ...s.match, pot: 50, potGames: 1, totals: [-25, -25] };
    const r = WP.abandon(s, 1);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.phase).toBe("over");
    expect(r.state.result!.reason).toBe("abandoned");
    expect(r.state.result!.lines.find((l) => l.reason === "dead/both")).toMatchObject({ seat: 1, points: -50 });
    expect(r.state.match.pot).toBe(0);
    expect(r.state.match.totals).toEqual([50, -50]);
  });
});
