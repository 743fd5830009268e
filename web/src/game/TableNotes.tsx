/**
 * What a player coming back over days must read first, above every table (issue 36): a time-out
 * ("Your time ran out on move 41: we drew and threw for you. Two more in a row and the game ends as
 * abandoned by you.", the others reading it in the third person) while its streak lasts, and who
 * is away on vacation with their clock stopped ("Dave is away until Sat 3 pm; their clock is
 * stopped."). The service words the time-outs for each seat (worker/game/timeouts.ts).
 */
import type { GameInfo } from "../api";
import { lazy } from "../lazy";
import "./correspondence.css";

/** The notes' words (./TableNotesBody.tsx), a chunk loaded only for a game that has some: before its first drawing when the game page opens on it (`loadNotes`), else when one comes. */
const Notes = lazy(() => import("./TableNotesBody"), true);

/** A time-out whose streak lasts, or a player away: the notes may have something to say. */
const due = (game: GameInfo) => game.status === "active" && game.players.some((p) => p.timeouts > 0 || (p.onVacationUntil !== null && !!p.name));

/** Loads the notes' words if this game has notes, so that its first drawing has them. */
export const loadNotes = (game: GameInfo): Promise<void> => (due(game) ? Notes.load() : Promise.resolve());

export function TableNotes({ game, seat }: { game: GameInfo; seat: number }) {
  return due(game) ? <Notes game={game} seat={seat} /> : null;
}
