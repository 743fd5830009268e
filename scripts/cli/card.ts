/**
 * `npm run cli -- card check FILE` — validate a card file; print every problem, exit 1 if any.
 * `npm run cli -- card show sample-2026` — list a card's lines.
 */
import { builtinCards, formatProblem, validateCard, type Card } from "../../worker/engine/card";

/** A built-in card id or a JSON file; problems in plain words when it does not validate. */
export async function loadCard(ref: string): Promise<{ card: Card } | { problems: string[] }> {
  if (builtinCards[ref]) return { card: builtinCards[ref] };
  let text: string;
  try {
    // Node's fs, typed here: the project compiles against the Workers types only.
    const fs = (await import("node:fs" as string)) as { readFileSync(path: string, encoding: "utf8"): string };
    text = fs.readFileSync(ref, "utf8");
  } catch {
    return { problems: [`cannot read "${ref}" (give a card file or one of: ${Object.keys(builtinCards).join(", ")})`] };
  }
  const check = validateCard(text);
  return check.ok ? { card: check.card } : { problems: check.problems.map(formatProblem) };
}

export async function run(args: string[]): Promise<number> {
  const [sub, ref] = args;
  if ((sub !== "check" && sub !== "show") || !ref) {
    console.error("usage: npm run cli -- card check FILE | card show FILE|sample-2026");
    return 2;
  }
  const loaded = await loadCard(ref);
  if ("problems" in loaded) {
    for (const p of loaded.problems) console.log(p);
    console.log(`${loaded.problems.length} problem${loaded.problems.length === 1 ? "" : "s"}`);
    return 1;
  }
  const { card } = loaded;
  if (sub === "show")
    for (const l of card.lines)
      console.log(`${l.id.padEnd(10)} ${l.category.padEnd(16)} ${String(l.value).padStart(3)} ${l.concealed ? "C" : "X"}${l.atomic ? "A" : " "} ${l.text}`);
  const categories = new Set(card.lines.map((l) => l.category));
  console.log(`${card.id}: ${card.lines.length} lines in ${categories.size} categories, no problems`);
  return 0;
}
