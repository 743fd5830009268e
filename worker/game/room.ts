/**
 * One Durable Object per game: a thin adapter around the engine. It loads, authorizes, checks
 * the version, calls the engine, persists state and the event log, broadcasts each seat its
 * own view, updates the D1 index, enqueues notices and posts the ledger. It computes no rule.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../lib/env";
import { isDev } from "../lib/env";
import * as engine from "./engine";
import { nextDue, dueEvents, pauseFor, deadlineOf, extendClock } from "./clock";
import { GameStore, type GameDoc, type Player } from "./store";
import { advance, safely, seatOf, timeoutStep, type Step } from "./turns";
import { names, payload, RECENT_EVENTS, type StoredEvent } from "./view";
import { chatRefusal, trimChat } from "./chat-limits";
import { notice, NoticeBatch, turnNotices } from "./notices";
import { indexRow, ledgerRetryMs, type Answer, type NewGame, type MoveBody, answer, answerJson, refusal } from "./room-support";
import { writeIndex } from "../db/games";
import type { GameEvent } from "../engine/api";
import { computerDueAt, computerTurn, MAX_MOVES_PER_ALARM, seatComputers, type Strength } from "./computers";
import { dropGameIndex } from "../db/challenges";
import { postGame } from "../db/ratings";
import { ratedWhy } from "../rating/result";

/** A failed D1 index write is tried again by the alarm this much later. */
const INDEX_RETRY_MS = 30_000;
/** While moves come fast (live play, a benchmark) the D1 index is written at most once per this many milliseconds. */
const INDEX_BATCH_MS = 2000;
/** The answer to someone holding a valid invitation once every seat is taken. */
const FULL = "This game has already started; all seats are taken.";

export class GameRoom extends DurableObject<Env> {
  private store = new GameStore(this.ctx.storage.sql);
  private doc: GameDoc | null = this.store.get<GameDoc>("doc");
  private state: unknown = this.store.get("state");
  /** What the D1 index last got from this instance (not stored: after a restart it is written again). */
  private indexed = "";
  private indexing: Promise<boolean> = Promise.resolve(true);
  /** When the index was last written, and whether a write after the answer is already waiting to go out. */
  private indexedAt = 0;
  private indexWaiting = false;
  private notices = new NoticeBatch(this.store, this.ctx, () => this.env);
  /** The alarm this instance last set (undefined: unknown, e.g. after a restart or an alarm ran). */
  private alarmAt: number | null | undefined = undefined;
  /** The version at which a computer seat could not play (its turn then waits for its clock). */
  private computerStuck = -1;

  private now = () => Date.now() + (this.doc?.clockOffsetMs ?? 0);
  /** The latest events of the log, kept in memory beside it (loaded on first use, appended by `commit`). */
  private recentEvents: StoredEvent[] | null = null;
  private recent = () => (this.recentEvents ??= this.store.events(RECENT_EVENTS));
  private view = (seat: number | null) => payload(this.doc!, this.state, this.recent(), seat, this.now());

  async create(g: NewGame) {
    if (this.doc) return refusal(409, "game/exists", "This game already exists.");
    this.store.init();
    const doc: GameDoc = { ...g, players: [g.creator, ...Array<Player | null>(g.seats - 1).fill(null)], status: "open", version: 1, createdAt: Date.now(), clocks: [], vacations: {}, timeouts: Array(g.seats).fill(0), ledger: "none", ledgerAttempts: 0, clockOffsetMs: 0, failLedgerWrites: 0 };
    this.commit(doc, null, { state: null, events: [], moves: [] });
    await this.after([]);
    return answer(this.view(0));
  }

  async join(user: Player, inviteHash: string | null) {
    const doc = this.doc;
    if (!doc) return refusal(404, "not-found", "No such game.");
    const seated = seatOf(doc, user.userId);
    if (seated >= 0) return answer(this.view(seated));
    if (inviteHash !== doc.inviteHash) return refusal(404, "not-found", "No such game, or the invitation is not valid.");
    if (doc.status !== "open") return refusal(409, "game/full", FULL);
    const seat = doc.players.indexOf(null);
    return (await this.seat(doc.players.map((p, i) => (i === seat ? user : p)))) ?? answer(this.view(seat));
  }

  /** Computer players of `strength` take `count` empty seats (all when omitted); the game deals when full. */
  async addComputers(strength: Strength, delayMs: number, count?: number) {
    const doc = this.doc;
    if (!doc) return refusal(404, "not-found", "No such game.");
    if (doc.status !== "open") return refusal(409, "game/full", "All seats of this game are taken.");
    return (await this.seat(seatComputers(doc.players, strength, delayMs, count))) ?? answer(this.view(0));
  }

  /** An open game nobody plays yet (a cancelled or expired challenge) is removed with its index row. */
  async discardOpen() {
    const doc = this.doc;
    if (!doc) return refusal(404, "not-found", "No such game.");
    if (doc.status !== "open") return refusal(409, "game/started", "The game has started; it can no longer be called off.");
    await this.indexing;
    await dropGameIndex(this.env, doc.id);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.doc = null;
    this.state = null;
    this.recentEvents = null;
    this.alarmAt = undefined;
    return answer({ ok: true });
  }

  /** Stores the new seating; deals when no seat is left free. A refusal when the deal failed. */
  private async seat(players: (Player | null)[]) {
    const doc = this.doc!;
    let next: GameDoc = { ...doc, players, version: doc.version + 1 };
    let state: unknown = null;
    if (!players.includes(null)) {
      const dealt = engine.newGame(doc.ruleset, doc.options, doc.seed);
      if (!dealt.ok) return refusal(422, dealt.code, dealt.message);
      state = dealt.state;
      next = advance(next, state, this.now(), null);
    }
    this.commit(next, state, { state, events: [], moves: [] });
    await this.after([]);
    return null;
  }

  get(userId: string, inviteHash: string | null) {
    if (!this.doc) return refusal(404, "not-found", "No such game.");
    const seat = seatOf(this.doc, userId);
    const invited = this.doc.status === "open" && inviteHash === this.doc.inviteHash;
    // Someone holding the real invitation to a game that filled up meanwhile is told so; anyone else learns nothing.
    if (seat < 0 && this.doc.status === "active" && inviteHash === this.doc.inviteHash) return refusal(409, "game/full", FULL);
    if (seat < 0 && this.doc.status !== "ended" && !invited) return refusal(404, "not-found", "No such game.");
    return answer(this.view(seat < 0 ? null : seat));
  }

  async move(userId: string, body: MoveBody) {
    const doc = this.doc;
    const seat = doc ? seatOf(doc, userId) : -1;
    if (!doc || seat < 0) return refusal(404, "not-found", "No such game.");
    const saved = this.store.answer(seat, body.idempotencyKey);
    if (saved) return answerJson(saved.json, saved.status as Answer["status"]);
    if (doc.status !== "active") return refusal(422, doc.status === "open" ? "game/not-started" : "game/over", doc.status === "open" ? "The game has not started: seats are still free." : "The game is over.");
    if (body.version !== doc.version) return refusal(409, "game/stale", `The game moved on (version ${doc.version}, you sent ${body.version}). Here is the current view.`, { game: this.view(seat) });
    const r = safely(() => engine.apply(this.state as never, seat, body.move));
    if (!r) return refusal(422, "move/malformed", "That move is not one of the moves you can make now.");
    if (!r.ok) return refusal(422, r.code, r.message);
    const before = doc.clocks.map((c) => c.seat);
    this.commit(advance(doc, r.state, this.now(), { seat, kind: "move" }), r.state, { state: r.state, events: r.events, moves: [{ seat, move: body.move }] });
    const shown = this.view(seat);
    const json = JSON.stringify(shown);
    this.store.saveAnswer(seat, body.idempotencyKey, { status: 200, json }, Date.now());
    // The mover is answered without waiting for the D1 index while the game runs on.
    await this.after(before, this.doc!.status === "active", new Map([[seat, shown]]));
    return answerJson(json);
  }

  record() {
    if (!this.doc) return refusal(404, "not-found", "No such game.");
    if (this.doc.status !== "ended") return refusal(403, "record/not-yet", "The record (with the seed) is published when the game ends.");
    const { ruleset, options, seed, commitment } = this.doc;
    return answer({ id: this.doc.id, ruleset, options, seed, commitment, moves: this.store.moves(), events: this.store.events().map((e) => e.event), result: engine.result(this.state as never) });
  }

  async chat(userId: string, text: string | null) {
    const seat = this.doc ? seatOf(this.doc, userId) : -1;
    if (seat < 0) return refusal(404, "not-found", "No such game.");
    if (text === null) return answer({ messages: this.store.chat() });
    // Per-seat limits (a refused message is not stored, shown or sent on); the game keeps its latest messages only.
    const limited = chatRefusal(this.ctx.storage.sql, seat, this.now());
    if (limited) return refusal(429, "rate-limited", limited.message, { retryAfter: limited.retryAfter });
    const message = this.store.addChat(seat, names(this.doc!)[seat]!, text, this.now());
    trimChat(this.ctx.storage.sql);
    for (const ws of this.ctx.getWebSockets()) ws.send(JSON.stringify({ type: "chat", message }));
    this.notices.add(this.doc!.players.map((_, s) => (s === seat ? null : notice(this.doc!, s, "chat", `${message.name}: ${text}`, message.at, this.isLive(s)))));
    await this.schedule();
    return answer({ message });
  }

  /** The player is away until `until`: their running clocks stand still meanwhile. */
  async vacation(userId: string, until: number) {
    const doc = this.doc;
    if (!doc || doc.status === "ended") return;
    // `until` is wall-clock time; the game's clock may run ahead in development.
    const now = this.now(), seat = seatOf(doc, userId), previous = doc.vacations[userId] ?? 0;
    until += doc.clockOffsetMs;
    doc.vacations = { ...doc.vacations, [userId]: Math.max(previous, until) };
    doc.clocks = doc.clocks.map((c) => (c.seat === seat ? pauseFor(c, now, previous, until) : c));
    this.store.put("doc", doc);
    this.broadcast();
    await this.after(doc.clocks.map((c) => c.seat));
  }

  // ---- league organiser tools (worker/api/leagues.ts checks that the caller organises the league) ----

  /** The running clocks get `ms` more time. */
  async extendDeadline(ms: number) {
    const doc = this.doc;
    if (!doc) return refusal(404, "not-found", "No such game.");
    if (doc.status !== "active") return refusal(409, "game/not-running", "Only a running game's deadline can be extended.");
    const now = this.now();
    doc.clocks = doc.clocks.map((c) => extendClock(c, ms, now));
    doc.version++;
    this.store.put("doc", doc);
    await this.after(doc.clocks.map((c) => c.seat));
    return answer({ deadlines: doc.clocks.map((c) => ({ seat: c.seat, deadline: deadlineOf(c) })) });
  }

  /** A newcomer takes the seat of a player who left, with its tiles and its running clock. */
  async replacePlayer(fromUserId: string, to: Player) {
    const doc = this.doc;
    const seat = doc ? seatOf(doc, fromUserId) : -1;
    if (!doc || seat < 0) return refusal(404, "not-found", "That player has no seat in this game.");
    if (doc.status === "ended") return refusal(409, "game/over", "The game is over; its result stays with the player who finished it.");
    if (seatOf(doc, to.userId) >= 0) return refusal(409, "game/seated", "The newcomer already sits at this table.");
    doc.players = doc.players.map((p, i) => (i === seat ? to : p));
    doc.version++;
    this.store.put("doc", doc);
    // The leaver's open sockets would otherwise go on receiving the seat's concealed tiles.
    for (const ws of this.ctx.getWebSockets(`seat:${seat}`)) ws.close(4001, "seat taken over");
    await this.after(doc.clocks.map((c) => c.seat).filter((s) => s !== seat));
    return answer({ seat });
  }

  /** The organiser declares that a player forfeits: the game ends as abandoned by them. */
  async forfeit(userId: string) {
    const doc = this.doc;
    const seat = doc ? seatOf(doc, userId) : -1;
    if (!doc || seat < 0) return refusal(404, "not-found", "That player has no seat in this game.");
    if (doc.status !== "active") return refusal(409, "game/not-running", "Only a running game can be forfeited.");
    const r = safely(() => engine.abandon(this.state as never, seat));
    if (!r?.ok) return refusal(422, r?.code ?? "game/forfeit", r?.message ?? "The game could not be ended.");
    const before = doc.clocks.map((c) => c.seat);
    this.commit(advance({ ...doc, forfeited: true }, r.state, this.now(), null), r.state, { state: r.state, events: r.events, moves: [{ seat, move: { type: "abandon" } }] });
    await this.after(before);
    return answer({ seat, result: engine.result(this.state as never) });
  }

  /** A deleted account: its seat keeps its tiles and results under the new name. */
  async renameSeat(userId: string, name: string) {
    const doc = this.doc;
    if (!doc || seatOf(doc, userId) < 0) return;
    doc.players = doc.players.map((p) => (p?.userId === userId ? { ...p, name } : p));
    this.store.put("doc", doc);
    this.broadcast();
  }

  /** Live view (hibernatable WebSocket): players only; each socket is tagged with its seat. */
  override async fetch(request: Request) {
    const seat = this.doc ? seatOf(this.doc, request.headers.get("x-user-id") ?? "") : -1;
    if (seat < 0 || this.doc!.status === "ended") return Response.json({ code: "not-found", message: "No such game." }, { status: 404 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [`seat:${seat}`]);
    server.send(JSON.stringify({ type: "game", game: this.view(seat) }));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (message === "ping") ws.send("pong");
  }

  /**
   * The peer closed. Its code (1005, 1006 and 1015 are reserved: only seen, never sent) is not
   * passed back; the close is completed with a normal 1000, and a socket already closed is left be.
   */
  override async webSocketClose(ws: WebSocket, _code: number) {
    try {
      ws.close(1000, "bye");
    } catch {
      // already closed: nothing to complete
    }
  }

  /** Clocks (reminders, the timeout ruling) and ledger retries. */
  override async alarm() {
    this.alarmAt = undefined;
    const doc = this.doc;
    if (!doc) return;
    const before = doc.clocks.map((c) => c.seat);
    const now = this.now();
    if (this.playComputers(now)) {
      await this.after(before);
      this.notices.flush();
      await this.schedule();
      return;
    }
    const due = dueEvents(doc.clocks, now);
    if (!due.events.length && doc.ledger !== "pending") {
      // Nothing on the clocks: the alarm came for batched notices or an index retry; the game did not change.
      this.notices.flush();
      this.indexSoon();
      await this.schedule();
      return;
    }
    doc.clocks = due.clocks;
    this.store.put("doc", doc);
    const reminders = due.events.filter((e) => e.kind !== "timeout");
    this.notices.add(reminders.map((e) => notice(doc, e.seat, e.kind as "reminder", `Reminder: your move is due ${new Date(deadlineOf(doc.clocks.find((c) => c.seat === e.seat)!)).toUTCString()}.`, now, this.isLive(e.seat))));
    const late = due.events.find((e) => e.kind === "timeout");
    if (late) {
      const t = timeoutStep(doc, this.state, late.seat);
      if (t) this.commit(advance(doc, t.step.state, now, { seat: late.seat, kind: "timeout" }), t.step.state, t.step);
      else this.commit(advance(doc, this.state, now, { seat: late.seat, kind: "timeout" }), this.state, { state: this.state, events: [], moves: [] });
    }
    await this.after(before);
    // Whatever waits goes out now: an alarm is never in a hurry, and it may be the batch's own.
    this.notices.flush();
    await this.schedule();
  }

  /** Computer seats whose move is due play it, one after the other, each stored like a player's move. */
  private playComputers(now: number): boolean {
    let played = 0;
    for (; played < MAX_MOVES_PER_ALARM; played++) {
      const doc = this.doc!;
      const turn = doc.version === this.computerStuck ? null : computerTurn(doc, this.state, now);
      if (!turn) break;
      const r = safely(() => engine.apply(this.state as never, turn.seat, turn.move));
      if (r?.ok) {
        this.commit(advance(doc, r.state, now, { seat: turn.seat, kind: "move" }), r.state, { state: r.state, events: r.events, moves: [turn] });
        continue;
      }
      // A move the engine refused (it never should): the seat's turn is played by the timeout ruling instead.
      console.error(`computer move refused in ${doc.id}: ${r ? r.code : "threw"}`);
      const t = timeoutStep(doc, this.state, turn.seat);
      if (!t) {
        // Nothing can be played for it: the seat is left to its clock until the game changes.
        this.computerStuck = doc.version;
        break;
      }
      this.commit(advance(doc, t.step.state, now, { seat: turn.seat, kind: "timeout" }), t.step.state, t.step);
    }
    return played > 0;
  }

  // ---- development and benchmark hooks (refused outside ENVIRONMENT=development) ----

  /** The game's clock jumps ahead. With `fire`, due alarms run at once; otherwise the next alarm (or a test's runDurableObjectAlarm) sees the new time. */
  async devClock(advanceMs: number, fire: boolean) {
    if (!isDev(this.env) || !this.doc) return refusal(404, "not-found", "No such game.");
    this.doc.clockOffsetMs += advanceMs;
    this.store.put("doc", this.doc);
    if (fire) await this.schedule();
    return answer({ now: this.now() });
  }

  async devFaults(ledgerFailures: number) {
    if (!isDev(this.env) || !this.doc) return refusal(404, "not-found", "No such game.");
    this.doc.failLedgerWrites = ledgerFailures;
    this.store.put("doc", this.doc);
    return answer({ ok: true });
  }

  devNoop() {
    if (!isDev(this.env)) return refusal(404, "not-found", "No such thing here.");
    this.store.init();
    const n = (this.store.get<number>("noop") ?? 0) + 1;
    this.store.put("noop", n);
    return answer({ n });
  }

  // ---- persistence and side effects ----

  private commit(next: GameDoc, state: unknown, step: Step) {
    const at = Date.now();
    this.ctx.storage.transactionSync(() => {
      this.store.put("doc", next);
      if (step.state !== null) this.store.put("state", state);
      this.store.appendEvents(next.version, at, step.events);
      for (const m of step.moves) this.store.appendMove(m.seat, m.move, at);
    });
    this.doc = next;
    this.state = state;
    if (this.recentEvents && step.events.length) this.recentEvents = [...this.recentEvents, ...step.events.map((event) => ({ version: next.version, at, event: structuredClone(event) }))].slice(-RECENT_EVENTS);
  }

  /**
   * After a committed change: sockets, index, notices, ledger, alarm. `before` = seats that were to act.
   * With `indexLater` the D1 index is written after the answer (a failed write sets a retry alarm);
   * otherwise it is current when the caller is answered (a game starting or ending, the alarm, …).
   */
  private async after(before: number[], indexLater = false, shown?: Map<number, unknown>) {
    const doc = this.doc!;
    this.broadcast(shown);
    const now = this.now();
    const recent = this.recent().slice(-10).map((e) => e.event);
    const started = doc.clocks.filter((c) => !before.includes(c.seat)).map((c) => c.seat);
    const turns = started.length ? turnNotices(doc, this.state, recent, started, now, (s) => this.isLive(s)) : [];
    const ended = doc.status === "ended" && !doc.endNotified ? doc.players.map((_, s) => notice(doc, s, "game-ended", `The game is over. ${this.said(recent)}`, now, this.isLive(s))) : [];
    if (ended.length) {
      doc.endNotified = true;
      this.store.put("doc", doc);
    }
    if (indexLater) {
      this.notices.add([...turns, ...ended]);
      this.indexSoon();
      await this.postResult();
      await this.schedule();
      return;
    }
    const indexed = this.syncIndex();
    this.notices.add([...turns, ...ended]);
    const ok = await indexed;
    await this.postResult();
    await this.schedule(ok ? 0 : INDEX_RETRY_MS);
  }

  /**
   * The index is written after the answer: at once when it was not written in the last
   * INDEX_BATCH_MS, otherwise once that long after the last write, with the row as it is then.
   * A failed write is tried again by the alarm.
   */
  private indexSoon() {
    if (this.indexWaiting) return; // the write that waits takes this change along
    this.indexWaiting = true;
    const wait = Math.max(0, this.indexedAt + INDEX_BATCH_MS - Date.now());
    const written = (async () => {
      if (wait) await new Promise((r) => setTimeout(r, wait));
      this.indexWaiting = false;
      if (!(await this.syncIndex())) await this.schedule(INDEX_RETRY_MS);
    })();
    this.ctx.waitUntil(written);
  }

  /** Index writes run one after the other, each with the row as it is then; one that finds nothing new is skipped. */
  private syncIndex(): Promise<boolean> {
    this.indexing = this.indexing.then(() => this.writeIndexRow());
    return this.indexing;
  }

  /** Writes the D1 index row when what it shows changed (a turn of draw then discard changes it once). */
  private async writeIndexRow(): Promise<boolean> {
    const doc = this.doc!;
    const row = indexRow(doc, doc.status === "ended" ? (engine.result(this.state as never)?.reason ?? null) : null);
    const shown = JSON.stringify({ ...row, version: 0 });
    if (shown === this.indexed) return true;
    try {
      this.indexedAt = Date.now();
      await writeIndex(this.env, row);
      this.indexed = shown;
      return true;
    } catch (e) {
      console.error(`games index write failed: ${String(e)}`);
      return false;
    }
  }

  /** Posts the result to the ledger until D1 confirms; the write itself is idempotent by game. */
  private async postResult() {
    const doc = this.doc!;
    if (doc.ledger !== "pending") return;
    try {
      if (doc.failLedgerWrites > 0) {
        doc.failLedgerWrites--;
        throw new Error("simulated D1 failure");
      }
      const result = engine.result(this.state as never);
      const userIds = doc.players.map((p) => p?.userId ?? "");
      const reason = result?.reason ?? "void";
      const rated = ratedWhy({ rated: !!doc.rated, userIds, reason, moves: this.store.moves().length, forfeit: !!doc.forfeited, mahjong: !!result?.lines.some((l) => l.reason.startsWith("mahjong")) }).rated;
      // Ledger, results and rating changes in one D1 batch, each idempotent by game.
      doc.ratingChanges = await postGame(this.env, { gameId: doc.id, ruleset: doc.ruleset, userIds, lines: result?.lines ?? [], ...doc.league, reason, rated, endedAt: this.now() });
      doc.ledger = "posted";
      this.broadcast();
    } catch (e) {
      doc.ledgerAttempts++;
      console.error(`ledger post failed (attempt ${doc.ledgerAttempts}): ${String(e)}`);
    }
    this.store.put("doc", doc);
  }

  private async schedule(retryInMs = 0) {
    const doc = this.doc!;
    const offset = doc.clockOffsetMs, real = Date.now();
    const times = doc.clocks.map((c) => nextDue(c) - offset);
    if (doc.ledger === "pending") times.push(real + ledgerRetryMs(doc.ledgerAttempts));
    const computerAt = this.computerStuck === doc.version ? null : computerDueAt(doc, this.state);
    if (computerAt !== null) times.push(computerAt - offset);
    if (retryInMs) times.push(real + retryInMs);
    const noticesDue = this.notices.dueAt();
    if (noticesDue !== null) times.push(noticesDue);
    const at = times.length ? Math.max(real, Math.min(...times)) : null;
    if (at === this.alarmAt) return; // most moves leave the next due time where it was
    this.alarmAt = at;
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
  }

  /** Each connected seat gets its view, built once per seat (`shown`: views already built for this change). */
  private broadcast(shown?: Map<number, unknown>) {
    const views = new Map<number, string>();
    for (const ws of this.ctx.getWebSockets()) {
      const seat = Number(this.ctx.getTags(ws)[0]?.slice(5));
      if (!views.has(seat)) views.set(seat, JSON.stringify({ type: "game", game: shown?.get(seat) ?? this.view(seat) }));
      ws.send(views.get(seat)!);
    }
  }

  /** The latest event in words, as everyone may read it. */
  private said(recent: GameEvent[]) {
    const doc = this.doc!;
    return recent.length ? engine.describeEvent(engine.viewEvent(recent.at(-1)!, null) as never, doc.players.map((p) => p?.name ?? ""), doc.ruleset) : "";
  }

  private isLive(seat: number) {
    return this.ctx.getWebSockets(`seat:${seat}`).length > 0;
  }
}
