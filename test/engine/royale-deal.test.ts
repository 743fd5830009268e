/** RULES §8 (issue 17) Royale configurations and deal: players, racks, sets, counts and tile conservation. */
import { describe, expect, it } from "vitest";
import { kindsOf } from "../../worker/engine/game/physical";
import { JOKER } from "../../worker/engine/tiles";
import { royaleConfig } from "../../worker/engine/variants/royale/config";
import { royaleDeal } from "../../worker/engine/variants/royale/deal";

describe("Royale configurations", () => {
  it("Configurations: 2, 3 or 4 players, default 2; four racks each; as many 152-tile sets as players", () => {
    expect(royaleConfig()).toEqual({ players: 2, racks: 4, sets: 2, tileSet: "american", tiles: 304, hand: 55 });
    expect(royaleConfig(3)).toMatchObject({ players: 3, racks: 4, sets: 3, tiles: 456 });
    expect(royaleConfig(4)).toMatchObject({ players: 4, racks: 4, sets: 4, tiles: 608 });
  });

  it("Configurations: any other number of players is refused with a message", () => {
    for (const n of [1, 5, 0, "3", 2.5]) expect(() => royaleConfig(n)).toThrow(/2, 3 or 4 players/);
  });
});

describe("Royale deal", () => {
  for (const players of [2, 3, 4] as const) {
    it(`Deal (${players} players): each player gets 55 tiles, East 56 (four hands of 14, less the tile a turn draws)`, () => {
      const s = royaleDeal({ players }, `deal-${players}`);
      expect(s.players).toBe(players);
      expect(s.seats.map((p) => p.pool.length)).toEqual([56, ...Array(players - 1).fill(55)]);
      expect(s.seats.every((p) => p.racks.length === 4 && p.racks.every((r) => r.exposures.length === 0 && !r.mahjong && !r.dead))).toBe(true);
      expect(s.seats[0]!.drawn).toBe(s.seats[0]!.pool[55]);
      expect(s.seats.slice(1).every((p) => p.drawn === null)).toBe(true);
      expect(s).toMatchObject({ ruleset: "royale", toAct: 0, phase: "discard", turn: 0, ply: 0 });
      expect(s.options).toMatchObject({ players, deadHands: "prevent" });
    });

    it(`Tile conservation across sets (${players} players): every tile id of the ${players} sets exactly once, hands plus wall`, () => {
      const kinds = kindsOf("american", players);
      expect(kinds.length).toBe(152 * players);
      const s = royaleDeal({ players }, `conserve-${players}`);
      const all = [...s.seats.flatMap((p) => p.pool), ...s.wall].sort((a, b) => a - b);
      expect(all).toEqual(kinds.map((_, id) => id));
      expect(s.wall.length).toBe(152 * players - 55 * players - 1);
      // every kind comes in `players` times its count in one set (8 jokers a set)
      expect(all.filter((id) => kinds[id] === JOKER).length).toBe(8 * players);
    });
  }

  it("Deal: the same seed deals the same tiles; the options keep the dead-hand policy asked for", () => {
    expect(royaleDeal({ players: 3 }, "x")).toEqual(royaleDeal({ players: 3 }, "x"));
    expect(royaleDeal({ players: 3, deadHands: "enforce" }, "x").options.deadHands).toBe("enforce");
    expect(royaleDeal({}, "x").players).toBe(2);
  });
});
