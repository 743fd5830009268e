import { FIRST_DRAGON, FIRST_WIND, FLOWER, JOKER, isDragon, isSuited, isWind, numberOf, suitOf, tileName, type Kind } from "../../../worker/engine/tiles";

/** Face of a tile in large print: a big mark, a small word, and the suit's colour. */
export function face(k: Kind): { big: string; small: string; tone: string } {
  if (isSuited(k)) {
    const s = suitOf(k);
    return { big: String(numberOf(k)), small: ["Bam", "Crak", "Dot"][s]!, tone: ["bam", "crak", "dot"][s]! };
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
      { big: "0", small: "Soap", tone: "dot" },
    ][i]!;
  }
  if (k === FLOWER) return { big: "✿", small: "Flower", tone: "flower" };
  if (k === JOKER) return { big: "J", small: "Joker", tone: "joker" };
  return { big: "✿", small: tileName(k).replace("flower ", "Fl "), tone: "flower" };
}

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
}

export function Tile({ kind, selected, size = "lg", onTap, note, fresh }: TileProps) {
  const f = face(kind);
  const label = tileName(kind) + (note ? `, ${note}` : "") + (selected ? ", selected" : "");
  const cls = `tile tile-${size} tone-${f.tone}${selected ? " selected" : ""}${fresh ? " fresh" : ""}`;
  const inner = (
    <>
      <span class="tile-big" aria-hidden="true">{f.big}</span>
      <span class="tile-small" aria-hidden="true">{f.small}</span>
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
