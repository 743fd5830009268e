/** Results, dead hands and Mah Jongg events name a card line as the card prints it ("Consecutive Run, line 2"), never by its internal id. */
import { describe, expect, it } from "vitest";
import * as engine from "../../worker/engine/index";
import { builtinCards } from "../../worker/engine/card/index";
import { lineLabel } from "../../worker/engine/game/card-of";
import { play, refuse, rig } from "./fixtures/rig";

const sample = builtinCards["sample-2026"]!;

describe("card lines in plain words", () => {
  it("a line is its category and its place in that category on the card", () => {
    expect(lineLabel(sample, "run-2")).toBe("Consecutive Run, line 2");
    expect(lineLabel(sample, "2026-1")).toBe("2026, line 1");
    expect(lineLabel(sample, "nope")).toBe("a line not on this card");
  });

  it("a Siamese result on the sample card says which line was made, as the card prints it", () => {
    // Through the engine's own API, which plays with the built-in cards.
    const step = (st: engine.GameState, move: engine.Move) => {
      const r = engine.apply(st, 0, move);
      if (!r.ok) throw new Error(r.message);
      return r;
    };
    const mj = step(rig({ wallOnly: true, options: { card: "sample-2026" }, east: { pool: "1B 1B 1B 2C 2C 2C 3D 3D 3D F F G G G" }, west: { pool: "" } }) as never, { type: "mahjong", rack: 0, line: "run-2" });
    expect(engine.describeEvent(mj.events.find((e) => e.type === "mahjong")!, ["Ann", "Bob"])).toBe("Ann declared Mah Jongg on rack 1 (Consecutive Run, line 2, jokerless)");
    const s = mj.state as ReturnType<typeof rig>;
    const end = step(s as never, { type: "discard", tile: s.seats[0]!.pool[0]! });
    const details = engine.result(end.state)!.lines.map((l) => l.detail);
    expect(details).toEqual(["First Mah Jongg: Consecutive Run, line 2, jokerless (2 × 30)"]);
    expect(details.join(" ")).not.toMatch(/run-2/);
  });

  it("a refused Mah Jongg names the line by the card, not by its id", () => {
    const s = rig({ east: { pool: "1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 7B 7B" }, west: { pool: "" } });
    expect(refuse(s, 0, { type: "mahjong", rack: 0, line: "kongs-1" }, "mahjong/not-complete")).toMatch(/do not make Kongs, line 1 \(/);
  });

  it("the Mah Jongg event reads with the line's name when the engine gives it one", () => {
    const names = ["Ann", "Bob"];
    expect(engine.describeEvent({ type: "mahjong", seat: 0, rack: 1, line: "run-2", label: "Consecutive Run, line 2", jokerless: true, from: 1 }, names)).toBe(
      "Ann declared Mah Jongg on rack 2 (Consecutive Run, line 2, jokerless), claiming Bob's discard",
    );
  });
});
