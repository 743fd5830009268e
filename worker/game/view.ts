/** What one seat is shown: the engine's view for that seat plus clocks, players and recent events. */
import * as engine from "./engine";
import { deadlineOf } from "./clock";
import type { GameDoc } from "./store";
import type { GameEvent, Seat } from "../engine/api";

/** How many of the latest events a view shows. */
export const RECENT_EVENTS = 40;

export interface StoredEvent {
  version: number;
  at: number;
  event: GameEvent;
}

export function names(doc: GameDoc): string[] {
  return doc.players.map((p, i) => p?.name ?? `Seat ${i + 1}`);
}

/** `recent`: the latest events of the log (at most RECENT_EVENTS are shown), oldest first. */
export function payload(doc: GameDoc, state: unknown, recent: readonly StoredEvent[], seat: Seat | null, now: number) {
  const running = doc.status === "active";
  const seen = doc.status === "ended" ? null : seat;
  const who = names(doc);
  return {
    id: doc.id,
    version: doc.version,
    status: doc.status,
    ruleset: doc.ruleset,
    options: doc.options,
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
        name: p?.name ?? null,
        toAct: !!clock,
        deadline: clock ? deadlineOf(clock) : null,
        onVacationUntil: vacationUntil > now ? vacationUntil : null,
      };
    }),
    view: state === null ? null : engine.viewFor(state as never, seen),
    legalMoves: running && seat !== null ? engine.legalMoves(state as never, seat) : [],
    hints: running && seat !== null && doc.options.hints !== false ? engine.hints(state as never, seat) : null,
    result: doc.status === "ended" ? engine.result(state as never) : null,
    events:
      state === null
        ? []
        : recent.slice(-RECENT_EVENTS).map(({ version, at, event }) => {
            const shown = engine.viewEvent(event, seen);
            return { version, at, event: shown, text: engine.describeEvent(shown as never, who, doc.ruleset) };
          }),
    now,
  };
}

export type GamePayload = ReturnType<typeof payload>;
