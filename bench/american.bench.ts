/**
 * Simulated American games per second on one core (four random players, sample card, invariants
 * not checked), next to a baseline measured in the same run: a bare deal, then every player in
 * turn draws and discards until the wall is empty (no Charleston, no windows, no card).
 */
import { cardModule } from "../worker/engine/card";
import { americanVariant } from "../worker/engine/variants/american";
import { deal } from "../worker/engine/variants/american/deal";
import { simulate } from "../scripts/cli/simulate-american";

function baseline(games: number): number {
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const s = deal({}, `baseline:${g}`);
    let seat = 0;
    while (s.wall.length) {
      const p = s.seats[seat]!;
      p.concealed.push(s.wall.shift()!);
      s.discards.push({ seat, tile: p.concealed.shift()!, turn: s.turn++ });
      seat = (seat + 1) % 4;
    }
  }
  return Math.round(games / ((performance.now() - t0) / 1000));
}

export async function bench() {
  const base = baseline(500);
  const v = americanVariant(cardModule);
  const rows = [
    ["prevent", simulate(v, {}, 30, "bench")],
    ["enforce", simulate(v, { deadHands: "enforce" }, 30, "bench")],
  ] as const;
  console.log(`baseline deal + draw/discard to the empty wall: ${base} games/s`);
  for (const [dead, r] of rows)
    console.log(`american, deadHands ${dead} (${r.games} games, sample card): ${r.gamesPerSecond} games/s, ${r.mahjong} won (${r.selfDrawn} self-drawn), ${r.wallGames} wall games, mean ${r.meanDiscards} discards`);
}
