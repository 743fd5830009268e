import { cardModule } from "/work/wt/sim58/worker/engine/card";
import { siameseVariant } from "/work/wt/sim58/worker/engine/variants/siamese";
import { simulateGame } from "/work/wt/sim58/worker/engine/variants/siamese/simulated";
import { createHash } from "node:crypto";
const v = siameseVariant("siamese", cardModule);
const N = Number(process.env.N ?? 300);
const W = Number(process.env.W ?? 300);
const dead = process.env.DEAD === "enforce" ? { deadHands: "enforce" as const } : {};
for (let g = 0; g < W; g++) simulateGame(v, dead, `warm:${g}`);
const h = createHash("sha256");
const t0 = process.cpuUsage();
for (let g = 0; g < N; g++) { const { state } = simulateGame(v, dead, `m:${g}`); if (!process.env.NODIGEST) h.update(JSON.stringify(state.result) + state.turn + JSON.stringify(state.seats)); }
const u = process.cpuUsage(t0);
console.log(`N=${N} digest ${h.digest("hex").slice(0,16)} cpu ${(u.user+u.system)/1e6}s gps ${Math.round(N/((u.user+u.system)/1e6))}`);
