/**
 * Imports under worker/ point one way (engine <- table <- game <- api/notify/league <- index): no runtime
 * import cycle, nothing in lib/ imports game/, notify/ or db/, notify/ imports nothing from game/,
 * table/ only the engine, and the engine imports only itself. Type-only
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
  /** An `import()` (the web app loads such a module when first drawn). */
  lazy?: boolean;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

const files = sources(workerDir);
const webFiles = sources(join(root, "web/src"));
const known = new Set([...files, ...webFiles]);

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const p of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) if (known.has(p)) return p;
  return null;
}

function edgesOf(file: string): Edge[] {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: Edge[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean, lazy = false) => {
    if (!spec || !ts.isStringLiteral(spec)) return;
    const to = resolveImport(file, spec.text);
    if (to) edges.push(lazy ? { to, typeOnly, lazy } : { to, typeOnly });
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
      add(node.arguments[0], false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

const graph = new Map(files.map((f) => [f, edgesOf(f)] as const));
const rel = (p: string) => relative(workerDir, p).split("\\").join("/");

/** The imports (type-only ones too) from files under `from` into any of the folders `into`. */
function importsInto(g: Map<string, Edge[]>, from: string, into: string[]): string[] {
  return [...g]
    .filter(([f]) => rel(f).startsWith(from))
    .flatMap(([f, edges]) => edges.filter((e) => into.some((d) => rel(e.to).startsWith(d))).map((e) => `${rel(f)} -> ${rel(e.to)}`));
}

/** The imports (type-only ones too) from files under `from` into anything outside the folders `allowed`. */
function importsOutside(g: Map<string, Edge[]>, from: string, allowed: string[]): string[] {
  return [...g]
    .filter(([f]) => rel(f).startsWith(from))
    .flatMap(([f, edges]) => edges.filter((e) => !allowed.some((d) => rel(e.to).startsWith(d))).map((e) => `${rel(f)} -> ${rel(e.to)}`));
}

/** Lines of code: those neither blank nor only a comment (`//`, `/*`, ` *`). */
export const codeLines = (text: string) => text.split("\n").filter((l) => !/^\s*($|\/\/|\/\*|\*)/.test(l)).length;

describe("worker imports", () => {
  it("parse: every relative import under worker/ resolves", () => {
    expect(files.length).toBeGreaterThan(50);
    expect([...graph.values()].flat().length).toBeGreaterThan(100);
  });

  it("the game's Durable Object stays an adapter: worker/game/room.ts has at most 200 lines of code", () => {
    expect(codeLines(readFileSync(join(workerDir, "game/room.ts"), "utf8"))).toBeLessThanOrEqual(200);
  });

  it("the line count finds what it must", () => {
    const probe = ["/**", " * A comment of two lines", " */", "", "// one more", ...Array.from({ length: 201 }, (_, i) => `  const a${i} = ${i}; // a trailing comment counts as code`), "  ", "/* closed */"].join("\n");
    expect(codeLines(probe)).toBe(201);
    expect(codeLines(probe)).toBeGreaterThan(200);
  });

  it("worker/game/room.ts imports nothing from db/ (the API reads D1 before it calls the room)", () => {
    expect(importsInto(graph, "game/room.ts", ["db/"])).toEqual([]);
  });

  it("the room's import check finds what it must", () => {
    const probe = new Map([[join(workerDir, "game/room.ts"), [{ to: join(workerDir, "db/orders.ts"), typeOnly: true }, { to: join(workerDir, "game/store.ts"), typeOnly: false }]]]);
    expect(importsInto(probe, "game/room.ts", ["db/"])).toEqual(["game/room.ts -> db/orders.ts"]);
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

  it("lib/ imports nothing from notify/ or db/ (the ground floor beside the engine)", () => {
    expect(importsInto(graph, "lib/", ["notify/", "db/"])).toEqual([]);
  });

  it("db/ imports nothing from league/, api/ or game/ (standings are ranked above it)", () => {
    expect(importsInto(graph, "db/", ["league/", "api/", "game/"])).toEqual([]);
  });

  it("the import check finds what it must", () => {
    const probe = new Map([[join(workerDir, "lib/probe.ts"), [{ to: join(workerDir, "notify/mail.ts"), typeOnly: true }, { to: join(workerDir, "lib/env.ts"), typeOnly: false }]]]);
    expect(importsInto(probe, "lib/", ["notify/", "db/"])).toEqual(["lib/probe.ts -> notify/mail.ts"]);
  });

  it("notify/ imports nothing from game/ (game/ sends notices through notify/: what both need is in table/)", () => {
    expect(importsInto(graph, "notify/", ["game/"])).toEqual([]);
  });

  it("table/ imports only engine/ and table/ (the floor below game/ and notify/)", () => {
    expect(importsOutside(graph, "table/", ["table/", "engine/"])).toEqual([]);
  });

  it("the floor checks find what they must", () => {
    const probe = new Map([
      [join(workerDir, "notify/probe.ts"), [{ to: join(workerDir, "game/turn-now.ts"), typeOnly: true }, { to: join(workerDir, "table/turn.ts"), typeOnly: true }]],
      [join(workerDir, "table/probe.ts"), [{ to: join(workerDir, "game/store.ts"), typeOnly: true }, { to: join(workerDir, "engine/rulesets.ts"), typeOnly: false }]],
    ]);
    expect(importsInto(probe, "notify/", ["game/"])).toEqual(["notify/probe.ts -> game/turn-now.ts"]);
    expect(importsOutside(probe, "table/", ["table/", "engine/"])).toEqual(["table/probe.ts -> game/store.ts"]);
  });

  it("engine/ imports only engine/", () => {
    const bad = files
      .filter((f) => rel(f).startsWith("engine/"))
      .flatMap((f) => graph.get(f)!.filter((e) => !rel(e.to).startsWith("engine/")).map((e) => `${rel(f)} -> ${rel(e.to)}`));
    expect(bad).toEqual([]);
  });
});

/**
 * A ruleset's id is written in its registry and its own folder, nowhere else: the engine's
 * (worker/engine/registry.ts, worker/engine/rulesets.ts, worker/engine/variants/) and the web app's
 * (web/src/rulesets/). Elsewhere a list kept by hand, or a branch on which ruleset it is, would be a
 * second place to change for each new ruleset. Flagged outside them: a comparison or `case` with a
 * ruleset id, an object with two or more ruleset ids as keys, an array or type union with two or
 * more, and anywhere any id no other word shares ("siamese-mjm", "siamese-wp", "chinese-ming",
 * "royale"). ("siamese" and "american" alone are also a rating family and a tile set.)
 */
const RULESET_IDS = new Set(["siamese", "siamese-mjm", "siamese-wp", "american", "chinese-ming", "royale"]);
const UNMISTAKABLE = new Set(["siamese-mjm", "siamese-wp", "chinese-ming", "royale"]);
const webDir = join(root, "web/src");
const isRegistry = (p: string) => {
  const r = relative(root, p).split("\\").join("/");
  return r === "worker/engine/registry.ts" || r === "worker/engine/rulesets.ts" || r.startsWith("worker/engine/variants/") || r.startsWith("web/src/rulesets/");
};

export function rulesetIdsOutsideRegistries(paths: string[]): string[] {
  const found: string[] = [];
  for (const file of paths) {
    if (isRegistry(file)) continue;
    const text = readFileSync(file, "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const idOf = (n: ts.Node | undefined): string | null => {
      if (!n) return null;
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isIdentifier(n)) return RULESET_IDS.has(n.text) ? n.text : null;
      if (ts.isLiteralTypeNode(n)) return idOf(n.literal);
      return null;
    };
    const where = (n: ts.Node) => `${relative(root, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
    const visit = (n: ts.Node) => {
      if (ts.isBinaryExpression(n) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(n.operatorToken.kind)) {
        const id = (ts.isStringLiteralLike(n.left) && idOf(n.left)) || (ts.isStringLiteralLike(n.right) && idOf(n.right));
        if (id) found.push(`${where(n)} compares with "${id}"`);
      } else if (ts.isCaseClause(n) && ts.isStringLiteralLike(n.expression) && idOf(n.expression)) {
        found.push(`${where(n)} case "${idOf(n.expression)}"`);
      } else if (ts.isObjectLiteralExpression(n)) {
        const keys = n.properties.map((p) => (p.name ? idOf(p.name) : null)).filter(Boolean);
        if (keys.length >= 2) found.push(`${where(n)} keys an object by ruleset (${keys.join(", ")})`);
      } else if (ts.isArrayLiteralExpression(n) || ts.isUnionTypeNode(n)) {
        const ids = (ts.isArrayLiteralExpression(n) ? n.elements : n.types).map((e) => (ts.isStringLiteralLike(e) || ts.isLiteralTypeNode(e) ? idOf(e) : null)).filter(Boolean);
        if (ids.length >= 2) found.push(`${where(n)} lists rulesets (${ids.join(", ")})`);
      } else if (ts.isStringLiteralLike(n) && UNMISTAKABLE.has(n.text) && !ts.isImportDeclaration(n.parent) && !ts.isExportDeclaration(n.parent) && !ts.isExternalModuleReference(n.parent)) {
        found.push(`${where(n)} names "${n.text}"`);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return found;
}

function webSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return webSources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

describe("ruleset ids", () => {
  it("are compared and listed only in the registries", () => {
    expect(rulesetIdsOutsideRegistries([...files, ...webSources(webDir)])).toEqual([]);
  });

  it("the check finds what it must", () => {
    const probe = join(root, "test/engine/fixtures/ruleset-id-probe.ts.txt");
    expect(rulesetIdsOutsideRegistries([probe]).map((l) => l.replace(/^.*?:\d+ /, ""))).toEqual([
      'compares with "american"',
      'case "siamese"',
      "keys an object by ruleset (siamese, royale)",
      "lists rulesets (siamese, american)",
      "lists rulesets (siamese, chinese-ming)",
      'names "chinese-ming"',
    ]);
  });
});

/**
 * SQL lives in db/, one file per concern: elsewhere a query is a second place to change when a table
 * changes. Flagged outside db/: SQL text in a string or template (SELECT … FROM, INSERT INTO,
 * UPDATE … SET, DELETE FROM, in capitals as the house writes it), Drizzle's `sql` tag, a runtime
 * import of drizzle-orm, and a statement or batch on the D1 handle (`.DB.prepare`, `.DB.batch`, …).
 * A game's own SQLite (its Durable Object's storage: worker/game/store.ts, and the chat it keeps
 * beside the game in worker/game/chat-limits.ts) is the game's, not D1's.
 */
const GAME_OWN_STORAGE = new Set(["worker/game/store.ts", "worker/game/chat-limits.ts"]);
const SQL_TEXT = /\bSELECT\b[\s\S]*?\bFROM\b|\bINSERT\s+(OR\s+\w+\s+)?INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b/;
const D1_CALLS = new Set(["prepare", "batch", "exec", "dump", "withSession"]);

export function sqlOutsideDb(paths: string[]): string[] {
  const found: string[] = [];
  for (const file of paths) {
    const r = relative(root, file).split("\\").join("/");
    if (r.startsWith("worker/db/") || GAME_OWN_STORAGE.has(r)) continue;
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const where = (n: ts.Node) => `${relative(root, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
    const visit = (n: ts.Node) => {
      if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && /^drizzle-orm(\/|$)/.test(n.moduleSpecifier.text) && !n.importClause?.isTypeOnly) {
        found.push(`${where(n)} imports ${n.moduleSpecifier.text}`);
        return;
      }
      if (ts.isTaggedTemplateExpression(n) && ts.isIdentifier(n.tag) && n.tag.text === "sql") found.push(`${where(n)} sql tag`);
      else if (ts.isStringLiteralLike(n) && SQL_TEXT.test(n.text)) found.push(`${where(n)} SQL text`);
      else if (ts.isTemplateExpression(n) && SQL_TEXT.test([n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(" "))) {
        found.push(`${where(n)} SQL text`);
        return;
      } else if (ts.isPropertyAccessExpression(n) && D1_CALLS.has(n.name.text) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === "DB") {
        found.push(`${where(n)} DB.${n.name.text}`);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return found;
}

describe("SQL", () => {
  it("is written only in db/ (a game's own storage aside)", () => {
    expect(sqlOutsideDb(files)).toEqual([]);
  });

  it("the check finds what it must", () => {
    const probe = join(root, "test/engine/fixtures/sql-probe.ts.txt");
    const lines = readFileSync(probe, "utf8").split("\n");
    const marked = lines.flatMap((l, i) => (l.includes("// found") ? [i + 1] : []));
    const hits = sqlOutsideDb([probe]).map((l) => Number(/:(\d+) /.exec(l)![1]));
    expect([...new Set(hits)].sort((a, b) => a - b)).toEqual(marked);
    expect(hits).toHaveLength(marked.length);
  });
});


/**
 * The web app's registry (rulesets/registry.ts) and what it registers (the tables, the replay frames,
 * the replay page) share their types through web/src/table-types.ts: no chain of imports, type-only
 * ones counted, leads from the registry back to it. A lazy `import()` is where a part loads when first
 * drawn (the registry loads each table so, and a table's command line asks the registry for its
 * reader): such a chain is not a loop of files that need each other to compile.
 */
function cyclesThrough(g: Map<string, Edge[]>, start: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const path: string[] = [];
  const walk = (f: string) => {
    path.push(f);
    for (const e of g.get(f) ?? []) {
      if (e.lazy) continue;
      if (e.to === start) found.push([...path, start].map((p) => relative(root, p)).join(" -> "));
      else if (!seen.has(e.to)) {
        seen.add(e.to);
        walk(e.to);
      }
    }
    path.pop();
  };
  walk(start);
  return found;
}

describe("web imports", () => {
  const webGraph = new Map(webFiles.map((f) => [f, edgesOf(f)] as const));
  const registry = join(root, "web/src/rulesets/registry.ts");

  it("parse: the web app's imports resolve", () => {
    expect(webGraph.get(registry)!.length).toBeGreaterThan(3);
  });

  it("no chain of imports, of types too, leads from the registry back to it", () => {
    expect(cyclesThrough(webGraph, registry)).toEqual([]);
  });

  it("the check finds what it must", () => {
    const at = (p: string) => join(root, "web/src", p);
    const probe = new Map<string, Edge[]>([
      [registry, [{ to: at("table-types.ts"), typeOnly: true }, { to: at("game/tables.ts"), typeOnly: false }]],
      [at("game/tables.ts"), [{ to: at("table/SiameseGame.tsx"), typeOnly: false }, { to: at("pages/Replay.tsx"), typeOnly: false, lazy: true }]],
      [at("table/SiameseGame.tsx"), [{ to: registry, typeOnly: true }]],
      [at("pages/Replay.tsx"), [{ to: registry, typeOnly: false }]],
    ]);
    expect(cyclesThrough(probe, registry)).toEqual(["web/src/rulesets/registry.ts -> web/src/game/tables.ts -> web/src/table/SiameseGame.tsx -> web/src/rulesets/registry.ts"]);
  });
});
