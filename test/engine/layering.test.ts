/**
 * Imports under worker/ point one way (engine <- game <- api/notify/league <- index): no runtime
 * import cycle, nothing in lib/ imports game/, and the engine imports only itself. Type-only
 * imports (`import type`, or every named import marked `type`) vanish at build time, so they
 * may close a loop; the layer rules hold for them too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const workerDir = join(root, "worker");

interface Edge {
  to: string;
  typeOnly: boolean;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

const files = sources(workerDir);
const known = new Set(files);

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const p of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) if (known.has(p)) return p;
  return null;
}

function edgesOf(file: string): Edge[] {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const edges: Edge[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean) => {
    if (!spec || !ts.isStringLiteral(spec)) return;
    const to = resolveImport(file, spec.text);
    if (to) edges.push({ to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, allTypes);
    } else if (ts.isExportDeclaration(node)) {
      const named = node.exportClause;
      const allTypes = node.isTypeOnly || (!!named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier, allTypes);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg)) add(arg.literal as ts.Expression, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

const graph = new Map(files.map((f) => [f, edgesOf(f)] as const));
const rel = (p: string) => relative(workerDir, p).split("\\").join("/");

describe("worker imports", () => {
  it("parse: every relative import under worker/ resolves", () => {
    expect(files.length).toBeGreaterThan(50);
    expect([...graph.values()].flat().length).toBeGreaterThan(100);
  });

  it("have no runtime cycle", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const walk = (f: string) => {
      state.set(f, "open");
      stack.push(f);
      for (const e of graph.get(f) ?? []) {
        if (e.typeOnly) continue;
        const s = state.get(e.to);
        if (s === "open") cycles.push([...stack.slice(stack.indexOf(e.to)), e.to].map(rel).join(" -> "));
        else if (!s) walk(e.to);
      }
      stack.pop();
      state.set(f, "done");
    };
    for (const f of files) if (!state.has(f)) walk(f);
    expect(cycles).toEqual([]);
  });

  it("lib/ imports nothing from game/", () => {
    const bad = files
      .filter((f) => rel(f).startsWith("lib/"))
      .flatMap((f) => graph.get(f)!.filter((e) => rel(e.to).startsWith("game/")).map((e) => `${rel(f)} -> ${rel(e.to)}`));
    expect(bad).toEqual([]);
  });

  it("engine/ imports only engine/", () => {
    const bad = files
      .filter((f) => rel(f).startsWith("engine/"))
      .flatMap((f) => graph.get(f)!.filter((e) => !rel(e.to).startsWith("engine/")).map((e) => `${rel(f)} -> ${rel(e.to)}`));
    expect(bad).toEqual([]);
  });
});
