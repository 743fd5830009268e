/**
 * The correspondence clock (pure; time is passed in).
 *
 * Each seat that must act has its own clock for the current turn: `daysPerMove` days from the
 * moment the turn became theirs, plus any time they were on vacation meanwhile. Reminders go
 * out at 80 % of the running time and again 2 hours before the end; at the deadline the
 * timeout ruling applies (the DO plays the turn for them).
 */

export const DAY = 24 * 60 * 60 * 1000;
export const FINAL_REMINDER_BEFORE = 2 * 60 * 60 * 1000;

export interface Clock {
  seat: number;
  startedAt: number;
  allowanceMs: number;
  /** Time the clock stood still (vacation). */
  pausedMs: number;
  /** 0 none sent, 1 the 80 % reminder sent, 2 the final reminder sent. */
  reminded: 0 | 1 | 2;
}

export const deadlineOf = (c: Clock) => c.startedAt + c.pausedMs + c.allowanceMs;
export const firstReminderAt = (c: Clock) => c.startedAt + c.pausedMs + Math.round(c.allowanceMs * 0.8);
export const finalReminderAt = (c: Clock) => deadlineOf(c) - FINAL_REMINDER_BEFORE;

/** When this clock next needs attention: a reminder or the deadline. */
export function nextDue(c: Clock): number {
  if (c.reminded === 0) return Math.min(firstReminderAt(c), finalReminderAt(c));
  if (c.reminded === 1) return finalReminderAt(c);
  return deadlineOf(c);
}

/**
 * Clocks after a change of whose turn it is: seats still to act keep their clock (a turn can
 * take several moves), seats newly to act start a fresh one, paused while they are on vacation.
 * `restart` lists seats whose turn starts over even if they were already to act.
 */
export function nextClocks(
  old: Clock[],
  toAct: number[],
  now: number,
  allowanceMs: number,
  vacationUntil: (seat: number) => number,
  restart: number[] = [],
): Clock[] {
  return toAct.map((seat) => {
    const kept = old.find((c) => c.seat === seat);
    if (kept && !restart.includes(seat)) return kept;
    return { seat, startedAt: now, allowanceMs, pausedMs: Math.max(0, vacationUntil(seat) - now), reminded: 0 };
  });
}

/** A vacation from now until `until` (or an extension of one ending at `previousUntil`) stops the seat's running clock for that long. */
export function pauseFor(c: Clock, now: number, previousUntil: number, until: number): Clock {
  const extra = until - Math.max(now, previousUntil, c.startedAt);
  return extra > 0 ? { ...c, pausedMs: c.pausedMs + extra } : c;
}

/** A vacation that was to end at `until` ends early at `now`: the clock gives back the pause it had not yet used. */
export function resumeAt(c: Clock, now: number, until: number): Clock {
  const unused = until - Math.max(now, c.startedAt);
  return unused > 0 ? { ...c, pausedMs: Math.max(0, c.pausedMs - unused) } : c;
}

export type ClockEvent = { kind: "reminder" | "final-reminder" | "timeout"; seat: number };

/** What is due at `now`, earliest clock first; reminders are marked sent in the returned clocks. */
export function dueEvents(clocks: Clock[], now: number): { events: ClockEvent[]; clocks: Clock[] } {
  const events: ClockEvent[] = [];
  const updated = clocks.map((c) => {
    if (now >= deadlineOf(c)) {
      events.push({ kind: "timeout", seat: c.seat });
      return c;
    }
    let reminded = c.reminded;
    if (now >= finalReminderAt(c) && reminded < 2) {
      events.push({ kind: "final-reminder", seat: c.seat });
      reminded = 2;
    } else if (now >= firstReminderAt(c) && reminded < 1) {
      events.push({ kind: "reminder", seat: c.seat });
      reminded = 1;
    }
    return { ...c, reminded };
  });
  return { events, clocks: updated };
}

/** An organiser gives the turn `ms` more; reminders already sent are owed again if their time moved ahead. */
export function extendClock(c: Clock, ms: number, now: number): Clock {
  const longer = { ...c, allowanceMs: c.allowanceMs + ms };
  const reminded = now < firstReminderAt(longer) ? 0 : now < finalReminderAt(longer) ? 1 : 2;
  return { ...longer, reminded: Math.min(c.reminded, reminded) as Clock["reminded"] };
}

/**
 * When the game's alarm is to ring (real time), or null when nothing is due: the earliest of its
 * clocks' next reminders or deadlines and a computer seat's move (`computerAt`), both on the
 * game's clock (`offsetMs` ahead of real time in development), and of the other `dues` (real
 * time: a ledger retry, an index retry, waiting notices). Never before `now` (real time).
 */
export function nextAlarm(doc: { clocks: Clock[] }, at: { now: number; offsetMs?: number; computerAt?: number | null }, ...dues: (number | null | undefined)[]): number | null {
  const offset = at.offsetMs ?? 0;
  const times = doc.clocks.map((c) => nextDue(c) - offset);
  if (at.computerAt != null) times.push(at.computerAt - offset);
  for (const d of dues) if (d != null) times.push(d);
  return times.length ? Math.max(at.now, Math.min(...times)) : null;
}
