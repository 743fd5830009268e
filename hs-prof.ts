import { cardModule } from "./worker/engine/card";
import { rulesets } from "./worker/engine/index";
import { randomPlayer, simulate } from "./worker/engine/simulate";
import { siamesePlayer } from "./worker/engine/simulate-players/siamese";
import { americanPlayer } from "./worker/engine/simulate-players/american";
import { chinesePlayer } from "./worker/engine/simulate-players/chinese-ming";
import { siameseVariant } from "./worker/engine/variants/siamese";
import { americanVariant } from "./worker/engine/variants/american";
const P: any = { siamese: siamesePlayer(siameseVariant("siamese", cardModule)), american: americanPlayer(americanVariant(cardModule)), "chinese-ming": chinesePlayer({ timeoutEvery: 15 }) };
const optionsFor = (id: string, g: number) => Object.fromEntries(rulesets.find((r) => r.id === id)!.options.map((o, i) => [o.key, o.values[(g + i) % o.values.length]!.value]));
for (const id of ["siamese", "american", "chinese-ming"] as const) for (const who of ["random", "purposeful"]) for (const check of [false, true]) {
  const t = process.cpuUsage();
  const n = id === "chinese-ming" ? 4 : 10;
  for (let g = 0; g < n; g++) simulate(id, optionsFor(id, g), `prof-${id}-${g}`, { player: who === "random" ? randomPlayer : P[id], check, stopAfter: id === "chinese-ming" ? 600 : undefined } as any);
  const u = process.cpuUsage(t);
  console.log(id, who, check ? "checked" : "plain", Math.round((u.user + u.system) / 1000 / n), "ms/game");
}
