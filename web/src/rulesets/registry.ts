/**
 * The web app's registry: per ruleset, the parts the browser draws it with. A new ruleset is one
 * entry here (its table, its replay frame, its part of the rule book) and a folder of its own under
 * web/src/rulesets/ for whatever it draws its own way; its name, family and options come from the
 * engine's heads (worker/engine/rulesets.ts). Nothing outside web/src/rulesets/ asks which ruleset a
 * game is: it looks the ruleset up here.
 *
 * Neither this registry nor any table is in the game page's first script: it holds the tables alone
 * (./game-tables.ts), each a chunk of its own (the Siamese one shared by Siamese, MahJong Masters and
 * Royale), which the game page loads as soon as its game says which, and web/public/early.js
 * preloads beside the first script once the game's answer is in (vite.config.ts writes each table's
 * files into it, from ./table-modules.ts). Every other part loads when it is first drawn.
 */
import type { ComponentType } from "preact";
import type { RulesetId } from "../../../worker/engine/rulesets";
import type { FrameProps, MatchReplay, TableProps } from "../table-types";
import { lazy, type Lazy } from "../lazy";
import type { Reader } from "../access/reading";
import { chineseMatch } from "./chinese-ming/match";
import { GAME_TABLES } from "./game-tables";

export interface HandList {
  /** The list's heading. */
  title: string;
  /** Its name among the card viewer's choices. */
  choice: string;
  /** What the card viewer says of it above the list. */
  about: string;
  list: ComponentType;
}

export interface WebRuleset {
  /** The game page's table (loaded once the game is known: `table.load()`), from ./game-tables.ts, which the game page's first script holds instead of this registry. */
  table: Lazy<TableProps>;
  /** One position of a replay. */
  frame: ComponentType<FrameProps>;
  /** Its part of the rule book, as written (content/rules/<id>.md). */
  rules: () => Promise<string>;
  /** A ruleset played from a hand list instead of the card: the list, as the rules page and the card viewer (/card?ruleset=<id>) show it. */
  handList?: HandList;
  /** A ruleset whose games are matches of several hands. */
  match?: MatchReplay;
  /** Its table read as text, for the command line (loaded when the command line opens). */
  reading: () => Promise<Reader>;
}

const SiameseFrame = lazy(() => import("../table/replay-siamese"));
const markdown = (load: () => Promise<{ default: string }>) => () => load().then((m) => m.default);
const siameseReading = () => import("../table/reading").then((m) => m.readSiamese);

export const WEB_RULESETS: Record<RulesetId, WebRuleset> = {
  siamese: {
    table: GAME_TABLES.siamese,
    frame: SiameseFrame,
    rules: markdown(() => import("../content/rules/siamese.md?raw")),
    reading: siameseReading,
  },
  "siamese-mjm": {
    table: GAME_TABLES["siamese-mjm"],
    frame: SiameseFrame,
    rules: markdown(() => import("../content/rules/siamese-mjm.md?raw")),
    reading: siameseReading,
  },
  "siamese-wp": {
    table: GAME_TABLES["siamese-wp"],
    frame: lazy(() => import("./siamese-wp/ReplayFrame")),
    rules: markdown(() => import("../content/rules/siamese-wp.md?raw")),
    reading: siameseReading,
    handList: {
      title: "The Wright-Patterson hand list",
      choice: "Wright-Patterson hand list",
      about:
        "Wright-Patterson Siamese is played from this list instead of a card: each hand is four sets (chows, pungs or kongs) and a pair, or one of the special hands, and pays its limit.",
      list: lazy(() => import("./siamese-wp/HandList")),
    },
  },
  american: {
    table: GAME_TABLES.american,
    frame: lazy(() => import("./american/ReplayFrame")),
    rules: markdown(() => import("../content/rules/american.md?raw")),
    reading: () => import("./american/reading").then((m) => m.readAmerican),
  },
  "chinese-ming": {
    table: GAME_TABLES["chinese-ming"],
    frame: lazy(() => import("./chinese-ming/ReplayFrame")),
    rules: markdown(() => import("../content/rules/chinese-ming.md?raw")),
    reading: () => import("./chinese-ming/reading").then((m) => m.readChinese),
    match: chineseMatch,
  },
  // Royale: the Siamese table with three or four racks, folded to one line each on a phone
  royale: {
    table: GAME_TABLES.royale,
    frame: SiameseFrame,
    rules: markdown(() => import("../content/rules/royale.md?raw")),
    reading: siameseReading,
  },
};

/** A ruleset's web parts, or undefined for an id no ruleset has (an old link, a typed address). */
export const webRuleset = (id: string): WebRuleset | undefined => (Object.hasOwn(WEB_RULESETS, id) ? WEB_RULESETS[id as RulesetId] : undefined);
