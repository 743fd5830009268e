/**
 * The game's one alarm: when it is to ring (`alarmAt`), what it does to the game when it rings
 * (`rung`, pure; the DO stores what this returns), and the alarm itself (`Alarm`), set only when
 * its time changes.
 */
import type { NotifyMessage } from "../notify/types";
import type { GameState } from "./engine";
import { nextAlarm } from "./clock";
import { computerDueAt, computerMoves } from "./computers";
import { DOC_ONLY } from "./doc";
import { ledgerRetryAt } from "./ledger";
import { reminderNotices } from "./notices";
import type { GameDoc } from "./store";
import { ruleClocks, type Played } from "./turns";

/**
 * When the alarm is to ring (real time), or null: the clocks' reminders and deadlines, a computer
 * seat's move (unless one could not play at this version: `stuck`), a pending ledger post's retry,
 * and the other `dues` (an index retry, waiting notices). `offsetMs`: how far the game's clock
 * runs ahead of real time (development).
 */
export function alarmAt(doc: GameDoc, state: GameState | null, at: { now: number; offsetMs: number; stuck: number }, ...dues: (number | null)[]): number | null {
  const computerAt = at.stuck === doc.version ? null : computerDueAt(doc, state);
  return nextAlarm(doc, { now: at.now, offsetMs: at.offsetMs, computerAt }, ledgerRetryAt(doc, at.now), ...dues);
}

/** What the alarm does at `now` (the game's clock). */
export interface Rung {
  /** Nothing is due and no result waits for the ledger: the alarm came for batched notices or an index retry. */
  quiet: boolean;
  /** The changes to store, in order: the computer moves that were due; else the clocks' reminders marked sent and a timeout ruling. */
  changes: Played[];
  /** The reminders that came due. */
  reminders: (NotifyMessage | null)[];
  /** The version at which a computer seat could not play (its turn then waits for its clock), as `computerMoves` says. */
  stuck: number;
}

/** Computer seats whose move is due play it, one after the other; when none did, the clocks rule (turns.ts `ruleClocks`). */
export function rung(doc: GameDoc, state: GameState | null, now: number, stuck: number, live: (seat: number) => boolean): Rung {
  const computers = computerMoves(doc, state, now, stuck);
  if (computers.played.length) return { quiet: false, changes: computers.played, reminders: [], stuck: computers.stuck };
  const ruled = ruleClocks(doc, state, now);
  if (!ruled.due.length && doc.ledger !== "pending") return { quiet: true, changes: [], reminders: [], stuck: computers.stuck };
  const marked: Played = { doc: ruled.marked, state, step: DOC_ONLY };
  return { quiet: false, changes: ruled.timeout ? [marked, ruled.timeout] : [marked], reminders: reminderNotices(ruled.marked, ruled.due, now, live), stuck: computers.stuck };
}

/** The game's one alarm, set or deleted only when its time changes (most moves leave it where it was). */
export class Alarm {
  /** The time this instance last set (undefined: unknown, e.g. after a restart or once an alarm ran). */
  private at: number | null | undefined = undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  async set(at: number | null) {
    if (at === this.at) return;
    this.at = at;
    if (at === null) await this.storage.deleteAlarm();
    else await this.storage.setAlarm(at);
  }

  /** Deletes the alarm; the next `set` writes whatever its time. */
  async clear() {
    await this.storage.deleteAlarm();
    this.at = undefined;
  }

  /** The alarm ran: the next `set` writes whatever its time. */
  forget() {
    this.at = undefined;
  }
}
