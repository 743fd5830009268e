/**
 * The web build's stand-in for worker/engine/card/notation.ts where the card matcher compiles a
 * card (vite.config.ts resolves compile.ts's import of it here; the card editor's checks keep the
 * real one). Every card a browser compiles was checked where it was made: the built-in cards by the
 * build, a club's card by the service before any game could use it. So this parser gives the same
 * pattern for every line the real one accepts, and refuses the lines it refuses, but without saying
 * why: the words for each mistake stay with the card editor. scripts/build-web.ts checks both
 * parsers agree, line by line, before building.
 */
import { FLOWER, dragonKind, windKind, type Kind } from "../../../worker/engine/tile-kinds";
import type { Face, LinePattern, PatternGroup, SuitRef } from "../../../worker/engine/card/notation";

const HONOURS: Record<string, Kind> = { N: windKind("N"), E: windKind("E"), W: windKind("W"), S: windKind("S"), R: dragonKind("R"), G: dragonKind("G"), "0": dragonKind("0"), F: FLOWER };
const key = (f: Face) => (f.t === "num" ? `${f.n}` : f.t === "var" ? `${f.v}+${f.off}` : f.t === "kind" ? `k${f.kind}` : "D");
const refused = (): { ok: false; problems: string[] } => ({ ok: false, problems: ["the line does not parse (the card editor says why)"] });

export function parseLine(text: string): { ok: true; pattern: LinePattern } | { ok: false; problems: string[] } {
  const [groupsText = "", ...clauses] = text.split(";");
  const groups: PatternGroup[] = [];
  const allowed = new Map<string, number[]>();
  const used = new Set<string>();
  for (const token of groupsText.split(/\s+/).filter(Boolean)) {
    const last = token[token.length - 1]!;
    // a trailing D is the Dots suit only when the token has no D face of its own
    const suit: SuitRef = "abc".includes(last)
      ? { var: last }
      : last === "B" || last === "C" || (last === "D" && token.length > 1 && !token.slice(0, -1).includes("D"))
        ? { fixed: "BCD".indexOf(last) }
        : null;
    const body = suit ? token.slice(0, -1) : token;
    const faces: Face[] = [];
    for (let i = 0; i < body.length; i++) {
      const ch = body[i]!;
      const m = ch === "(" ? /^\(([nmp])\+([1-8])\)/.exec(body.slice(i)) : null;
      if (m) faces.push({ t: "var", v: m[1]!, off: Number(m[2]) }), (i += m[0].length - 1);
      else if (ch >= "1" && ch <= "9") faces.push({ t: "num", n: Number(ch) });
      else if (ch in HONOURS) faces.push({ t: "kind", kind: HONOURS[ch]! });
      else if (ch === "D") faces.push({ t: "dragon" });
      else if ("nmp".includes(ch)) faces.push({ t: "var", v: ch, off: 0 });
      else return refused();
    }
    const run = faces.some((f) => key(f) !== key(faces[0]!));
    // numbers and D need a suit; winds, named dragons and flowers take none
    if (!faces.length || (!run && faces.length > 6) || faces.some((f) => f.t !== "kind") !== !!suit) return refused();
    for (const f of faces) if (f.t === "var") used.add(f.v);
    groups.push({ token, faces, run, suit });
  }
  for (const c of clauses) {
    const m = /^([nmp])\s+(odd|even|in\s+([1-9](?:[\s,]+[1-9])*))$/.exec(c.trim());
    if (!m || allowed.has(m[1]!)) return refused();
    allowed.set(m[1]!, [...new Set(m[2] === "odd" ? [1, 3, 5, 7, 9] : m[2] === "even" ? [2, 4, 6, 8] : m[3]!.split(/[\s,]+/).map(Number))].sort());
  }
  if (!groups.length || [...allowed.keys()].some((v) => !used.has(v))) return refused();
  for (const v of used) if (!allowed.has(v)) allowed.set(v, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  return { ok: true, pattern: { groups, allowed, tiles: groups.reduce((s, g) => s + g.faces.length, 0) } };
}
