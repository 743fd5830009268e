/**
 * Replays a finished game's record with the engine in the browser: one frame per recorded move,
 * each with every seat's concealed tiles laid open (a finished game hides nothing). A chinese-ming
 * match also gets a frame for the end of each hand, before the next deal.
 */
import { apply, abandon, describeEvent, newGame, timeout, viewFor, type GameRecord, type GameState } from "../../../worker/engine/index";

export interface Frame {
  /** The engine's view with every seat's own tiles shown (same shape as viewFor's for this ruleset). */
  view: unknown;
  /** What the move did, in words ("Ann discarded 7 Dots"). */
  text: string;
  /** Which hand of a match this frame belongs to (0 for one-hand games). */
  hand: number;
  /** chinese-ming: index in view.hands of the hand that has just ended (the frame shows its score sheets). */
  ended?: number;
}

type Seats = { seats: unknown[] };

/** The spectator's view, each seat replaced by what that seat sees of itself. */
function openView(state: GameState): unknown {
  const own = (i: number) => viewFor(state, i) as never;
  const seats = (v: Seats, pick: (i: number) => Seats) => ({ ...v, seats: v.seats.map((_, i) => pick(i).seats[i]) });
  const all = viewFor(state, null) as Seats & { hand: Seats };
  if (state.ruleset === "chinese-ming") return { ...all, hand: seats(all.hand, (i) => (own(i) as { hand: Seats }).hand) };
  return seats(all, own);
}

const handOf = (state: GameState) => (state.ruleset === "chinese-ming" ? state.hand.number : 0);
const handsDone = (state: GameState) => (state.ruleset === "chinese-ming" ? state.hands.length : 0);

export function replay(record: GameRecord, names: string[]): Frame[] | string {
  const start = newGame(record.ruleset, record.options, record.seed);
  if (!start.ok) return start.message;
  let state = start.state;
  const frames: Frame[] = [{ view: openView(state), text: "The deal", hand: 0 }];
  for (const [n, { seat, move }] of record.moves.entries()) {
    const r = move.type === "timeout" ? timeout(state, seat) : move.type === "abandon" ? abandon(state, seat) : apply(state, seat, move);
    if (!r.ok) return `Move ${n + 1} could not be replayed: ${r.message}`;
    const done = handsDone(state);
    state = r.state;
    const words = (events: typeof r.events) =>
      events
        .filter((e) => e.type !== "turn")
        .map((e) => describeEvent({ ...e, ...(e.secret ?? {}), secret: e.secret }, names, record.ruleset))
        .filter(Boolean)
        .join(". ");
    const view = openView(state);
    if (handsDone(state) > done) {
      // The move that ended a hand also dealt the next one (from its "hand" event on): two frames.
      const next = r.events.findIndex((e) => e.type === "hand");
      const cut = next < 0 ? r.events.length : next;
      frames.push({ view, text: (move.type === "timeout" ? "Time ran out: " : "") + words(r.events.slice(0, cut)), hand: done, ended: done });
      if (state.phase !== "over") frames.push({ view, text: words(r.events.slice(cut)) || `Hand ${handOf(state) + 1}: the deal`, hand: handOf(state) });
    } else frames.push({ view, text: (move.type === "timeout" ? "Time ran out: " : "") + words(r.events), hand: handOf(state) });
  }
  return frames;
}
