/**
 * Whose words name and draw the tiles at a table: the American set's ("5 Crak", "Soap") unless a
 * ruleset's page provides its own set (Wright-Patterson: "5 Characters", "Season 3 (blue)"). The
 * table's parts read it from context, so a table shared by several rulesets never asks which
 * ruleset it draws.
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { FIRST_CHINESE_FLOWER, FIRST_DRAGON, FIRST_WIND, FLOWER, JOKER, isDragon, isSuited, isWind, numberOf, suitOf, tileName, type Kind, type TileSet } from "../../../worker/engine/tile-kinds";

export interface Face {
  big: string;
  small: string;
  tone: string;
}

// The suits' short words on a tile face, in each set's own names (RULES §1).
const SUIT_FACES: Record<TileSet, string[]> = { american: ["Bam", "Crak", "Dot"], chinese: ["Bam", "Char", "Circ"] };

/** Face of a tile in large print: a big mark, a small word, and the suit's colour. */
export function face(k: Kind, set: TileSet = "american"): Face {
  if (isSuited(k)) {
    const s = suitOf(k);
    return { big: String(numberOf(k)), small: SUIT_FACES[set][s]!, tone: ["bam", "crak", "dot"][s]! };
  }
  if (isWind(k)) {
    const w = ["North", "East", "West", "South"][k - FIRST_WIND]!;
    return { big: w[0]!, small: w, tone: "wind" };
  }
  if (isDragon(k)) {
    const i = k - FIRST_DRAGON;
    return [
      { big: "R", small: "Red", tone: "crak" },
      { big: "G", small: "Green", tone: "bam" },
      set === "chinese" ? { big: "Wh", small: "White", tone: "dot" } : { big: "0", small: "Soap", tone: "dot" },
    ][i]!;
  }
  if (k === FLOWER) return { big: "✿", small: "Flower", tone: "flower" };
  if (k === JOKER) return { big: "J", small: "Joker", tone: "joker" };
  // The Chinese set's numbered flowers: the number large, in its flower's red or green.
  const i = k - FIRST_CHINESE_FLOWER;
  return { big: String((i % 4) + 1), small: "Flower", tone: i < 4 ? "flower-red" : "flower-green" };
}

/** A tile's name as its face says it: "5 Crak", "North", "Red dragon" (the tile's and its Discard button's name). */
export const tileLabel = (k: Kind, set: TileSet = "american") => {
  const f = face(k, set);
  return isSuited(k) ? `${f.big} ${f.small}` : tileName(k, set);
};

export interface TileWords {
  /** The face in large print: a big mark, a small word, a tone (the CSS class `tone-…`). */
  face: (k: Kind) => Face;
  /** The tile's own name as its face says it (the tile's accessible name): "5 Crak". */
  label: (k: Kind) => string;
  /** The tile in messages and on buttons: "5 Craks", "Discard 5 Characters". */
  name: (k: Kind) => string;
}

const wordsOf = (set: TileSet): TileWords => ({ face: (k) => face(k, set), label: (k) => tileLabel(k, set), name: (k) => tileName(k, set) });

/** The words of each of the engine's tile sets (RULES §1). */
const SET_WORDS: Record<TileSet, TileWords> = { american: wordsOf("american"), chinese: wordsOf("chinese") };

/** The words of one of the engine's tile sets. */
export const setWords = (set: TileSet): TileWords => SET_WORDS[set];

export const AMERICAN_WORDS: TileWords = SET_WORDS.american;

export const TileWordsContext = createContext<TileWords>(AMERICAN_WORDS);

/** The tile words of the table being drawn. */
export const useTileWords = () => useContext(TileWordsContext);
