/**
 * `npm run cli -- <command> …` — one file per command in scripts/cli/, each exporting `run(args)`.
 */
export {};

const commands: Record<string, () => Promise<{ run(args: string[]): Promise<number> | number }>> = {
  card: () => import("./cli/card"),
  match: () => import("./cli/match"),
  simulate: () => import("./cli/simulate"),
  score: () => import("./cli/score"),
};

const [name, ...args] = process.argv.slice(2);
const load = name ? commands[name] : undefined;
if (!load) {
  console.error(`usage: npm run cli -- <${Object.keys(commands).join("|")}> …`);
  process.exit(2);
}
process.exitCode = await (await load()).run(args);
