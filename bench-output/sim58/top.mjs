import fs from "node:fs";
const f = process.argv[2];
const p = JSON.parse(fs.readFileSync(f));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const self = new Map(), parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map();
for (const s of p.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = p.samples.length;
const selfBy = new Map(), totalBy = new Map();
for (const [id, c] of counts) {
  const n = byId.get(id); const name = n.callFrame.functionName || "(anon)";
  selfBy.set(name, (selfBy.get(name) ?? 0) + c);
  const seen = new Set(); let x = id;
  while (x !== undefined) { const nm = byId.get(x).callFrame.functionName || "(anon)"; if (!seen.has(nm)) { seen.add(nm); totalBy.set(nm, (totalBy.get(nm) ?? 0) + c); } x = parent.get(x); }
}
const pr = (m, t) => [...m].sort((a,b)=>b[1]-a[1]).slice(0,35).map(([k,v]) => `${t} ${(100*v/total).toFixed(1).padStart(5)} ${k}`).join("\n");
console.log("samples", total); console.log(pr(selfBy, "self")); console.log(pr(totalBy, "total"));
