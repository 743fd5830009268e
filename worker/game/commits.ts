/**
 * The game as committed to its Durable Object's storage, and what follows each commit: every seat's
 * sockets get their own view, the seats concerned are told (notices.ts), the D1 games index
 * (index-sync.ts) and the ledger (ledger.ts) are written, and the alarm is set (alarm.ts). The room
 * checks and calls; this stores what the call changed and carries out its consequences.
 */
import type { Env } from "../lib/env";
import type { GameState } from "./engine";
import { Alarm, alarmAt } from "./alarm";
import { clockSeats, DOC_ONLY, loaded } from "./doc";
import type { DevState } from "./dev-hooks";
import { IndexSync, indexRow, INDEX_RETRY_MS } from "./index-sync";
import { postResult } from "./ledger";
import { isLive, timedFor } from "./live";
import { NoticeBatch, toldAfter } from "./notices";
import { deadlineOf } from "./clock";
import { WITHDRAW_WITHIN_MS } from "../notify/truth";
import type { Reviews } from "./review";
import { ok, refuse, type GameView, type Result } from "./room-support";
import type { Sockets } from "./sockets";
import type { GameDoc, GameStore } from "./store";
import type { Played } from "./turns";
import { payload } from "./view";
import { TableRatings } from "./table-ratings";

/** What of the room a commit reaches. */
export interface RoomParts {
  ctx: DurableObjectState;
  env: () => Env;
  storage: DurableObjectStorage;
  store: GameStore;
  sockets: Sockets;
  hooks: DevState;
  reviews: Reviews;
}

export class Commits {
  state: GameState | null;
  /** With the facts of `state` (GameDoc.facts): nothing asks the engine for them again. */
  doc: GameDoc | null;
  readonly notices: NoticeBatch;
  readonly index: IndexSync;
  readonly alarms: Alarm;
  /** The other players' ratings the game page shows, kept with the document (table-ratings.ts). */
  readonly ratings: TableRatings;
  /** The version at which a computer seat could not play (its turn then waits for its clock). */
  computerStuck = -1;
  /** When this instance began (the game's clock): a turn begun before it may have notices held that it did not see. */
  private readonly began: number;
  /** Seats to act before and after the changes committed since the last `after`, whose turn started anew meanwhile (standing orders played another seat's turn in between). */
  private restarted = new Set<number>();

  constructor(private readonly p: RoomParts) {
    const stored = p.store.load<GameDoc, GameState>();
    this.state = stored.state;
    this.doc = loaded(stored.doc, this.state);
    this.notices = new NoticeBatch(p.store, p.ctx, p.env);
    this.began = this.now();
    this.index = new IndexSync(p.ctx, p.env, () => indexRow(this.doc!, p.store.moveCount()), (ms) => this.schedule(ms), {
      get: () => p.store.indexSeats(),
      // kept in the document's row: written with it
      put: (seats) => {
        p.store.keepIndexSeats(seats);
        if (this.doc) this.put(this.doc);
      },
    });
    this.alarms = new Alarm(p.storage, p.hooks.alarmFrame());
    this.ratings = new TableRatings(p.store, p.env);
  }

  /** Another game's end moved these players' ratings: what this game keeps of them is dropped, and the document stored without them. */
  ratingsMoved(userIds: string[]) {
    if (this.doc && this.ratings.drop(userIds)) this.put(this.doc);
  }

  /** The game's clock (it may run ahead of real time in development: dev-hooks.ts). */
  now = () => Date.now() + this.p.hooks.offsetMs;

  /** One seat's view (null: someone not seated). */
  view = (seat: number | null): GameView => payload(this.doc!, this.state, this.p.store.recent(), seat, this.now(), { here: this.p.sockets.live, live: isLive(this.doc!, this.p.sockets.live) }) as GameView;

  /** Stores a change made in turns.ts (or answers its refusal), then `stored`, and tells whom it concerns (`before`: the seats that were to act). */
  async apply<T>(next: Played | { code: string; message: string }, before: number[], answer: () => T, stored?: () => void): Promise<Result<T>> {
    if (!("doc" in next)) return refuse(next.code, next.message);
    this.commit(next);
    stored?.();
    await this.after(before);
    return ok(answer());
  }

  /** A document change (a new version, the engine state unchanged); the `leaving` seats are told nothing of it. */
  change<T>(next: GameDoc, answer: () => T, stored?: () => void, leaving: number[] = []): Promise<Result<T>> {
    const before = clockSeats(this.doc!).filter((s) => !leaving.includes(s));
    return this.apply({ doc: next, state: this.state, step: DOC_ONLY }, before, answer, stored);
  }

  /** `answer`: a move's answer, made from the game as changed (`view`) and stored with it (store.ts). */
  commit({ doc: moved, state, step }: Played, answer?: () => { seat: number; key: string; json: string }) {
    // A claim window that opens while everyone is at the table is a live one (live.ts).
    const doc = timedFor(moved, isLive(moved, this.p.sockets.live), this.now());
    for (const c of doc.clocks) if (this.doc?.clocks.some((o) => o.seat === c.seat && o.startedAt !== c.startedAt)) this.restarted.add(c.seat);
    const was = [this.doc, this.state] as const;
    [this.doc, this.state] = [doc, state];
    try {
      this.p.store.commit(doc, state, step, Date.now(), answer);
    } catch (e) {
      [this.doc, this.state] = was;
      throw e;
    }
    this.withdrawMoved(was[0], doc);
  }

  /** The document stored as it is now changed, not a new version (a seat renamed, a claim window timed anew). */
  put(doc: GameDoc) {
    const was = this.doc;
    this.p.store.put("doc", (this.doc = doc));
    this.withdrawMoved(was, doc);
  }

  /**
   * The players whose turn ended, or whose deadline moved, soon after the turn began: the notices
   * of it the game held are taken back (notices.ts withdrawHeld), so that a flush which did not ask
   * the game sends nothing no longer true (worker/notify/truth.ts TRUSTED_MS).
   */
  private withdrawMoved(was: GameDoc | null, doc: GameDoc) {
    if (!was) return;
    const now = this.now();
    const moved = was.clocks.filter(
      (c) => now - c.startedAt <= WITHDRAW_WITHIN_MS && !doc.clocks.some((n) => n.seat === c.seat && n.startedAt === c.startedAt && deadlineOf(n) === deadlineOf(c)),
    );
    // (Not a turn this instance saw begin and told nothing of, as a player's at the table: nothing was held. One begun before it, it cannot know.)
    const people = moved.flatMap((c) => {
      const p = was.players[c.seat];
      return p && !p.computer && (c.startedAt < this.began || this.notices.toldOf(p.userId, c.startedAt)) ? [{ userId: p.userId, gameId: was.id, since: c.startedAt }] : [];
    });
    this.notices.withdraw(people);
  }

  /** The claim window timed anew (live.ts; not a new version): stored, shown to every seat, the alarm set. */
  async retimed(doc: GameDoc) {
    this.put(doc);
    this.p.sockets.broadcast(this.view);
    await this.schedule();
  }

  /**
   * After a committed change (`before`: the seats that were to act): sockets, notices, the D1 index
   * (with `indexLater` written after the answer, else current when the caller is answered), the
   * ledger (ledger.ts; the alarm retries), the alarm.
   */
  async after(before: number[], indexLater = false, shown?: Map<number, unknown>) {
    const { sockets, store } = this.p;
    sockets.broadcast(this.view, shown);
    // A seat whose turn started anew is told again, unless it just made the move and has its answer.
    const still = before.filter((s) => !this.restarted.has(s) || shown?.has(s));
    this.restarted.clear();
    const told = toldAfter(still, this.doc!, store.recent().slice(-10).map((e) => e.event), this.now(), sockets.live);
    if (told.doc !== this.doc) this.put(told.doc);
    const indexed = indexLater ? null : this.index.now();
    this.notices.add(told.notices);
    if (indexLater) this.index.soon();
    const written = (await indexed) ?? true;
    const posted = await postResult(this.p.env(), this.doc!, () => ({ moves: store.moves(), events: store.events().map((e) => e.event) }), this.now(), () => this.p.hooks.ledgerFault());
    if (posted) this.put({ ...this.doc!, ...posted });
    if (posted?.ledger === "posted") sockets.broadcast(this.view);
    await this.schedule(written ? 0 : INDEX_RETRY_MS);
  }

  /** An open game nobody plays yet is removed, with its index row and its alarm. */
  async discard(gameId: string) {
    await this.index.drop(gameId);
    await this.alarms.clear();
    await this.p.storage.deleteAll();
    [this.doc, this.state] = [null, null];
    this.p.store.forget();
    this.p.hooks.reset();
  }

  /** When the alarm is to ring (real time), or null. */
  alarmTime(retryInMs = 0) {
    const now = Date.now();
    return alarmAt(this.doc!, this.state, { now, offsetMs: this.p.hooks.offsetMs, stuck: this.computerStuck }, retryInMs ? now + retryInMs : null, this.notices.dueAt(), this.doc!.status === "ended" ? this.p.reviews.dueAt(now) : null);
  }

  async schedule(retryInMs = 0) {
    await this.alarms.set(this.alarmTime(retryInMs));
  }
}
