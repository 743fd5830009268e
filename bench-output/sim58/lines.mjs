import fs from "node:fs";
const p = JSON.parse(fs.readFileSync(process.argv[2]));
const want = new Set(process.argv.slice(3));
const agg = new Map();
for (const n of p.nodes) { if (!want.has(n.callFrame.functionName)) continue; for (const t of n.positionTicks ?? []) { const k = n.callFrame.functionName + ":" + t.line; agg.set(k, (agg.get(k) ?? 0) + t.ticks); } }
console.log([...agg].sort((a,b)=>b[1]-a[1]).slice(0,40).map(([k,v])=>`${v} ${k}`).join("\n"));
