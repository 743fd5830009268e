/**
 * One Durable Object per game: an adapter around the engine (see the README's layout of
 * worker/game for the modules around it). It checks (guards.ts), calls the engine or a pure change
 * (turns.ts), commits (store.ts), broadcasts each seat its own view and answers a typed Result.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../lib/env";
import * as engine from "./engine";
import { Alarm } from "./alarm";
import { deadlineOf, nextAlarm } from "./clock";
import { clockSeats, DOC_ONLY, newDoc, recordOf } from "./doc";
import { guard } from "./guards";
import { GameStore, type ChatMessage, type GameDoc, type Player } from "./store";
import { extended, forfeited, played, ruleClocks, seatReplaced, seated, withVacation, type Played, type Step } from "./turns";
import { names, payload } from "./view";
import { chatRefusal, trimChat } from "./chat-limits";
import { chatNotices, NoticeBatch, noticesAfter, reminderNotices } from "./notices";
import { ok, refuse, type GameView, type MoveBody, type NewGame, type Result } from "./room-support";
import { IndexSync, indexRow, INDEX_RETRY_MS } from "./index-sync";
import { ledgerRetryAt, postResult } from "./ledger";
import { DevState, noop, type DevCall } from "./dev-hooks";
import { closeQuietly, Sockets } from "./sockets";
import { computerDueAt, computerMoves, seatComputers, type Strength } from "./computers";
import { dropGameIndex } from "../db/challenges";

export class GameRoom extends DurableObject<Env> {
  private store = new GameStore(this.ctx.storage.sql, (f) => this.ctx.storage.transactionSync(f));
  private doc: GameDoc | null = this.store.get<GameDoc>("doc");
  private state: unknown = this.store.get("state");
  private notices = new NoticeBatch(this.store, this.ctx, () => this.env);
  private index = new IndexSync(this.ctx, () => this.env, () => indexRow(this.doc!, this.state), (ms) => this.schedule(ms));
  private hooks = new DevState(this.store, () => this.env);
  private sockets = new Sockets(this.ctx);
  private alarms = new Alarm(this.ctx.storage);
  /** The version at which a computer seat could not play (its turn then waits for its clock). */
  private computerStuck = -1;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Pings from web/src/live.ts are answered without waking a hibernating game.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  private now = () => Date.now() + this.hooks.offsetMs;
  private view = (seat: number | null): GameView => payload(this.doc!, this.state, this.store.recent(), seat, this.now()) as GameView;

  async create(g: NewGame): Promise<Result<GameView>> {
    const refused = guard.create(this.doc);
    if (refused) return refused;
    this.store.init();
    return this.apply({ doc: newDoc(g, Date.now()), state: null, step: DOC_ONLY }, [], () => this.view(0));
  }

  async join(user: Player, inviteHash: string | null): Promise<Result<GameView>> {
    const g = guard.join(this.doc, user.userId, inviteHash);
    if (!g.ok || g.seated) return g.ok ? ok(this.view(g.seat)) : g;
    return this.apply(seated(g.doc, g.doc.players.map((p, i) => (i === g.seat ? user : p)), this.now()), [], () => this.view(g.seat));
  }

  /** Computer players of `strength` take `count` empty seats (all when omitted); the game deals when full. */
  async addComputers(strength: Strength, delayMs: number, count?: number): Promise<Result<GameView>> {
    const g = guard.addComputers(this.doc);
    return g.ok ? this.apply(seated(g.doc, seatComputers(g.doc.players, strength, delayMs, count), this.now()), [], () => this.view(0)) : g;
  }

  /** An open game nobody plays yet (a cancelled or expired challenge) is removed with its index row. */
  async discardOpen(): Promise<Result<{ ok: true }>> {
    const g = guard.discardOpen(this.doc);
    if (!g.ok) return g;
    await this.index.settled();
    await dropGameIndex(this.env, g.doc.id);
    await this.alarms.clear();
    await this.ctx.storage.deleteAll();
    [this.doc, this.state] = [null, null];
    this.store.forget();
    this.hooks.reset();
    return ok({ ok: true });
  }

  get(userId: string, inviteHash: string | null): Result<GameView> {
    const g = guard.get(this.doc, userId, inviteHash);
    return g.ok ? ok(this.view(g.seat < 0 ? null : g.seat)) : g;
  }

  /** A move; the answer is the mover's new view as JSON text (written once, stored for a retry with the same key). */
  async move(userId: string, body: MoveBody): Promise<Result<string>> {
    const g = guard.mover(this.doc, userId);
    if (!g.ok) return g;
    const { doc, seat } = g;
    const saved = this.store.answer(seat, body.idempotencyKey);
    if (saved) return ok(saved.json);
    const refused = guard.move(g, body.version, () => this.view(seat));
    if (refused) return refused;
    const next = played(doc, this.state, seat, body.move, this.now());
    if (!("doc" in next)) return refuse(next.code, next.message);
    const before = clockSeats(doc);
    this.commit(next.doc, next.state, next.step);
    const shown = this.view(seat);
    const json = JSON.stringify(shown);
    this.store.saveAnswer(seat, body.idempotencyKey, { status: 200, json }, Date.now());
    // The mover is answered without waiting for the D1 index while the game runs on.
    await this.after(before, this.doc!.status === "active", new Map([[seat, shown]]));
    return ok(json);
  }

  record() {
    const g = guard.record(this.doc);
    return g.ok ? ok(recordOf(g.doc, this.state, this.store.moves(), this.store.events().map((e) => e.event))) : g;
  }

  /** The chat so far (`text` null), or a new message said at the table. */
  async chat(userId: string, text: null): Promise<Result<{ messages: ChatMessage[] }>>;
  async chat(userId: string, text: string): Promise<Result<{ message: ChatMessage }>>;
  async chat(userId: string, text: string | null): Promise<Result<{ messages: ChatMessage[] } | { message: ChatMessage }>> {
    const g = guard.chat(this.doc, userId);
    if (!g.ok) return g;
    const { doc, seat } = g;
    if (text === null) return ok({ messages: this.store.chat() });
    // Per-seat limits (a refused message is not stored, shown or sent on); the game keeps its latest messages only.
    const limited = chatRefusal(this.ctx.storage.sql, seat, this.now());
    if (limited) return refuse("rate-limited", limited.message, { retryAfter: limited.retryAfter });
    const message = this.store.addChat(seat, names(doc)[seat]!, text, this.now());
    trimChat(this.ctx.storage.sql);
    this.sockets.sendAll(JSON.stringify({ type: "chat", message }));
    this.notices.add(chatNotices(doc, message, this.sockets.live));
    await this.schedule();
    return ok({ message });
  }

  /** The player is away until `until` (wall-clock time; the game's clock may run ahead in development). */
  async vacation(userId: string, until: number): Promise<Result<{ version: number }>> {
    const g = guard.vacation(this.doc);
    return g.ok ? this.change(withVacation(g.doc, userId, until + this.hooks.offsetMs, this.now()), () => ({ version: this.doc!.version })) : g;
  }

  // ---- league organiser tools (worker/api/leagues.ts checks that the caller organises the league) ----

  /** The running clocks get `ms` more time. */
  async extendDeadline(ms: number) {
    const g = guard.extendDeadline(this.doc);
    return g.ok ? this.change(extended(g.doc, ms, this.now()), () => ({ deadlines: this.doc!.clocks.map((c) => ({ seat: c.seat, deadline: deadlineOf(c) })) })) : g;
  }

  /** A newcomer takes the seat of a player who left; the leaver's sockets are closed (they would see the seat's tiles). */
  async replacePlayer(fromUserId: string, to: Player) {
    const g = guard.replacePlayer(this.doc, fromUserId, to.userId);
    if (!g.ok) return g;
    const { seat } = g;
    return this.change(seatReplaced(g.doc, seat, to), () => ({ seat }), () => this.sockets.close(seat, 4001, "seat taken over"), [seat]);
  }

  /** The organiser declares that a player forfeits: the game ends as abandoned by them. */
  async forfeit(userId: string) {
    const g = guard.forfeit(this.doc, userId);
    if (!g.ok) return g;
    const { doc, seat } = g;
    return this.apply(forfeited(doc, this.state, seat, this.now()), clockSeats(doc), () => ({ seat, result: engine.result(this.state as never) }));
  }

  /** A deleted account: its seat keeps its tiles and results under the new name. */
  async renameSeat(userId: string, name: string) {
    const g = guard.renameSeat(this.doc, userId);
    if (!g.ok) return;
    g.doc.players = g.doc.players.map((p) => (p?.userId === userId ? { ...p, name } : p));
    this.store.put("doc", g.doc);
    this.broadcast();
  }

  /** Live view (hibernatable WebSocket): players only; each socket is tagged with its seat. */
  override async fetch(request: Request) {
    const g = guard.socket(this.doc, request.headers.get("x-user-id") ?? "");
    if (!g.ok) return Response.json({ code: g.code, message: g.message }, { status: 404 });
    return this.sockets.accept(g.seat, JSON.stringify({ type: "game", game: this.view(g.seat) }));
  }

  /** The peer closed: completed with a normal 1000 (its own code may be a reserved one, never sent back). */
  override async webSocketClose(ws: WebSocket, _code: number) {
    closeQuietly(ws);
  }

  /** Clocks (reminders, the timeout ruling), computer moves, batched notices, index and ledger retries. */
  override async alarm() {
    this.alarms.forget();
    const doc = this.doc;
    if (!doc) return;
    const before = clockSeats(doc);
    const now = this.now();
    const ruled = this.playComputers(now) ? null : ruleClocks(doc, this.state, now);
    if (ruled && !ruled.due.length && doc.ledger !== "pending") {
      // Nothing on the clocks: the alarm came for batched notices or an index retry; the game did not change.
      this.notices.flush();
      this.index.soon();
      return this.schedule();
    }
    if (ruled) {
      this.store.put("doc", (this.doc = ruled.marked));
      this.notices.add(reminderNotices(ruled.marked, ruled.due, now, this.sockets.live));
      if (ruled.timeout) this.commit(ruled.timeout.doc, ruled.timeout.state, ruled.timeout.step);
    }
    await this.after(before);
    // Whatever waits goes out now: an alarm is never in a hurry, and it may be the batch's own.
    this.notices.flush();
    await this.schedule();
  }

  /** Computer seats whose move is due play it, one after the other, each stored like a player's move. */
  private playComputers(now: number): boolean {
    const { played, stuck } = computerMoves(this.doc!, this.state, now, this.computerStuck);
    this.computerStuck = stuck;
    for (const p of played) this.commit(p.doc, p.state, p.step);
    return played.length > 0;
  }

  /** Development and benchmark hooks (dev-hooks.ts): refused, as if there were no game, outside ENVIRONMENT=development. */
  async dev(call: DevCall): Promise<Result<{ now: number } | { ok: true } | { n: number }>> {
    if (call.hook === "noop") return this.hooks.on ? ok(noop(this.store)) : refuse("not-found", "No such thing here.");
    const g = guard.dev(this.hooks.on, this.doc);
    if (!g.ok) return g;
    if (call.hook === "faults") {
      this.hooks.failLedgerWrites(call.ledgerFailures);
      return ok({ ok: true });
    }
    this.hooks.advance(call.advanceMs);
    if (call.fire) await this.schedule();
    return ok({ now: this.now() });
  }

  // ---- persistence and side effects ----

  /** Stores a change made in turns.ts (a seating, which deals when the table is full; a forfeit) and tells whom it concerns; or answers its refusal. */
  private async apply<T>(next: Played | { code: string; message: string }, before: number[], answer: () => T): Promise<Result<T>> {
    if (!("doc" in next)) return refuse(next.code, next.message);
    this.commit(next.doc, next.state, next.step);
    await this.after(before);
    return ok(answer());
  }

  /** Stores a document change (a new version, the engine state unchanged) and tells whom it concerns. */
  private async change<T>(next: GameDoc, answer: () => T, stored?: () => void, leaving: number[] = []): Promise<Result<T>> {
    const before = clockSeats(this.doc!).filter((s) => !leaving.includes(s));
    this.commit(next, this.state, DOC_ONLY);
    stored?.();
    await this.after(before);
    return ok(answer());
  }

  private commit(next: GameDoc, state: unknown, step: Step) {
    this.store.commit(next, state, step, Date.now());
    this.doc = next;
    this.state = state;
  }

  /**
   * After a committed change (`before`: the seats that were to act): sockets, notices, the D1 index
   * (with `indexLater` written after the answer, else current when the caller is answered), ledger, alarm.
   */
  private async after(before: number[], indexLater = false, shown?: Map<number, unknown>) {
    const doc = this.doc!;
    this.broadcast(shown);
    const told = noticesAfter(before, doc, this.state, this.store.recent().slice(-10).map((e) => e.event), this.now(), this.sockets.live);
    if (doc.status === "ended" && !doc.endNotified) this.store.put("doc", (this.doc = { ...doc, endNotified: true }));
    const indexed = indexLater ? null : this.index.now();
    this.notices.add(told);
    if (indexLater) this.index.soon();
    const written = (await indexed) ?? true;
    await this.postResult();
    await this.schedule(written ? 0 : INDEX_RETRY_MS);
  }

  /** Posts an ended game's result until D1 confirms (ledger.ts); the alarm retries, backing off. */
  private async postResult() {
    if (this.doc!.ledger !== "pending") return;
    const change = await postResult(this.env, this.doc!, this.state, this.store.moves().length, this.now(), () => this.hooks.ledgerFault());
    this.store.put("doc", (this.doc = { ...this.doc!, ...change }));
    if (change.ledger === "posted") this.broadcast();
  }

  private async schedule(retryInMs = 0) {
    const doc = this.doc!, real = Date.now();
    const computerAt = this.computerStuck === doc.version ? null : computerDueAt(doc, this.state);
    await this.alarms.set(nextAlarm(doc, { now: real, offsetMs: this.hooks.offsetMs, computerAt }, ledgerRetryAt(doc, real), retryInMs ? real + retryInMs : null, this.notices.dueAt()));
  }

  private broadcast(shown?: Map<number, unknown>) {
    this.sockets.broadcast(this.view, shown);
  }
}
