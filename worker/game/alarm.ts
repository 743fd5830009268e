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

/**
 * How the alarm's times map to the game's clock: in production the game's clock is real time and
 * nothing is kept beside the platform's alarm; in development the clock runs `offset()` ahead and
 * the time the stored alarm rings on the game's clock is kept by the development hooks
 * (dev-hooks.ts), since the offset moves on between the alarm's setting and its ringing.
 */
export interface AlarmFrame {
  offset(): number;
  kept?: { get(): number | null | undefined; put(gameAt: number | null | undefined): void };
}

/**
 * The game's one alarm, written only when it must ring sooner than it is set to. An alarm set to
 * ring earlier than needed stays: a turn passed moves the next reminder or deadline later, and
 * writing the alarm at every turn cost a row written per move; the alarm that rings early finds
 * nothing due (alarm.ts `rung`, quiet) and is set then for what is next (ring.ts). It never rings
 * late: a time sooner than the one set, or an alarm not known to be set, is always written.
 */
export class Alarm {
  /** When the stored alarm rings on the game's clock (null: none), as this instance last set or found it (undefined: unknown, e.g. after a restart). */
  private at: number | null | undefined = undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly frame: AlarmFrame = { offset: () => 0 },
  ) {}

  /** Sets the alarm to ring at `real` (real time; null: nothing due), unless it is set to ring sooner. */
  async set(real: number | null) {
    const at = real === null ? null : real + this.frame.offset();
    if (at === this.at) return;
    // Set to ring sooner (or nothing is due any more): it rings, finds nothing to do, and sets what is then next.
    if (typeof this.at === "number" && (at === null || this.at <= at)) return;
    if (this.at === undefined) {
      // Unknown after a restart: the stored alarm is asked (the runtime keeps it; the meter counts no row for it), and kept when it rings sooner.
      const stored = await this.stored();
      if (stored !== null && at !== null && stored <= at) {
        this.at = stored;
        return;
      }
    }
    this.at = at;
    this.frame.kept?.put(at);
    if (real === null) await this.storage.deleteAlarm();
    else await this.storage.setAlarm(real);
  }

  /** When the stored alarm rings on the game's clock, or null. */
  async ringsAt(): Promise<number | null> {
    if (this.at === undefined) this.at = await this.stored();
    return this.at;
  }

  /** When the alarm rings once it is set for `at` (the game's clock; null: nothing due): an alarm set sooner stays (`set`). */
  async ringsBy(at: number | null): Promise<number | null> {
    const stored = await this.ringsAt();
    return stored !== null && (at === null || stored < at) ? stored : at;
  }

  private async stored(): Promise<number | null> {
    const kept = this.frame.kept?.get();
    if (kept !== undefined) return kept;
    const real = await this.storage.getAlarm();
    return real === null ? null : real + this.frame.offset();
  }

  /**
   * The game's clock jumped (development: dev-hooks.ts): the stored alarm, set in real time, now rings at another time on
   * the game's clock. Its time there is asked again (the stored alarm, on the new offset), so that the next `set` writes
   * a time that is now sooner; comparing times on the game's clock alone, the alarm stayed set a jump too late.
   */
  reframed() {
    this.at = undefined;
    this.frame.kept?.put(undefined);
  }

  /** Deletes the alarm; the next `set` writes whatever its time. */
  async clear() {
    await this.storage.deleteAlarm();
    this.frame.kept?.put(null);
    this.at = undefined;
  }

  /** The alarm ran (it is no longer set, unless set again): the next `set` writes whatever its time but nothing. */
  forget() {
    this.at = null;
    this.frame.kept?.put(null);
  }
}
