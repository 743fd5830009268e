/**
 * American hints as the table shows them: the service's closest lines become a headline in words
 * ("8 tiles away · Consecutive Run, line 2 (30 points)"), the hand's 14 tiles with the missing
 * ones marked "need", the missing tiles in words, and the line as printed on the card.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { hints, newGame, viewFor } from "../../worker/engine/index";
import { countKinds, parseTiles, tileName } from "../../worker/engine/tiles";
import type { AmericanView } from "../../worker/engine/variants/american/view";
import { americanHintLines } from "../../web/src/rulesets/american/hint-lines";
import { lineTitle, loadSampleCard } from "../../web/src/table/card";

// the sample card's lines are a chunk the game page loads with its table: named from then on
beforeAll(() => loadSampleCard());

function dealt(seed: string) {
  const r = newGame("american", { card: "sample-2026" }, seed);
  if (!r.ok) throw new Error(r.message);
  const view = viewFor(r.state, 0) as AmericanView;
  const h = hints(r.state, 0)!;
  return { view, rack: h.racks[0]!, lines: americanHintLines(h.racks[0]!, view.seats[0]!, view.options) };
}

describe("American hints in tiles and words", () => {
  it("each closest line reads as 'n tiles away' and the line's name and value on the card, not its notation", () => {
    const { rack, lines } = dealt("american-hints-0001");
    expect(lines.length).toBeGreaterThan(0);
    lines.forEach((m, i) => {
      const l = rack.closest[i]!;
      expect(m.head).toBe(l.away === 0 ? "Complete!" : `${l.away} ${l.away === 1 ? "tile" : "tiles"} away`);
      expect(m.title).toBe(lineTitle(l.line));
      expect(m.title).toMatch(/, line \d+ \(\d+ points/);
      expect(m.printed).toBe(l.text);
    });
  });

  it("the tiles make a whole hand of 14, the ones marked 'need' are as many as the tiles away, and the rest come from the hand", () => {
    for (const seed of ["american-hints-0001", "american-hints-0002", "american-hints-0003"]) {
      const { view, rack, lines } = dealt(seed);
      const held = countKinds(view.seats[0]!.concealed!.map((t) => t.kind));
      lines.forEach((m, i) => {
        const tiles = m.groups!.flatMap((g) => g.tiles.map((s) => ({ kind: g.kind, s })));
        expect(tiles).toHaveLength(14);
        expect(tiles.filter((t) => t.s === "need")).toHaveLength(rack.closest[i]!.away);
        const have = countKinds(tiles.filter((t) => t.s === "have").map((t) => t.kind));
        have.forEach((n, k) => expect(n).toBeLessThanOrEqual(held[k]!));
      });
    }
  });

  it("the missing tiles are named in words ('2 × 4 Bams'), never in card notation", () => {
    const { rack, lines } = dealt("american-hints-0002");
    lines.forEach((m, i) => {
      const needed = parseTiles(rack.closest[i]!.needed);
      for (const k of new Set(needed)) expect(m.needed).toContain(tileName(k));
      expect(m.needed).not.toMatch(/\(n\+|\bnnn/);
    });
  });
});
