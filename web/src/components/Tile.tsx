import type { Kind, TileSet } from "../../../worker/engine/tile-kinds";
import { setWords, useTileWords } from "./tile-words";

export { face, tileLabel, type Face } from "./tile-words";

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
  /** Whose words name the tile (face and screen readers): the table's (TileWordsContext, American unless a page provides its set) unless told. */
  set?: TileSet;
}

export function Tile({ kind, selected, size = "lg", onTap, note, fresh, set }: TileProps) {
  const table = useTileWords();
  const words = set ? setWords(set) : table;
  const f = words.face(kind);
  // The name says what the face says ("5 Crak"), so a spoken command ("tap 5 Crak") finds it.
  const label = words.label(kind) + (note ? `, ${note}` : "") + (selected ? ", selected" : "");
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
