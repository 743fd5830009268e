import fs from "node:fs";
const p = JSON.parse(fs.readFileSync(process.argv[2]));
const agg = new Map(); let total = 0;
const walk = (n, stack) => { const name = n.callFrame.functionName || "(anon)"; const self = n.selfSize; total += self; const k = name + ":" + n.callFrame.lineNumber; agg.set(k, (agg.get(k) ?? 0) + self); for (const c of n.children) walk(c, stack); };
walk(p.head, []);
console.log("total KB", (total/1024).toFixed(0));
console.log([...agg].sort((a,b)=>b[1]-a[1]).slice(0,25).map(([k,v])=>`${(v/1024).toFixed(0)} KB ${k}`).join("\n"));
