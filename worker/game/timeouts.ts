/**
 * Time-outs told to whom they concern (issue 36). The timeout ruling's events carry what a player
 * needs to read about it (which move, how many in a row, what was played for them), added when the
 * ruling is made (`marked`); `timeoutWords` then says it in the second person to the player who
 * timed out and in the third to everyone else, on the table, in the move list and in mail. Pure.
 */
import type { GameEvent, Seat } from "../engine/api";

/** What a timeout event carries once marked. `window`: silence in a claim window, a pass that counts for nothing. */
export interface TimeoutMark {
  /** The move it was, as the games list counts them (the record's entry, from 1). */
  move: number;
  /** Time-outs in a row of that seat, this one included. */
  streak: number;
  /** After this many in a row the game ends as abandoned. */
  of: number;
  /** What we played for them: "drew and threw", "threw a tile", "passed tiles", "played the turn". */
  did: string;
  window?: boolean;
}

const isMarked = (e: GameEvent): e is GameEvent & TimeoutMark => e.type === "timeout" && typeof e.move === "number" && typeof e.streak === "number";

/** What the ruling played for `seat`, read from its events after the timeout event at `i` (another seat's orders may follow them). */
function didFor(events: readonly GameEvent[], i: number, seat: Seat): string {
  const kinds = new Set<string>();
  for (let j = i + 1; j < events.length && events[j]!.seat === seat && events[j]!.type !== "timeout"; j++) kinds.add(events[j]!.type);
  if (kinds.has("draw") && kinds.has("discard")) return "drew and threw";
  if (kinds.has("discard")) return "threw a tile";
  if ([...kinds].some((k) => k.startsWith("charleston"))) return "passed tiles";
  return "played the turn";
}

/**
 * The ruling's events with its timeout events marked: `seat`'s one with the move it was and its
 * `streak` of `of`, any other seat's (a claim window closing on several silent seats) as a window's
 * pass; the abandonment that follows a last time-out marked `timedOut`.
 */
export function marked(events: readonly GameEvent[], seat: Seat, o: { move: number; streak: number; of: number; window: boolean }): GameEvent[] {
  return events.map((e, i) => {
    if (e.type === "timeout" && e.seat !== null) {
      const window = o.window || e.seat !== seat;
      return { ...e, move: o.move, streak: window ? 0 : o.streak, of: o.of, did: window ? "passed" : didFor(events, i, e.seat), ...(window ? { window: true } : {}) };
    }
    return e.type === "abandoned" && e.seat === seat && !o.window ? { ...e, timedOut: o.of } : e;
  });
}

const COUNT = ["No", "One", "Two", "Three", "Four", "Five"];
const count = (n: number) => COUNT[n] ?? String(n);
const inWords = (n: number) => (COUNT[n] ?? String(n)).toLowerCase();

/**
 * A marked time-out (or the abandonment it brought) in words for `viewer` (null: anyone), or null for
 * any other event. "Your time ran out on move 41: we drew and threw for you. Two more in a row and the
 * game ends as abandoned by you."; the others read "Dave's time ran out on move 41: we drew and threw
 * for Dave. Two more in a row and the game ends as abandoned by Dave."
 */
export function timeoutWords(e: GameEvent, viewer: Seat | null, names: readonly string[]): string | null {
  if (e.seat === null) return null;
  const you = viewer === e.seat;
  const name = names[e.seat] ?? `Seat ${e.seat + 1}`;
  const whose = you ? "Your" : `${name}'s`;
  const them = you ? "you" : name;
  if (e.type === "abandoned" && typeof e.timedOut === "number") return `${whose} time ran out ${inWords(e.timedOut)} turns in a row: the game ended as abandoned by ${them}`;
  if (!isMarked(e)) return null;
  if (e.window) return `${whose} time to call ran out: ${you ? "you passed" : "a pass"}`;
  const said = `${whose} time ran out on move ${e.move}: we ${e.did} for ${them}`;
  const left = e.of - e.streak;
  return left > 0 ? `${said}. ${count(left)} more in a row and the game ends as abandoned by ${them}` : said;
}

/** The time-outs (not a window's) that count towards an abandonment, among `events`. */
export const countedTimeouts = (events: readonly GameEvent[]): (GameEvent & TimeoutMark)[] => events.filter(isMarked).filter((e) => !e.window && e.streak > 0);

/** The counted time-outs of the others since `seat`'s own latest event: what happened while they were away. */
export function timeoutsSince(events: readonly GameEvent[], seat: Seat): (GameEvent & TimeoutMark)[] {
  const last = events.findLastIndex((e) => e.seat === seat);
  return countedTimeouts(events.slice(last + 1)).filter((e) => e.seat !== seat);
}
