import { readFileSync } from "node:fs"; import { gzipSync } from "node:zlib";
const man: any = JSON.parse(readFileSync("/tmp/wb/.vite/manifest.json","utf8"));
const k = Object.keys(man).find(k=>k.endsWith("src/table/Hints.tsx"))!;
const seen = new Set<string>(); const walk=(k:string)=>{ if(seen.has(k))return; seen.add(k); for(const i of man[k].imports??[]) walk(i); }; walk(k);
for (const s of seen) console.log(s, man[s].file, gzipSync(readFileSync("/tmp/wb/"+man[s].file)).length);
