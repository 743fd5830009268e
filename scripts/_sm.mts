import { readFileSync } from "node:fs";
import { SourceMapConsumer } from "source-map-js";
import { gzipSync } from "node:zlib";
const f = process.argv[2]!;
const code = readFileSync(f, "utf8");
const map = new SourceMapConsumer(JSON.parse(readFileSync(f + ".map", "utf8")));
const lines = code.split("\n");
const per: Record<string, string[]> = {};
let last: { line: number; col: number; src: string } | null = null;
const flush = (endLine: number, endCol: number) => {
  if (!last) return;
  let text = "";
  if (last.line === endLine) text = lines[last.line - 1]!.slice(last.col, endCol);
  else { text = lines[last.line - 1]!.slice(last.col); for (let l = last.line + 1; l < endLine; l++) text += lines[l - 1]; text += lines[endLine - 1]!.slice(0, endCol); }
  (per[last.src] ??= []).push(text);
};
map.eachMapping((m) => { flush(m.generatedLine, m.generatedColumn); last = { line: m.generatedLine, col: m.generatedColumn, src: m.source ?? "?" }; });
flush(lines.length, lines.at(-1)!.length);
const rows = Object.entries(per).map(([s, t]) => [s.replace(/.*node_modules\//, "nm/").replace(/.*integ\//, ""), t.join("").length, gzipSync(t.join("")).length] as const).sort((a, b) => b[1] - a[1]);
for (const [s, n, g] of rows.slice(0, 40)) console.log(String(n).padStart(7), String(g).padStart(6), s);
console.log("total", code.length, gzipSync(code).length);
