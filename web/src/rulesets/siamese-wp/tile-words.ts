/**
 * The Wright-Patterson set's words (RULES §5): the Chinese set's suits (Bamboo, Characters,
 * Circles), winds and dragons, and its eight flowers as this edition names them — Flowers 1–4
 * (red) and Seasons 1–4 (blue). The WP pages provide it to the shared table (TileWordsContext).
 */
import type { TileWords } from "../../components/tile-words";
import { face } from "../../components/tile-words";
import { flowerOf, wpTileName } from "../../../../worker/engine/variants/siamese-wp/tiles";

export const WP_WORDS: TileWords = {
  face: (k) => {
    const f = flowerOf(k);
    return f ? { big: String(f.number), small: f.colour === "red" ? "Flower" : "Season", tone: `flower-${f.colour}` } : face(k, "chinese");
  },
  // "5 Characters", "Red dragon", "Season 3 (blue)": the tile's name and its Discard button's.
  label: wpTileName,
  name: wpTileName,
};
