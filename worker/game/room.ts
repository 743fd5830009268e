/**
 * One Durable Object per game: an adapter around the engine (see the README's layout of
 * worker/game for the modules around it). It checks (guards.ts), calls the engine or a pure change
 * (turns.ts), commits (store.ts), broadcasts each seat its own view and answers a typed Result.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../lib/env";
import type { GameState } from "./engine";
import { Alarm, alarmAt, rung } from "./alarm";
import { deadlineOf } from "./clock";
import { clockSeats, DOC_ONLY, loaded, newDoc, recordOf } from "./doc";
import { guard } from "./guards";
import { GameStore, type GameDoc, type Player } from "./store";
import { extended, forfeited, played, resigned, seatFreed, seatOf, seatRenamed, seatReplaced, seated, vacationEnded, withVacation, type Played } from "./turns";
import { names, payload } from "./view";
import { chatLog, postChat, type ChatMessage } from "./chat-limits";
import { chatNotices, NoticeBatch, toldAfter } from "./notices";
import { ok, refuse, type GameView, type MoveBody, type NewGame, type Result } from "./room-support";
import { IndexSync, indexRow, INDEX_RETRY_MS } from "./index-sync";
import { postResult } from "./ledger";
import { DevState, noop, type DevCall } from "./dev-hooks";
import { closeQuietly, Sockets } from "./sockets";
import { seatComputers, type Strength } from "./computers";
import { turnNow, type TurnNow } from "./turn-now";
import { againSetup, type AgainSetup } from "./again";
import { isLive, timedFor } from "./live";
import { defaultOrdersFor } from "../db/orders";
import { Reviews, type ReviewAnswer } from "./review";
import { ordersRefusal } from "./orders-limits";
import { withCardName } from "../lib/privacy";
import { metered, meteredStorage, tally, unmetered } from "../lib/meter";
import { ordersKept, startingOrders } from "./start-orders";

export class GameRoom extends DurableObject<Env> {
  /** The game's storage, counted in development (lib/meter.ts); elsewhere ctx.storage itself. */
  private storage = meteredStorage(this.ctx.storage, this.env);
  private store = new GameStore(this.storage.sql, (f) => this.storage.transactionSync(f));
  private state: GameState | null = this.store.get<GameState>("state");
  /** With the facts of `state` (GameDoc.facts): nothing asks the engine for them again. */
  private doc: GameDoc | null = loaded(this.store.get<GameDoc>("doc"), this.state);
  private notices = new NoticeBatch(this.store, this.ctx, () => this.env);
  private index = new IndexSync(this.ctx, () => this.env, () => indexRow(this.doc!, this.store.moveCount()), (ms) => this.schedule(ms), { get: () => this.store.get("indexSeats"), put: (seats) => this.store.put("indexSeats", seats) });
  private hooks = new DevState(this.store, () => this.env);
  private sockets = new Sockets(this.ctx);
  private alarms = new Alarm(this.storage);
  private reviews = new Reviews(this.store);
  /** The version at which a computer seat could not play (its turn then waits for its clock). */
  private computerStuck = -1;
  /** Seats to act before and after the changes committed since the last `after`, whose turn started anew meanwhile (standing orders played another seat's turn in between). */
  private restarted = new Set<number>();

  constructor(ctx: DurableObjectState, env: Env) {
    // What the game's calls cost is counted in development (lib/meter.ts); elsewhere this is env itself.
    super(ctx, metered(env));
    // Pings from web/src/live.ts are answered without waking a hibernating game.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  private now = () => Date.now() + this.hooks.offsetMs;
  private view = (seat: number | null): GameView => payload(this.doc!, this.state, this.store.recent(), seat, this.now(), { here: this.sockets.live, live: isLive(this.doc!, this.sockets.live) }) as GameView;

  async create(g: NewGame): Promise<Result<GameView>> {
    const refused = guard.create(this.doc);
    if (refused) return refused;
    this.store.init();
    return this.apply({ doc: newDoc(g, Date.now()), state: null, step: DOC_ONLY }, [], () => this.view(0));
  }

  async join(user: Player, inviteHash: string | null): Promise<Result<GameView>> {
    const g = guard.join(this.doc, user.userId, inviteHash);
    if (!g.ok || g.seated) return g.ok ? ok(this.view(g.seat)) : g;
    const r = await this.apply(seated(g.doc, g.doc.players.map((p, i) => (i === g.seat ? user : p)), this.now()), [], () => null);
    return r.ok ? this.withDefaultOrders(() => this.view(g.seat)) : r;
  }

  /**
   * Computer players of `strength` take `count` empty seats (all when omitted); the game deals when
   * full. `practice`: the game was made to be played against them (see GameDoc.practice).
   */
  async addComputers(strength: Strength, delayMs: number, count?: number, practice = false): Promise<Result<GameView>> {
    const g = guard.addComputers(this.doc);
    if (!g.ok) return g;
    const r = await this.apply(seated({ ...g.doc, practice }, seatComputers(g.doc.players, strength, delayMs, count), this.now()), [], () => null);
    return r.ok ? this.withDefaultOrders(() => this.view(0)) : r;
  }

  /**
   * Just dealt: each person seat starts with its standing orders (start-orders.ts: kept from the
   * game before, else its player's default), as that seat's first orders move, a record entry like
   * any move (verify replays it). A failed read of the defaults leaves the game without them (a
   * player's choice is never guessed).
   */
  private async withDefaultOrders<T>(answer: () => T): Promise<Result<T>> {
    if (this.doc?.status !== "active" || this.store.moves().length) return ok(answer());
    const people = this.doc.players.flatMap((p) => (p && !p.computer ? [p.userId] : []));
    const defaults = await defaultOrdersFor(this.env, people).catch((e: unknown) => (console.error("default orders not read", e), new Map()));
    for (const { seat, moves } of startingOrders(this.doc, defaults)) {
      if (this.doc.status !== "active") break;
      const before = clockSeats(this.doc);
      for (const move of moves) {
        const next = played(this.doc, this.state, seat, move, this.now());
        if (!("doc" in next)) continue;
        this.commit(next);
        await this.after(before);
        break;
      }
    }
    return ok(answer());
  }

  /**
   * A deleted account leaves a game that has not started: the game it made (an invitation, a Play
   * again) is called off; a seat it took in someone else's is free again. "game/started" once dealt.
   */
  async withdraw(userId: string): Promise<Result<{ ok: true }>> {
    const g = guard.withdraw(this.doc, userId);
    if (!g.ok || g.seat === 0) return g.ok ? this.discardOpen() : g;
    return this.change(seatFreed(g.doc, g.seat), () => ({ ok: true as const }));
  }

  /** An open game nobody plays yet (a cancelled or expired challenge) is removed with its index row. */
  async discardOpen(): Promise<Result<{ ok: true }>> {
    const g = guard.discardOpen(this.doc);
    if (!g.ok) return g;
    await this.index.drop(g.doc.id);
    await this.alarms.clear();
    await this.storage.deleteAll();
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
    const orders = body.move.type === "orders";
    const refused = guard.move(g, body.version, () => this.view(seat));
    // Orders are no answer to what the player saw, nor is an answer to the claim window still open: neither conflicts with the others' moves meanwhile.
    const stands = refused?.code === "game/stale" && (orders || guard.sameWindow(doc, seat, body.version));
    if (refused && !stands) return refused;
    const limited = orders ? ordersRefusal(this.store, seat, Date.now()) : null;
    if (limited) return limited;
    const next = played(doc, this.state, seat, body.move, this.now());
    if (!("doc" in next)) return refused && !orders ? refused : refuse(next.code, next.message);
    const before = clockSeats(doc);
    this.commit(next);
    const shown = this.view(seat);
    const json = JSON.stringify(shown);
    this.store.saveAnswer(seat, body.idempotencyKey, { status: 200, json }, Date.now());
    // Only the seat's own orders changed: its own sockets are told, nobody else (no version, no notice, no index).
    if (next.quiet) {
      this.sockets.sendTo(seat, JSON.stringify({ type: "game", game: shown }));
      return ok(json);
    }
    // The mover is answered without waiting for the D1 index while the game runs on.
    await this.after(before, this.doc!.status === "active", new Map([[seat, shown]]));
    return ok(json);
  }

  /** The ended game's record; `userId` (null: signed out) reads a stored card only when they played (issue 38, 2). */
  record(userId: string | null) {
    const g = guard.record(this.doc);
    const played = !!userId && g.ok && seatOf(g.doc, userId) >= 0;
    return g.ok ? ok(recordOf(played ? g.doc : { ...g.doc, options: withCardName(g.doc.options) }, this.store.moves(), this.store.events().map((e) => e.event))) : g;
  }

  /** The caller's review of their own decisions (review.ts): `start` asks for it once the game has ended; null when never asked for. */
  async review(userId: string, start: boolean): Promise<Result<ReviewAnswer | null>> {
    const g = guard.review(this.doc, userId);
    if (!g.ok) return g;
    const answer = this.reviews.answer(g.doc, g.seat, start);
    if (answer?.status === "working") await this.schedule();
    return ok(answer);
  }

  /** The chat so far (`text` null), or a new message said at the table. */
  async chat(userId: string, text: null): Promise<Result<{ messages: ChatMessage[] }>>;
  async chat(userId: string, text: string): Promise<Result<{ message: ChatMessage }>>;
  async chat(userId: string, text: string | null): Promise<Result<{ messages: ChatMessage[] } | { message: ChatMessage }>> {
    const g = guard.chat(this.doc, userId);
    if (!g.ok || text === null) return g.ok ? ok({ messages: chatLog(this.storage.sql) }) : g;
    const posted = postChat(this.storage.sql, g.seat, names(g.doc)[g.seat]!, text, this.now());
    if (!posted.ok) return posted;
    const message = posted.value;
    this.sockets.sendAll(JSON.stringify({ type: "chat", message }));
    this.notices.add(chatNotices(g.doc, message, this.sockets.live));
    await this.schedule();
    return ok({ message });
  }

  /** The player is away until `until` (wall-clock time; the game's clock may run ahead in development). */
  async vacation(userId: string, until: number): Promise<Result<{ version: number }>> {
    const g = guard.vacation(this.doc);
    return g.ok ? this.change(withVacation(g.doc, userId, until + this.hooks.offsetMs, this.now()), () => ({ version: this.doc!.version })) : g;
  }

  /** The player is back before their vacation's end: their clock runs again from now. */
  async endVacation(userId: string): Promise<Result<{ version: number }>> {
    const g = guard.vacation(this.doc);
    return g.ok ? this.change(vacationEnded(g.doc, userId, this.now()), () => ({ version: this.doc!.version })) : g;
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
    return g.ok ? this.change(seatReplaced(g.doc, g.seat, to), () => ({ seat: g.seat }), () => this.sockets.close(g.seat, 4001, "seat taken over"), [g.seat]) : g;
  }

  /** The organiser declares that a player forfeits: the game ends as abandoned by them. */
  async forfeit(userId: string) {
    const g = guard.forfeit(this.doc, userId);
    return g.ok ? this.apply(forfeited(g.doc, this.state, g.seat, this.now()), clockSeats(g.doc), () => ({ seat: g.seat, result: this.doc!.facts.result })) : g;
  }

  /** A player leaves the running game: it ends as abandoned by them (turns.ts resigned). */
  async resign(userId: string): Promise<Result<GameView>> {
    const g = guard.resign(this.doc, userId);
    return g.ok ? this.apply(resigned(g.doc, this.state, g.seat, this.now()), clockSeats(g.doc), () => this.view(g.seat)) : g;
  }

  /** What a new game like this ended one needs ("Play again"); changes nothing. */
  again(userId: string): Result<AgainSetup & { orders: ReturnType<typeof ordersKept> }> {
    const g = guard.again(this.doc, userId);
    return g.ok ? ok({ ...againSetup(g.doc, g.seat), orders: ordersKept(g.doc, this.state) }) : g;
  }

  /** A deleted account: its seat keeps its tiles and results under the new name. */
  async renameSeat(userId: string, name: string) {
    const g = guard.renameSeat(this.doc, userId);
    if (!g.ok) return;
    this.store.put("doc", (this.doc = seatRenamed(g.doc, userId, name)));
    this.sockets.broadcast(this.view);
  }

  /** Whether the player is to act now and since when: a notice is checked against it when it goes out (worker/notify/truth.ts). */
  turnOf(userId: string): TurnNow {
    return turnNow(this.doc, userId);
  }

  /** Live view (hibernatable WebSocket): players only; each socket is tagged with its seat. */
  override async fetch(request: Request) {
    const g = guard.socket(this.doc, request.headers.get("x-user-id") ?? "");
    if (!g.ok) return Response.json({ code: g.code, message: g.message }, { status: 404 });
    const accepted = this.sockets.accept(g.seat, JSON.stringify({ type: "game", game: this.view(g.seat) }));
    await this.presence();
    return accepted;
  }

  /** The peer closed: completed with a normal 1000 (its own code may be a reserved one, never sent back). */
  override async webSocketClose(ws: WebSocket, _code: number) {
    closeQuietly(ws);
    await this.presence(ws);
  }

  override async webSocketError(ws: WebSocket) {
    closeQuietly(ws);
    await this.presence(ws);
  }

  /**
   * Someone came to the table or left it (`leaving`: the socket going): everyone is told who is
   * here, and a claim window is timed for live play or for correspondence again (live.ts).
   */
  private async presence(leaving?: WebSocket) {
    if (this.doc?.status !== "active") return;
    const here = (seat: number) => this.sockets.live(seat, leaving);
    const live = isLive(this.doc, here);
    this.sockets.sendAll(JSON.stringify({ type: "presence", here: this.doc.players.map((p, seat) => !!p?.computer || here(seat)), live }), leaving);
    const timed = timedFor(this.doc, live, this.now());
    if (timed === this.doc) return;
    this.store.put("doc", (this.doc = timed));
    this.sockets.broadcast(this.view);
    await this.schedule();
  }

  /** Clocks (reminders, the timeout ruling), computer moves, batched notices, index and ledger retries. */
  override async alarm() {
    tally("doRequests");
    this.alarms.forget();
    if (!this.doc) return;
    const before = clockSeats(this.doc);
    const due = rung(this.doc, this.state, this.now(), this.computerStuck, this.sockets.live);
    this.computerStuck = due.stuck;
    // Stored one by one: each computer move like a player's, or the reminders marked sent and a timeout ruling.
    for (const change of due.changes) this.commit(change);
    this.notices.add(due.reminders);
    // Quiet (nothing changed): the alarm came for batched notices or an index retry.
    if (!due.quiet) await this.after(before);
    // Whatever waits goes out now: an alarm is never in a hurry, and it may be the batch's own.
    this.notices.flush();
    if (due.quiet) this.index.soon();
    // a review asked for after the end: one bounded slice, then the alarm rings again
    if (this.doc.status === "ended") this.reviews.slice(this.doc);
    await this.schedule();
  }

  /** Development and benchmark hooks (dev-hooks.ts): refused, as if there were no game, outside ENVIRONMENT=development. */
  async dev(call: DevCall): Promise<Result<{ now: number; status: GameDoc["status"]; toAct: number[]; alarm: number | null; bytes: number } | { ok: true } | { n: number }>> {
    if (call.hook === "noop") return this.hooks.on ? ok(noop(this.store)) : refuse("not-found", "No such thing here.");
    // The object resets (abort throws): the next request starts it again from storage.
    if (call.hook === "evict" && this.hooks.on) this.ctx.abort("evicted (development)");
    if (call.hook === "evict") return refuse("not-found", "No such thing here.");
    const g = guard.dev(this.hooks.on, this.doc);
    if (!g.ok) return g;
    if (call.hook === "faults") {
      this.hooks.failLedgerWrites(call.ledgerFailures);
      return ok({ ok: true });
    }
    // The hook's own writes are not what a game costs; an alarm it rings (`ring`: at once, here) is.
    const ring = await unmetered(this.storage, async () => {
      this.hooks.advance(call.advanceMs);
      const due = !!call.ring && (this.alarmTime() ?? Infinity) <= Date.now();
      if (call.fire && !due) await this.schedule();
      return due;
    });
    if (ring) await this.alarm();
    const at = this.alarmTime();
    return ok({ now: this.now(), status: this.doc!.status, toAct: this.doc!.clocks.map((c) => c.seat), alarm: at === null ? null : at + this.hooks.offsetMs, bytes: this.storage.sql.databaseSize });
  }

  // ---- persistence and side effects ----

  /** Stores a change made in turns.ts (or answers its refusal), then `stored`, and tells whom it concerns (`before`: the seats that were to act). */
  private async apply<T>(next: Played | { code: string; message: string }, before: number[], answer: () => T, stored?: () => void): Promise<Result<T>> {
    if (!("doc" in next)) return refuse(next.code, next.message);
    this.commit(next);
    stored?.();
    await this.after(before);
    return ok(answer());
  }

  /** A document change (a new version, the engine state unchanged); the `leaving` seats are told nothing of it. */
  private change<T>(next: GameDoc, answer: () => T, stored?: () => void, leaving: number[] = []): Promise<Result<T>> {
    const before = clockSeats(this.doc!).filter((s) => !leaving.includes(s));
    return this.apply({ doc: next, state: this.state, step: DOC_ONLY }, before, answer, stored);
  }

  private commit({ doc: moved, state, step }: Played) {
    // A claim window that opens while everyone is at the table is a live one (live.ts).
    const doc = timedFor(moved, isLive(moved, this.sockets.live), this.now());
    for (const c of doc.clocks) if (this.doc?.clocks.some((o) => o.seat === c.seat && o.startedAt !== c.startedAt)) this.restarted.add(c.seat);
    this.store.commit(doc, state, step, Date.now());
    [this.doc, this.state] = [doc, state];
  }

  /**
   * After a committed change (`before`: the seats that were to act): sockets, notices, the D1 index
   * (with `indexLater` written after the answer, else current when the caller is answered), the
   * ledger (ledger.ts; the alarm retries), the alarm.
   */
  private async after(before: number[], indexLater = false, shown?: Map<number, unknown>) {
    this.sockets.broadcast(this.view, shown);
    // A seat whose turn started anew is told again, unless it just made the move and has its answer.
    const still = before.filter((s) => !this.restarted.has(s) || shown?.has(s));
    this.restarted.clear();
    const told = toldAfter(still, this.doc!, this.store.recent().slice(-10).map((e) => e.event), this.now(), this.sockets.live);
    if (told.doc !== this.doc) this.store.put("doc", (this.doc = told.doc));
    const indexed = indexLater ? null : this.index.now();
    this.notices.add(told.notices);
    if (indexLater) this.index.soon();
    const written = (await indexed) ?? true;
    const posted = await postResult(this.env, this.doc!, () => ({ moves: this.store.moves(), events: this.store.events().map((e) => e.event) }), this.now(), () => this.hooks.ledgerFault());
    if (posted) this.store.put("doc", (this.doc = { ...this.doc!, ...posted }));
    if (posted?.ledger === "posted") this.sockets.broadcast(this.view);
    await this.schedule(written ? 0 : INDEX_RETRY_MS);
  }

  private alarmTime(retryInMs = 0) {
    const now = Date.now();
    return alarmAt(this.doc!, this.state, { now, offsetMs: this.hooks.offsetMs, stuck: this.computerStuck }, retryInMs ? now + retryInMs : null, this.notices.dueAt(), this.doc!.status === "ended" ? this.reviews.dueAt(now) : null);
  }

  private async schedule(retryInMs = 0) {
    await this.alarms.set(this.alarmTime(retryInMs));
  }
}
