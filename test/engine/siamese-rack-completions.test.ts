/**
 * moves.ts keeps, per rack, tiles known to complete no line beside its groups, and asks the card
 * only about the ways the tiles since then can complete (rackCompletions). Its answers must be
 * exactly the card's own (completions) on every rack of every turn, and a rack changed in place
 * (its groups no longer those kept) must be asked afresh.
 */
import { describe, expect, it } from "vitest";
import { cardModule } from "../../worker/engine/card";
import { kindsOf } from "../../worker/engine/game/physical";
import { simulate } from "../../worker/engine/game/simulate";
import { siameseVariant } from "../../worker/engine/variants/siamese";
import { isAtomicRack, sideOf } from "../../worker/engine/variants/siamese/atomic";
import { completions } from "../../worker/engine/variants/siamese/judge";
import { groupsOf, rackCompletions, sideCounts, sideKinds } from "../../worker/engine/variants/siamese/moves";
import { siamesePlayer, type SiameseRules } from "../../worker/engine/variants/siamese/simulated";
import type { SiameseState } from "../../worker/engine/variants/siamese/state";

const K = kindsOf("american", 1);
const lines = (cs: { line: string }[]) => cs.map((c) => c.line);

describe("rackCompletions", () => {
  it("answers as completions on every open rack of every turn of 20 games (and finds some Mah Jonggs)", () => {
    const v = siameseVariant("siamese", cardModule) as unknown as SiameseRules;
    const player = siamesePlayer(v);
    let asked = 0;
    let found = 0;
    for (let g = 0; g < 20; g++) {
      simulate(v, {}, `rack-completions:${g}`, {
        player: (rules, seed) => {
          const p = player(rules, seed);
          return (s: SiameseState, acting) => {
            const me = s.seats[s.toAct]!;
            const card = v.ctx(s).card;
            me.racks.forEach((r, rack) => {
              if (r.mahjong || r.dead || isAtomicRack(me, rack)) return;
              const side = sideKinds(sideOf(me), K);
              const groups = groupsOf(r, K);
              const kept = lines(rackCompletions(cardModule, card, r, side, sideCounts(), groups));
              expect(kept).toEqual(lines(completions(cardModule, card, side, groups)));
              asked++;
              if (kept.length) found++;
            });
            return p(s, acting);
          };
        },
      });
    }
    expect(asked).toBeGreaterThan(2500);
    expect(found).toBeGreaterThan(0);
  }, 120_000);

  it("asks afresh when the rack's groups are not those it kept", () => {
    // a rack of a simulated game that completes a line with its groups, whose tiles complete none bare
    const v = siameseVariant("siamese", cardModule) as unknown as SiameseRules;
    let found: { side: number[]; groups: ReturnType<typeof groupsOf>; s: SiameseState } | null = null;
    const player = siamesePlayer(v);
    for (let g = 0; g < 200 && !found; g++) {
      simulate(v, {}, `rack-completions:${g}`, {
        player: (rules, seed) => {
          const p = player(rules, seed);
          return (s: SiameseState, acting) => {
            const me = s.seats[s.toAct]!;
            for (const r of me.racks) {
              const groups = groupsOf(r, K);
              const side = sideKinds(sideOf(me), K);
              if (!found && !r.mahjong && !r.dead && !me.atomic && groups.length > 0 && completions(cardModule, v.ctx(s).card, side, groups).length > 0 && completions(cardModule, v.ctx(s).card, side, []).length === 0)
                found = { side, groups, s };
            }
            return p(s, acting);
          };
        },
      });
    }
    expect(found).not.toBeNull();
    const { side, groups, s } = found!;
    const card = v.ctx(s).card;
    const rack = { exposures: [], mahjong: null, dead: null };
    sideKinds(side, Array.from({ length: 44 }, (_, k) => k));
    const held = sideCounts().slice();
    // kept: these tiles complete nothing on the bare rack...
    expect(rackCompletions(cardModule, card, rack, side, held, [])).toEqual([]);
    // ...the same rack object, now with groups (changed in place): asked afresh, not answered from what was kept
    expect(lines(rackCompletions(cardModule, card, rack, side, held, groups))).toEqual(lines(completions(cardModule, card, side, groups)));
    expect(lines(completions(cardModule, card, side, groups)).length).toBeGreaterThan(0);
  }, 120_000);
});
