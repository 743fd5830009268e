/**
 * `npm run cli -- score --ruleset chinese-ming --seat S [--prevailing E] [--exposed "5B 5B 5B, N N N"]
 *   [--natural "E E E E"] [--pairs "R R, 8B 8B"] [--flowers "F2g F4r"] [--jong] [--winner]
 *   [--replacement] [--concealed] [--json]`
 * Scores a hand described from a real table and prints its score sheet (docs/score-calculator.md).
 * Exit 2 on bad input, with every problem named.
 */
import { calculate, formatSheet } from "../../worker/engine/variants/chinese-ming/calculator";

const VALUED = ["--ruleset", "--seat", "--prevailing", "--exposed", "--natural", "--pairs", "--pair", "--flowers"];
const FLAGS = ["--jong", "--winner", "--replacement", "--concealed", "--json"];
const USAGE = 'usage: npm run cli -- score --ruleset chinese-ming --seat E|S|W|N [--prevailing E] [--exposed "5B 5B 5B, N N N"] [--natural "E E E E"] [--pairs "R R"] [--flowers "F1r F2g"] [--jong] [--winner] [--replacement] [--concealed] [--json]';

export async function run(args: string[]): Promise<number> {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (FLAGS.includes(a)) flags.add(a);
    else if (VALUED.includes(a) && args[i + 1] !== undefined) values.set(a === "--pair" ? "--pairs" : a, args[++i]!);
    else {
      console.error(`score: unexpected argument ${JSON.stringify(a)}\n${USAGE}`);
      return 2;
    }
  }
  const ruleset = values.get("--ruleset") ?? "chinese-ming";
  if (ruleset !== "chinese-ming") {
    console.error(`score: the calculator scores chinese-ming hands (got --ruleset ${ruleset})`);
    return 2;
  }
  if (!values.has("--seat")) {
    console.error(`score: --seat is required\n${USAGE}`);
    return 2;
  }
  const c = calculate({
    seat: values.get("--seat")!,
    prevailing: values.get("--prevailing"),
    exposed: values.get("--exposed"),
    natural: values.get("--natural"),
    pairs: values.get("--pairs"),
    flowers: values.get("--flowers"),
    jong: flags.has("--jong"),
    winner: flags.has("--winner"),
    replacement: flags.has("--replacement"),
    concealed: flags.has("--concealed"),
  });
  if (!c.ok) {
    for (const p of c.problems) console.error(`score: ${p}`);
    return 2;
  }
  console.log(flags.has("--json") ? JSON.stringify(c.sheet, null, 2) : formatSheet(c.sheet));
  return 0;
}
