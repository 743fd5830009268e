import { FIRST_CHINESE_FLOWER, FIRST_DRAGON, FIRST_WIND, FLOWER, JOKER, isDragon, isSuited, isWind, numberOf, suitOf, tileName, type Kind, type TileSet } from "../../../worker/engine/tiles";

// The suits' short words on a tile face, in each set's own names (RULES §1).
const SUIT_FACES: Record<TileSet, string[]> = { american: ["Bam", "Crak", "Dot"], chinese: ["Bam", "Char", "Circ"] };

/** Face of a tile in large print: a big mark, a small word, and the suit's colour. */
export function face(k: Kind, set: TileSet = "american"): { big: string; small: string; tone: string } {
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

interface TileProps {
  kind: Kind;
  selected?: boolean;
  /** Small tiles for exposures of the opponent and the discard pile. */
  size?: "lg" | "md" | "sm";
  onTap?: () => void;
  /** Extra words for screen readers, e.g. "in exposure on rack 1". */
  note?: string;
  /** Marks the tile just drawn. */
  fresh?: boolean;
  /** Whose words name the tile (face and screen readers): the American set unless told. */
  set?: TileSet;
}

export function Tile({ kind, selected, size = "lg", onTap, note, fresh, set = "american" }: TileProps) {
  const f = face(kind, set);
  // The name says what the face says ("5 Crak"), so a spoken command ("tap 5 Crak") finds it.
  const label = tileLabel(kind, set) + (note ? `, ${note}` : "") + (selected ? ", selected" : "");
  const cls = `tile tile-${size} tone-${f.tone}${selected ? " selected" : ""}${fresh ? " fresh" : ""}`;
  // The face is drawn from data attributes (CSS), so what is read is the name alone, never "5Crak".
  const inner = (
    <>
      <span class="tile-big" aria-hidden="true" data-face={f.big} />
      <span class="tile-small" aria-hidden="true" data-face={f.small} />
    </>
  );
  if (onTap)
    return (
      <button type="button" class={cls} aria-label={label} aria-pressed={!!selected} onClick={onTap}>
        {inner}
      </button>
    );
  return (
    <span class={cls} role="img" aria-label={label}>
      {inner}
    </span>
  );
}

/** A face-down tile (opponent's concealed tiles): only the count matters. */
export function TileBack({ size = "sm" }: { size?: "md" | "sm" }) {
  return <span class={`tile tile-${size} tile-back`} aria-hidden="true" />;
}
