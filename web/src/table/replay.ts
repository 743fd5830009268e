/**
 * Replays a finished game's record with the engine in the browser: one frame per recorded move,
 * each with every seat's concealed tiles laid open (a finished game hides nothing). A match of
 * several hands (its ruleset says how to walk it) also gets a frame for the end of each hand, before
 * the next deal.
 */
import type { Move } from "../../../worker/engine/api";
import { apply, abandon, describeEvent, newGame, timeout, viewFor, type GameRecord, type GameState } from "../../../worker/engine/index";
import type { Frame, MatchReplay } from "../table-types";

const GROUP_NAMES: Record<number, string> = { 1: "single", 2: "pair", 3: "pung", 4: "kong", 5: "quint", 6: "sextet" };

type Seats = { seats: unknown[] };

/** The spectator's view, each seat replaced by what that seat sees of itself. */
function openView(state: GameState, match?: MatchReplay): unknown {
  const own = (i: number) => viewFor(state, i);
  const all = viewFor(state, null);
  if (match) return match.openView(all, own);
  const v = all as Seats;
  return { ...v, seats: v.seats.map((_, i) => (own(i) as Seats).seats[i]) };
}

/**
 * A claim window's answer as given (American, Royale with 3–4 players): during play the others saw
 * only "Bob answered"; a finished game hides nothing, so the replay tells the answer. Running out of
 * time in a window is a pass.
 */
function answerWords(name: string, move: Move): string {
  const rack = typeof move.rack === "number" ? ` on rack ${move.rack + 1}` : "";
  if (move.type === "call-mahjong") return `${name} called the discard for Mah Jongg${rack}`;
  if (move.type === "call") {
    const jokers = typeof move.jokers === "number" && move.jokers ? ` with ${move.jokers} joker${move.jokers === 1 ? "" : "s"}` : "";
    return `${name} called the discard for a ${GROUP_NAMES[move.size as number] ?? "group"}${rack}${jokers}`;
  }
  return `${name} passed${move.type === "timeout" ? " (time ran out)" : ""}`;
}

/** `match`: how the record's ruleset walks a match of several hands (its web registry entry says), if it plays one. */
export function replay(record: GameRecord, names: string[], match?: MatchReplay): Frame[] | string {
  const handOf = (state: GameState) => (match ? match.handOf(state) : 0);
  const handsDone = (state: GameState) => (match ? match.handsDone(state) : 0);
  const start = newGame(record.ruleset, record.options, record.seed);
  if (!start.ok) return start.message;
  let state = start.state;
  const frames: Frame[] = [{ view: openView(state, match), text: "The deal", hand: 0 }];
  for (const [n, { seat, move }] of record.moves.entries()) {
    const r = move.type === "timeout" ? timeout(state, seat) : move.type === "abandon" ? abandon(state, seat) : apply(state, seat, move);
    if (!r.ok) return `Move ${n + 1} could not be replayed: ${r.message}`;
    const done = handsDone(state);
    state = r.state;
    const words = (events: typeof r.events) =>
      events
        .filter((e) => e.type !== "turn" && !(e.type === "timeout" && events.some((a) => a.type === "window-answered" && a.seat === e.seat)))
        // an answer that the window's close carries out at once is told by the claim itself
        .filter((e) => !(e.type === "window-answered" && events.some((a) => (a.type === "claim" || a.type === "mahjong") && a.seat === e.seat)))
        .map((e) =>
          e.type === "window-answered" && e.seat === seat
            ? answerWords(names[seat] ?? `Seat ${seat + 1}`, move)
            : describeEvent({ ...e, ...(e.secret ?? {}), secret: e.secret }, names, record.ruleset),
        )
        .filter(Boolean)
        .join(". ");
    const view = openView(state, match);
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
