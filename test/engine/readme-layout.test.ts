/**
 * The README's layout section matches the tree: every folder and file it names at the start of a
 * line exists, every file it names in an entry's words exists under that entry, and every folder of
 * worker/, worker/engine/ and web/src/ is named in it (a file at the top of the repository may be
 * named anywhere). A moved or renamed file fails here until the
 * README says where it went.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Layout"));
const block = section.slice(section.indexOf("```") + 3, section.indexOf("```", section.indexOf("```") + 3));

interface Entry {
  paths: string[];
  words: string;
}

/** Entries: a line starting in column 0 (a top entry) or with two spaces (an entry inside the last top entry whose path is a folder). */
function entries(): Entry[] {
  const out: Entry[] = [];
  let top = "";
  for (const line of block.split("\n")) {
    if (!line.trim()) continue;
    const m = /^( {0,2})([\w./-]+(?:, [\w./-]+)*)(?:\s+(.*))?$/.exec(line);
    if (!m || line.startsWith("   ")) {
      if (out.length) out[out.length - 1]!.words += " " + line.trim();
      continue;
    }
    const [, indent, names, words = ""] = m;
    const parts = names!.split(/,\s*/).map((p) => p.trim()).filter(Boolean);
    const base = indent ? top : "";
    const paths = parts.map((p) => (indent ? join(base, p) : p));
    if (!indent && parts[0]!.endsWith("/")) top = parts[0]!;
    out.push({ paths, words });
  }
  return out;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [e.name]));
}

const dirsOf = (dir: string) => readdirSync(join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

describe("README layout", () => {
  const list = entries();

  it("is found", () => {
    expect(list.length).toBeGreaterThan(15);
  });

  it("names only paths that exist", () => {
    const missing = list.flatMap((e) => e.paths).filter((p) => !existsSync(join(root, p)));
    expect(missing).toEqual([]);
  });

  it("names in each folder's words only files that are in it", () => {
    const missing: string[] = [];
    for (const e of list) {
      const dirs = e.paths.filter((p) => p.endsWith("/"));
      if (!dirs.length) continue;
      const names = new Set(dirs.flatMap((d) => filesUnder(join(root, d))));
      for (const [name] of e.words.matchAll(/(?<![\w./-])[\w-][\w.-]*\.tsx?\b/g)) if (!names.has(name) && !existsSync(join(root, name))) missing.push(`${dirs.join(", ")}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it("names every folder of worker/, worker/engine/ and web/src/", () => {
    const text = block;
    const unnamed = [...dirsOf("worker").map((d) => `worker/${d}`), ...dirsOf("worker/engine").map((d) => `worker/engine/${d}`), ...dirsOf("web/src").map((d) => `web/src/${d}`)].filter(
      (p) => !text.includes(`${p.split("/").pop()}/`),
    );
    expect(unnamed).toEqual([]);
  });
});
