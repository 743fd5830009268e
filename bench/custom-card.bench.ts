/**
 * A club's own card of 70 lines (targets: compile ≤ 5 ms, match 14 tiles ≤ 20 µs, best two hands
 * for 28 tiles ≤ 2 ms), each next to a baseline measured in the same run. The card object is
 * compiled once and kept: the game's options hold the same object from move to move.
 */
import { bestTwoHands, builtinCards, cardFromText, cardToText, match, type Card } from "../worker/engine/card";
import { compiled } from "../worker/engine/card/compile";
import { cardOf } from "../worker/engine/game/card-of";
import { cardModule } from "../worker/engine/card";
import { seedRng } from "../worker/engine/random";
import { deal, median, perCall } from "./card.bench";
import { countKinds } from "../worker/engine/tiles";

const sample = builtinCards["sample-2026"]!;
/** 70 lines: the sample's 45, then 25 of them again as further lines (other values). */
const club: Card = {
  id: "club-70",
  name: "Club card, 70 lines",
  lines: [...sample.lines, ...sample.lines.filter((l) => !l.atomic).slice(0, 25).map((l, i) => ({ ...l, id: `extra-${i + 1}`, value: l.value + 5 }))],
};
const text = cardToText(club);

const fresh = () => ({ ...club, lines: club.lines.map((l) => ({ ...l })) });
const f = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(2)} µs`);

export async function bench() {
  const rng = seedRng("custom-card-bench");
  const copies = Array.from({ length: 20 }, fresh);
  const baseline = median(copies, (c) => JSON.parse(JSON.stringify(c)));
  // Each card object compiles once (then it is kept), so each timing is a new object's first compile.
  const once = (make: () => unknown, fn: (x: any) => unknown, n = 20) => {
    fn(make());
    const t = Array.from({ length: n }, make).map((x) => {
      const s = performance.now();
      fn(x);
      return (performance.now() - s) * 1000;
    });
    t.sort((a, b) => a - b);
    return { median: t[n >> 1]!, best: t[0]! };
  };
  const compile = once(fresh, (c) => compiled(c));
  const typed = once(() => text, (t) => cardFromText(t, { id: "c" }), 9);
  const kept = { card: fresh() };
  cardOf(cardModule, kept);
  const again = perCall(() => cardOf(cardModule, kept));
  console.log(`card of ${club.lines.length} lines, ${compiled(club).reduce((s, l) => s + l.candidates.length, 0)} candidates`);
  console.log(`  compile (median, best of 20)       ${f(compile.median)}, ${f(compile.best)}  (target ≤ 5 ms)   baseline: copy the card as JSON ${f(baseline)}`);
  console.log(`  typed text → validated card        ${f(typed.median)}, ${f(typed.best)}  (on save; a game compiles its card object once)`);
  console.log(`  the game's card, asked again       ${f(again)}  (the same options object: kept, not compiled again)`);

  const hands14 = Array.from({ length: 200 }, () => deal(rng, 14));
  const count = perCall(() => countKinds(hands14[0]!));
  const m = median(hands14, (h) => match(h, club));
  console.log(`  match 14 tiles (median)            ${f(m)}  (target ≤ 20 µs)   baseline: count the kinds of 14 tiles ${f(count)}`);

  const pools = Array.from({ length: 200 }, () => deal(rng, 28));
  const b = median(pools, (p) => bestTwoHands(p, [[], []], club), 2);
  const sampleB = median(pools, (p) => bestTwoHands(p, [[], []], sample), 2);
  console.log(`  best two hands, 28 tiles (median)  ${f(b)}  (target ≤ 2 ms)   baseline: the 45-line sample card ${f(sampleB)}`);
}
