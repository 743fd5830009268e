/**
 * One Durable Object per game: an adapter around the engine (see the README's layout of
 * worker/game for the modules around it). It checks (guards.ts), calls the engine or a pure change
 * (turns.ts), commits (commits.ts: stored, then each seat's view, notices, the D1 index, the ledger,
 * the alarm) and answers a typed Result. It reads no D1: what a call needs from there, the API reads
 * first and passes in (a dealing call's default orders: worker/api/seat-defaults.ts).
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../lib/env";
import { deadlineOf } from "./clock";
import { clockSeats, DOC_ONLY, newDoc, recordOf } from "./doc";
import { guard } from "./guards";
import { GameStore, type GameDoc, type Player } from "./store";
import { extended, forfeited, played, resigned, seatFreed, seatOf, seatRenamed, seatReplaced, seated, vacationEnded, withVacation } from "./turns";
import { names } from "./view";
import { chatLog, postChat, type ChatMessage } from "./chat-limits";
import { chatNotices } from "./notices";
import { ok, refuse, type GameView, type MoveBody, type NewGame, type Result } from "./room-support";
import { DevState, devCall, type DevAnswer, type DevCall } from "./dev-hooks";
import { answerSocket, closeQuietly, Sockets } from "./sockets";
import { seatComputers, type Strength } from "./computers";
import { turnNow } from "./turn-now";
import type { TurnNow } from "../table/turn";
import { againSetup, type AgainSetup } from "./again";
import { Reviews, type ReviewAnswer } from "./review";
import { ordersRefusal } from "./orders-limits";
import { withCardName } from "../lib/privacy";
import { doRequest, metered, meteredStorage } from "../lib/meter";
import { ordersKept, type Defaults } from "./start-orders";
import { Commits } from "./commits";
import { seatPlayers } from "./first-orders";
import { presence } from "./presence";
import { ring } from "./ring";
import { socketOpener } from "./live-moves";

export class GameRoom extends DurableObject<Env> {
  /** The game's storage, counted in development (lib/meter.ts); elsewhere ctx.storage itself. */
  private storage = meteredStorage(this.ctx.storage, this.env);
  private store = new GameStore(this.storage.sql, (f) => this.storage.transactionSync(f));
  private hooks = new DevState(this.store, () => this.env, this.storage);
  private sockets = new Sockets(this.ctx);
  private reviews = new Reviews(this.store);
  /** The game as committed, and what follows each commit (commits.ts). */
  private game = new Commits({ ctx: this.ctx, env: () => this.env, storage: this.storage, store: this.store, sockets: this.sockets, hooks: this.hooks, reviews: this.reviews });

  constructor(ctx: DurableObjectState, env: Env) {
    // What the game's calls cost is counted in development (lib/meter.ts); elsewhere this is env itself.
    super(ctx, metered(env));
    // Pings from web/src/live.ts are answered without waking a hibernating game.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  // The game as committed and its waiting notices, as tests in the object read them (runInDurableObject).
  private get doc() {
    return this.game.doc;
  }
  private get notices() {
    return this.game.notices;
  }
  private now = () => this.game.now();
  private view = (seat: number | null): GameView => this.game.view(seat);

  async create(g: NewGame): Promise<Result<GameView>> {
    const refused = guard.create(this.doc);
    if (refused) return refused;
    this.store.init();
    return this.game.apply({ doc: newDoc(g, Date.now()), state: null, step: DOC_ONLY }, [], () => this.view(0));
  }

  /** `defaults`: the default orders of everyone who will be seated, read by the API before the call (start-orders.ts Defaults). */
  async join(user: Player, inviteHash: string | null, defaults: Defaults): Promise<Result<GameView>> {
    const g = guard.join(this.doc, user.userId, inviteHash);
    if (!g.ok || g.seated) return g.ok ? ok(this.view(g.seat)) : g;
    const r = await seatPlayers(this.game, this.store, seated(g.doc, g.doc.players.map((p, i) => (i === g.seat ? user : p)), this.now()), defaults);
    return r.ok ? ok(this.view(g.seat)) : r;
  }

  /**
   * Computer players of `strength` take `count` empty seats (all when omitted); the game deals when
   * full. `practice`: the game was made to be played against them (see GameDoc.practice).
   */
  async addComputers(strength: Strength, delayMs: number, count: number | undefined, practice: boolean, defaults: Defaults): Promise<Result<GameView>> {
    const g = guard.addComputers(this.doc);
    if (!g.ok) return g;
    const r = await seatPlayers(this.game, this.store, seated({ ...g.doc, practice }, seatComputers(g.doc.players, strength, delayMs, count), this.now()), defaults);
    return r.ok ? ok(this.view(0)) : r;
  }

  /**
   * A deleted account leaves a game that has not started: the game it made (an invitation, a Play
   * again) is called off; a seat it took in someone else's is free again. "game/started" once dealt.
   */
  async withdraw(userId: string): Promise<Result<{ ok: true }>> {
    const g = guard.withdraw(this.doc, userId);
    if (!g.ok || g.seat === 0) return g.ok ? this.discardOpen() : g;
    return this.game.change(seatFreed(g.doc, g.seat), () => ({ ok: true as const }));
  }

  /** An open game nobody plays yet (a cancelled or expired challenge) is removed with its index row. */
  async discardOpen(): Promise<Result<{ ok: true }>> {
    const g = guard.discardOpen(this.doc);
    return g.ok ? this.game.discard(g.doc.id).then(() => ok({ ok: true as const })) : g;
  }

  /** The game as `userId` is shown it; `ratings`: with the other players' ratings beside their names, as the game keeps them (table-ratings.ts). */
  async get(userId: string, inviteHash: string | null, ratings = false) {
    const g = guard.get(this.doc, userId, inviteHash);
    return g.ok ? ok({ ...this.view(g.seat < 0 ? null : g.seat), ...(ratings ? { ratings: await this.game.ratings.shown(g.doc, userId) } : {}) }) : g;
  }

  /** Another game's end moved these players' ratings: what this game keeps of them goes (table-ratings.ts), stored with the document. */
  ratingsMoved(userIds: string[]) { this.game.ratingsMoved(userIds); }

  /**
   * A move; the answer is the mover's new view as JSON text (written once, stored for a retry with the same key).
   * `signedIn`: posted, the session that signed the request in and until when its proof lasts: the user's
   * sockets of that session take moves until then again (live-moves.ts).
   */
  async move(userId: string, body: MoveBody, signedIn?: { session: string; until: number }): Promise<Result<string>> {
    const g = guard.mover(this.doc, userId);
    if (!g.ok) return g;
    const { doc, seat } = g;
    if (signedIn) this.sockets.renew(seat, { userId, ...signedIn });
    const saved = this.store.answer(seat, body.idempotencyKey);
    if (saved) return ok(saved.json);
    const orders = body.move.type === "orders";
    const refused = guard.move(g, body.version, () => this.view(seat));
    // Orders are no answer to what the player saw, nor is an answer to the claim window still open: neither conflicts with the others' moves meanwhile.
    const stands = refused?.code === "game/stale" && (orders || guard.sameWindow(doc, seat, body.version));
    if (refused && !stands) return refused;
    const limited = orders ? ordersRefusal(this.store, seat, Date.now()) : null;
    if (limited) return limited;
    const next = played(doc, this.game.state, seat, body.move, this.now());
    if (!("doc" in next)) return refused && !orders ? refused : refuse(next.code, next.message);
    const before = clockSeats(doc);
    // The answer, the mover's view of the game as changed, is stored with the change, for a retry.
    let shown: GameView | null = null;
    let json = "";
    this.game.commit(next, () => ((shown = this.view(seat)), (json = JSON.stringify(shown)), { seat, key: body.idempotencyKey, json }));
    // Only the seat's own orders changed: its own sockets are told, nobody else (no version, no notice, no index).
    if (next.quiet) {
      this.sockets.sendTo(seat, JSON.stringify({ type: "game", game: shown }));
      return ok(json);
    }
    // The mover is answered without waiting for the D1 index while the game runs on.
    await this.game.after(before, this.doc!.status === "active", new Map([[seat, shown]]));
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
    if (answer?.status === "working") await this.game.schedule();
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
    await this.game.schedule();
    return ok({ message });
  }

  /** The player is away until `until` (wall-clock time; the game's clock may run ahead in development). */
  async vacation(userId: string, until: number): Promise<Result<{ version: number }>> {
    const g = guard.vacation(this.doc);
    return g.ok ? this.game.change(withVacation(g.doc, userId, until + this.hooks.offsetMs, this.now()), () => ({ version: this.doc!.version })) : g;
  }

  /** The player is back before their vacation's end: their clock runs again from now. */
  async endVacation(userId: string): Promise<Result<{ version: number }>> {
    const g = guard.vacation(this.doc);
    return g.ok ? this.game.change(vacationEnded(g.doc, userId, this.now()), () => ({ version: this.doc!.version })) : g;
  }

  // ---- league organiser tools (worker/api/leagues.ts checks that the caller organises the league) ----

  /** The running clocks get `ms` more time. */
  async extendDeadline(ms: number) {
    const g = guard.extendDeadline(this.doc);
    return g.ok ? this.game.change(extended(g.doc, ms, this.now()), () => ({ deadlines: this.doc!.clocks.map((c) => ({ seat: c.seat, deadline: deadlineOf(c) })) })) : g;
  }

  /** A newcomer takes the seat of a player who left; the leaver's sockets are closed (they would see the seat's tiles). */
  async replacePlayer(fromUserId: string, to: Player) {
    const g = guard.replacePlayer(this.doc, fromUserId, to.userId);
    return g.ok ? this.game.change(seatReplaced(g.doc, g.seat, to), () => ({ seat: g.seat }), () => this.sockets.close(g.seat, 4001, "seat taken over"), [g.seat]) : g;
  }

  /** The organiser declares that a player forfeits: the game ends as abandoned by them. */
  async forfeit(userId: string) {
    const g = guard.forfeit(this.doc, userId);
    return g.ok ? this.game.apply(forfeited(g.doc, this.game.state, g.seat, this.now()), clockSeats(g.doc), () => ({ seat: g.seat, result: this.doc!.facts.result })) : g;
  }

  /** A player leaves the running game: it ends as abandoned by them (turns.ts resigned). */
  async resign(userId: string): Promise<Result<GameView>> {
    const g = guard.resign(this.doc, userId);
    return g.ok ? this.game.apply(resigned(g.doc, this.game.state, g.seat, this.now()), clockSeats(g.doc), () => this.view(g.seat)) : g;
  }

  /** What a new game like this ended one needs ("Play again"); changes nothing. */
  again(userId: string): Result<AgainSetup & { orders: ReturnType<typeof ordersKept> }> {
    const g = guard.again(this.doc, userId);
    return g.ok ? ok({ ...againSetup(g.doc, g.seat), orders: ordersKept(g.doc, this.game.state) }) : g;
  }

  /** A deleted account: its seat keeps its tiles and results under the new name. */
  async renameSeat(userId: string, name: string) {
    const g = guard.renameSeat(this.doc, userId);
    if (!g.ok) return;
    this.game.put(seatRenamed(g.doc, userId, name));
    this.sockets.broadcast(this.view);
  }

  /** Whether the player is to act now and since when: a notice is checked against it when it goes out (worker/notify/truth.ts). */
  turnOf(userId: string): TurnNow {
    return turnNow(this.doc, userId);
  }

  /**
   * Live view (hibernatable WebSocket): players only; each socket is tagged with its seat and knows
   * its user, their session (`x-session`) and until when the session proof it was opened with lasts
   * (`x-session-until`, the service's clock), for moves sent over it (webSocketMessage).
   */
  override async fetch(request: Request) {
    const user = socketOpener(request);
    const g = guard.socket(this.doc, user.userId);
    if (!g.ok) return Response.json({ code: g.code, message: g.message }, { status: 404 });
    if (g.doc.status === "ended") return this.sockets.acceptLast(JSON.stringify({ type: "game", game: this.view(g.seat) }));
    const accepted = this.sockets.accept(g.seat, JSON.stringify({ type: "game", game: this.view(g.seat) }), user);
    await this.presence();
    return accepted;
  }

  /** A move sent over the socket (live-moves.ts): answered to the sender as the HTTP route answers it; the others hear the broadcast. */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    await answerSocket(ws, message, this.env, (userId, body) => this.move(userId, body));
  }

  /** The peer closed: completed with a normal 1000 (its own code may be a reserved one, never sent back). */
  override async webSocketClose(ws: WebSocket, _code: number) {
    closeQuietly(ws);
    await this.presence(ws);
  }

  /** A socket that failed: as if its peer had closed it. */
  override async webSocketError(ws: WebSocket) {
    await this.webSocketClose(ws, 1006);
  }

  /**
   * Someone came to the table or left it (`leaving`: the socket going): everyone is told who is
   * here, and a claim window is timed for live play or for correspondence again (live.ts).
   */
  private async presence(leaving?: WebSocket) {
    if (this.doc?.status !== "active") return;
    const p = presence(this.doc, (seat) => this.sockets.live(seat, leaving), this.now());
    this.sockets.sendAll(p.message, leaving);
    if (p.doc !== this.doc) await this.game.retimed(p.doc);
  }

  /** Clocks (reminders, the timeout ruling), computer moves, batched notices, index and ledger retries. */
  override async alarm() {
    doRequest("alarm");
    await ring(this.game, this.sockets, this.reviews);
  }

  /** Development and benchmark hooks (dev-hooks.ts): refused, as if there were no game, outside ENVIRONMENT=development. */
  async dev(call: DevCall): Promise<Result<DevAnswer>> {
    return devCall(call, { hooks: this.hooks, store: this.store, storage: this.storage, game: this.game, ring: () => this.alarm(), abort: (why) => this.ctx.abort(why) });
  }
}
