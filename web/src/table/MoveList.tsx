/** The moves so far on the table, newest first, in words (events another seat may not see are already left out). */
import { moveList } from "./model";

export function MoveList({ events }: { events: { version: number; text: string }[] }) {
  const list = moveList(events);
  if (!list.length) return null;
  return (
    <details class="moves">
      <summary>Moves, newest first ({list.length})</summary>
      <ol class="move-list">
        {list.map((e, i) => (
          <li key={`${e.version}-${i}`}>{e.text}</li>
        ))}
      </ol>
    </details>
  );
}
