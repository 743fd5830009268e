/**
 * The moves so far on the table, newest first, in words (events another seat may not see are
 * already left out). A move your standing orders played for you is marked so: only your own view
 * of the log carries that mark (the engine's `byOrders`), never another seat's.
 */
import { moveList } from "./model";

const byOrders = (e: { event?: unknown }) => !!(e.event && typeof e.event === "object" && (e.event as { byOrders?: unknown }).byOrders);

export function MoveList({ events }: { events: { version: number; text: string; event?: unknown }[] }) {
  const list = moveList(events);
  if (!list.length) return null;
  return (
    <details class="moves">
      <summary>Moves, newest first ({list.length})</summary>
      <ol class="move-list">
        {list.map((e, i) => (
          <li key={`${e.version}-${i}`}>
            {e.text}
            {byOrders(e) ? <small class="by-orders"> · by your orders</small> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
