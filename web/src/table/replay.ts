/** Replays a finished game's record with the engine in the browser: one frame per recorded move. */
import { apply, abandon, describeEvent, newGame, timeout, viewFor, type GameRecord, type GameState } from "../../../worker/engine/index";
import { readTable, type TableM } from "./model";

export interface Frame {
  table: TableM;
  /** What the move did, in words ("Ann discarded 7 Dots"); empty for the deal. */
  text: string;
}

/** Every seat's concealed tiles shown: a replay of a finished game hides nothing. */
function openTable(state: GameState): TableM | null {
  const seats = Array.from({ length: state.players }, (_, i) => readTable(viewFor(state, i))?.seats[i]);
  const t = readTable(viewFor(state, 0));
  if (!t || seats.some((s) => !s)) return null;
  return { ...t, seats: seats as TableM["seats"] };
}

export function replay(record: GameRecord, names: string[]): Frame[] | string {
  const start = newGame(record.ruleset, record.options, record.seed);
  if (!start.ok) return start.message;
  let state = start.state;
  const frames: Frame[] = [{ table: openTable(state)!, text: "The deal" }];
  for (const { seat, move } of record.moves) {
    const r = move.type === "timeout" ? timeout(state, seat) : move.type === "abandon" ? abandon(state, seat) : apply(state, seat, move);
    if (!r.ok) return `Move ${frames.length} could not be replayed: ${r.message}`;
    state = r.state;
    const text = r.events
      .filter((e) => e.type !== "turn")
      .map((e) => describeEvent({ ...e, ...(e.secret ?? {}), secret: e.secret }, names))
      .join(". ");
    frames.push({ table: openTable(state)!, text: move.type === "timeout" ? `Time ran out: ${text}` : text });
  }
  return frames;
}
