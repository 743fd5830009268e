/**
 * `npm run cli -- match --card FILE|sample-2026 --tiles "2B 0 2B 6B …" [--exposed "7D 7D J, N N N N"]`
 * JSON out: the lines the tiles make (when they are exactly 14) and tiles away for every open line.
 * Exposures are groups separated by commas; their tiles are not repeated in --tiles.
 */
import { exposuresFit, match, tilesAway, type Group } from "../../worker/engine/card";
import { JOKER, formatTiles, parseTiles, type Kind } from "../../worker/engine/tiles";
import { loadCard } from "./card";

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function parseExposure(text: string): Group {
  const tiles = parseTiles(text);
  const kinds = [...new Set(tiles.filter((k) => k !== JOKER))];
  if (kinds.length !== 1) throw new Error(`"${text.trim()}" is not a group of one tile (jokers allowed)`);
  return { kind: kinds[0]!, size: tiles.length, jokers: tiles.length - tiles.filter((k) => k !== JOKER).length };
}

const show = (gs: Group[]) =>
  gs.map((g) => formatTiles([...Array<Kind>(g.size - g.jokers).fill(g.kind), ...Array<Kind>(g.jokers).fill(JOKER)]).replaceAll(" ", "")).join(" ");

export async function run(args: string[]): Promise<number> {
  const ref = option(args, "--card") ?? "sample-2026";
  const tilesText = option(args, "--tiles");
  if (!tilesText) {
    console.error('usage: npm run cli -- match --card FILE|sample-2026 --tiles "1B 1B …" [--exposed "7D 7D 7D, N N N J"]');
    return 2;
  }
  const loaded = await loadCard(ref);
  if ("problems" in loaded) {
    for (const p of loaded.problems) console.error(p);
    return 1;
  }
  let concealed: Kind[];
  let exposures: Group[];
  try {
    concealed = parseTiles(tilesText);
    exposures = (option(args, "--exposed") ?? "").split(",").filter((s) => s.trim()).map(parseExposure);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const fit = exposuresFit(exposures, loaded.card);
  const all = [...concealed, ...exposures.flatMap((g) => [...Array<Kind>(g.size - g.jokers).fill(g.kind), ...Array<Kind>(g.jokers).fill(JOKER)])];
  const matches = all.length === 14 ? match(all, loaded.card, exposures) : [];
  const out = {
    card: loaded.card.id,
    tiles: formatTiles(concealed),
    exposed: show(exposures),
    exposuresFit: fit.ok ? true : fit.message,
    matches: matches.map((m) => ({ line: m.line.id, value: m.line.value, jokerless: m.jokerless, arrangement: show(m.arrangement) })),
    away: tilesAway(concealed, exposures, loaded.card).map((a) => ({
      line: a.line.id,
      away: a.away,
      needed: formatTiles(a.needed),
      ...(a.arrangement ? { arrangement: show(a.arrangement) } : {}),
    })),
  };
  console.log(JSON.stringify(out, null, 2));
  return 0;
}
