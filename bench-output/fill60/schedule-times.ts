// Schedule time and spread of a season of tables of four, without and with computer fill-ins (same run, A then B per size).
import { schedule, COMPUTER } from "../../worker/league/schedule";
import { loadavg } from "node:os";
const rows: string[] = [`load ${loadavg().map((x) => x.toFixed(2)).join(" ")}`, "members  no-fill ms (rounds, byes/round)  fill ms (rounds, computer seats/round, spread of computer seats met)"];
for (const n of [5, 6, 7, 9, 10, 11, 13, 14, 15, 17, 18, 19]) {
  const t = (f: () => unknown) => { const a = performance.now(); for (let i = 0; i < 3; i++) f(); return (performance.now() - a) / 3; };
  const a = schedule({ members: n, players: 4, format: "single", seed: "bench" });
  const b = schedule({ members: n, players: 4, format: "single", seed: "bench", fill: true });
  const met = Array(n).fill(0);
  for (const g of b.games) for (const m of g.seats) if (m !== COMPUTER) met[m] += g.seats.filter((x) => x === COMPUTER).length;
  // alternate A/B pairs
  const ta = t(() => schedule({ members: n, players: 4, format: "single", seed: "bench" }));
  const tb = t(() => schedule({ members: n, players: 4, format: "single", seed: "bench", fill: true }));
  rows.push(`${n}  ${ta.toFixed(0)} (${a.rounds}, ${n % 4})  ${tb.toFixed(0)} (${b.rounds}, ${b.games.filter((g) => g.round === 0).flatMap((g) => g.seats).filter((m) => m === COMPUTER).length}, ${Math.max(...met) - Math.min(...met)})`);
}
rows.push(`load ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
console.log(rows.join("\n"));
