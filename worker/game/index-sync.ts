/**
 * The game's row in the D1 games index (the lists of games): written after each committed change,
 * batched while moves come fast, retried by the alarm when D1 fails. The game's own storage is
 * the truth; the index only shows it.
 */
import type { Env } from "../lib/env";
import { writeIndex, type IndexRow } from "../db/games";
import { dropGameIndex } from "../db/challenges";
import { deadlineOf } from "./clock";
import type { GameDoc } from "./store";
import { meterTempo } from "../lib/meter";

/** A failed D1 index write is tried again by the alarm this much later. */
export const INDEX_RETRY_MS = 30_000;
/** While moves come fast (live play, a benchmark) the D1 index is written at most once per this many milliseconds. */
export const INDEX_BATCH_MS = 2000;

export function indexRow(doc: GameDoc, moves = 0): IndexRow {
  return {
    id: doc.id,
    ruleset: doc.ruleset,
    status: doc.status,
    seats: doc.seats,
    createdBy: doc.players[0]!.userId,
    inviteHash: doc.inviteHash,
    daysPerMove: doc.daysPerMove,
    version: doc.version,
    result: doc.status === "ended" ? (doc.facts.result?.reason ?? null) : null,
    rated: !!doc.rated,
    moves,
    createdAt: doc.createdAt,
    startedAt: doc.startedAt ?? null,
    players: doc.players.flatMap((p, seat) => {
      if (!p) return [];
      const clock = doc.clocks.find((c) => c.seat === seat);
      return [{ seat, userId: p.userId, toAct: !!clock, deadline: clock ? deadlineOf(clock) : null }];
    }),
  };
}

/** Keeps one game's index row current; shaped like NoticeBatch (notices.ts). */
export class IndexSync {
  /** What the D1 index last got from this instance (not stored: after a restart it is written again). */
  private indexed = "";
  /** Who sits in each seat as the D1 index last got it from this instance: a write sends only the seats whose player changed (whose turn it is goes in the game's row). */
  private seatsIndexed = new Map<number, string>();
  private indexing: Promise<boolean> = Promise.resolve(true);
  /** When the index was last written, and whether a write after the answer is already waiting to go out. */
  private indexedAt = 0;
  private waiting = false;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: () => Env,
    /** The row as the game is now. */
    private readonly row: () => IndexRow,
    /** Asks the alarm to try again `ms` from now. */
    private readonly retryIn: (ms: number) => Promise<void>,
    /** Where the game keeps who sits where as the index has it (its own storage): a woken game sends no seat the index has already. */
    private readonly kept?: { get(): Record<string, string> | null; put(seats: Record<string, string>): void },
  ) {}

  /** Whether `seatsIndexed` was read from `kept` (once per instance). */
  private seatsRead = false;

  /**
   * The index is written after the answer: at once when it was not written in the last
   * INDEX_BATCH_MS, otherwise once that long after the last write, with the row as it is then.
   * A failed write is tried again by the alarm.
   */
  soon() {
    if (this.waiting) return; // the write that waits takes this change along
    this.waiting = true;
    const wait = Math.max(0, this.indexedAt + (meterTempo().indexBatchMs ?? INDEX_BATCH_MS) - Date.now());
    const written = (async () => {
      if (wait) await new Promise((r) => setTimeout(r, wait));
      this.waiting = false;
      if (!(await this.now())) await this.retryIn(INDEX_RETRY_MS);
    })();
    this.ctx.waitUntil(written);
  }

  /** Index writes run one after the other, each with the row as it is then; one that finds nothing new is skipped. False: the write failed. */
  now(): Promise<boolean> {
    this.indexing = this.indexing.then(() => this.write());
    return this.indexing;
  }

  /** Removes the game's row (an open game called off) once no write is under way. */
  async drop(gameId: string) {
    await this.indexing;
    await dropGameIndex(this.env(), gameId);
    [this.indexed, this.seatsIndexed, this.seatsRead] = ["", new Map(), true];
  }

  /** Writes the D1 index row when what it shows changed (a turn of draw then discard changes it once). */
  private async write(): Promise<boolean> {
    const row = this.row();
    // The move count alone is no reason to write: it goes along with the next change the list shows (whose turn it is).
    const shown = JSON.stringify({ ...row, version: 0, moves: 0 });
    if (shown === this.indexed) return true;
    if (!this.seatsRead) {
      this.seatsRead = true;
      this.seatsIndexed = new Map(Object.entries(this.kept?.get() ?? {}).map(([seat, userId]) => [Number(seat), userId]));
    }
    const seats = new Map(row.players.map((p) => [p.seat, p.userId]));
    const changed = new Set([...seats].filter(([seat, json]) => this.seatsIndexed.get(seat) !== json).map(([seat]) => seat));
    try {
      this.indexedAt = Date.now();
      await writeIndex(this.env(), row, Date.now(), changed);
      this.indexed = shown;
      this.seatsIndexed = seats;
      if (changed.size) this.kept?.put(Object.fromEntries(seats));
      return true;
    } catch (e) {
      console.error(`games index write failed: ${String(e)}`);
      return false;
    }
  }
}
