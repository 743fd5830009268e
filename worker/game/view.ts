/** What one seat is shown: the engine's view for that seat plus clocks, players and recent events. */
import * as engine from "./engine";
import type { GameState } from "./engine";
import { deadlineOf } from "./clock";
import type { GameDoc } from "./store";
import type { GameEvent, Seat } from "../engine/api";
import { timeoutWords } from "./timeouts";
import { withCardName } from "../lib/privacy";
import { distinctNames } from "../table/names";

/** How many of the latest events a view shows. */
export const RECENT_EVENTS = 40;

export interface StoredEvent {
  version: number;
  at: number;
  event: GameEvent;
}

export function names(doc: GameDoc): string[] {
  return distinctNames(doc.players.map((p, i) => p?.name ?? `Seat ${i + 1}`));
}

/** An engine view (every ruleset's carries the options) as someone without a seat may read it: a stored card by its name. */
const cardNamed = (view: unknown): unknown =>
  view && typeof view === "object" && "options" in view && view.options && typeof view.options === "object" ? { ...view, options: withCardName(view.options) } : view;

interface ShownEvent {
  version: number;
  at: number;
  event: unknown;
  text: string;
}

/**
 * An event as one seat (or everyone, `null`) sees it, in words. The DO keeps its recent events in
 * memory and shows each one in many views, so what a stored event looks like for a seat and
 * these names (`key`, one per seat, ruleset and names) is worked out once (an event never changes once stored).
 */
const shownCache = new WeakMap<StoredEvent, Map<string, ShownEvent>>();
function shownEvent(e: StoredEvent, seen: Seat | null, who: string[], ruleset: GameDoc["ruleset"], key: string): ShownEvent {
  let forEvent = shownCache.get(e);
  if (!forEvent) shownCache.set(e, (forEvent = new Map()));
  let shown = forEvent.get(key);
  if (!shown) {
    const event = engine.viewEvent(e.event, seen);
    shown = { version: e.version, at: e.at, event, text: engine.describeEvent(event, who, ruleset) };
    forEvent.set(key, shown);
  }
  return shown;
}

/** The event as `seat` reads it: a time-out or the abandonment it brought in their own words, anything else as shown to all. */
function toViewer(shown: ShownEvent, seat: Seat | null, who: string[]): ShownEvent {
  const told = timeoutWords(shown.event as GameEvent, seat, who);
  return told ? { ...shown, text: told } : shown;
}

/**
 * `recent`: the latest events of the log (at most RECENT_EVENTS are shown), oldest first; `here`:
 * who has the game open (a live socket), `live`: the game is played live (live.ts).
 */
export function payload(doc: GameDoc, state: GameState | null, recent: readonly StoredEvent[], seat: Seat | null, now: number, presence: { here: (seat: Seat) => boolean; live: boolean } = { here: () => false, live: false }) {
  const running = doc.status === "active";
  const seen = doc.status === "ended" ? null : seat;
  // A stored card's contents are for the game's players; anyone else reads its name (issue 38, 2).
  const options = seat === null ? withCardName(doc.options) : doc.options;
  const who = names(doc);
  // which cached wording of an event this view takes (see shownEvent)
  const shownKey = `${seen} ${doc.ruleset} ${JSON.stringify(who)}`;
  return {
    id: doc.id,
    version: doc.version,
    status: doc.status,
    ruleset: doc.ruleset,
    options,
    daysPerMove: doc.daysPerMove,
    seat,
    commitment: doc.commitment,
    ...(doc.status === "open" && seat !== null && doc.inviteUrl ? { inviteUrl: doc.inviteUrl } : {}),
    players: doc.players.map((p, i) => {
      const clock = doc.clocks.find((c) => c.seat === i);
      const vacationUntil = p ? (doc.vacations[p.userId] ?? 0) : 0;
      return {
        seat: i,
        userId: p?.userId ?? null,
        name: p ? who[i]! : null,
        computer: p?.computer ? { strength: p.computer.strength } : null,
        toAct: !!clock,
        deadline: clock ? deadlineOf(clock) : null,
        onVacationUntil: vacationUntil > now ? vacationUntil : null,
        /** Turns in a row played for this seat by the timeout ruling (the game ends as abandoned at ABANDON_AFTER). */
        timeouts: doc.timeouts[i] ?? 0,
        /** Has the game open now (computers are always at the table); told to the game's players only. */
        here: seat !== null && (!!p?.computer || (!!p && presence.here(i))),
      };
    }),
    view: state === null ? null : seat === null ? cardNamed(engine.viewFor(state, seen)) : engine.viewFor(state, seen),
    legalMoves: running && state !== null && seat !== null ? engine.legalMoves(state, seat) : [],
    hints: running && state !== null && seat !== null && doc.options.hints !== false && engine.hintsInView(doc.ruleset) ? engine.hints(state, seat) : null,
    result: doc.status === "ended" ? doc.facts.result : null,
    /** Each seat's rating change, once posted ("+12"); null while unrated or not yet posted. */
    ratingChanges: doc.ratingChanges ?? null,
    /** Everyone is at the table: a claim window lasts seconds, not hours (live.ts). */
    live: running && presence.live,
    // a time-out told to the player who timed out in the second person (timeouts.ts)
    events: state === null ? [] : recent.slice(-RECENT_EVENTS).map((e) => toViewer(shownEvent(e, seen, who, doc.ruleset, shownKey), seat, who)),
    now,
  };
}

export type GamePayload = ReturnType<typeof payload>;
