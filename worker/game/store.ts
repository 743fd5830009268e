/**
 * The game's own storage (Durable Object SQLite): one document for the game, the engine state,
 * an append-only event log, the move record, idempotency answers and chat (whose messages
 * chat-limits.ts posts and reads). All synchronous, so a move is checked, applied and stored
 * without any other request slipping in between.
 */
import type { Clock } from "./clock";
import type { Facts, GameEvent, GameOptions, Move, Orders, RulesetId } from "../engine/api";
import type { Strength } from "../engine/bots";
import type { Step } from "./turns";
import type { GameStatus } from "../table/turn";
import { RECENT_EVENTS, type StoredEvent } from "./view";
import type { StoredRating } from "../db/profiles";

export interface Player {
  userId: string;
  name: string;
  /** A computer player (worker/game/computers.ts): its strength and how long it waits before it plays. */
  computer?: { strength: Strength; delayMs: number };
}

/** Everything the DO knows about the game besides the engine state. */
export interface GameDoc {
  id: string;
  ruleset: RulesetId;
  options: GameOptions;
  daysPerMove: number;
  seats: number;
  players: (Player | null)[];
  inviteHash: string;
  seed: string;
  commitment: string;
  appUrl: string;
  inviteUrl?: string;
  status: GameStatus;
  /** Bumped by every stored change of the game; clients send the version they saw. */
  version: number;
  createdAt: number;
  /** When the game was dealt (its last seat taken); absent before then, and in games dealt before it was kept. */
  startedAt?: number;
  clocks: Clock[];
  /** Vacation end per user id (epoch ms). */
  vacations: Record<string, number>;
  /** Turns in a row played for each seat by the timeout ruling. */
  timeouts: number[];
  ledger: "none" | "pending" | "posted";
  /** The "game-ended" notices went out (once, whatever the ledger retries do). */
  endNotified?: boolean;
  /** The last move at which a time-out was told to the player who timed out (notices.ts timeoutNotices). */
  timeoutsTold?: number;
  ledgerAttempts: number;
  /** League games: the ledger lines carry the league and season. */
  league?: { leagueId: string; seasonId: string };
  /** A rated game (see worker/rating/result.ts for which finished games actually change ratings). */
  rated?: boolean;
  /**
   * A practice game: made with computers in every other seat (POST /api/games with computers, play
   * again), always live and never mailed. False for a challenge whose empty seats computers took
   * after days: that one is still played by correspondence. Absent in games stored before this
   * field: then one person with computers in every other seat is practice.
   */
  practice?: boolean;
  /** "Play again": the standing orders each player kept from the game before, by user id (start-orders.ts). */
  startOrders?: Record<string, Orders>;
  /** The game ended by an organiser's forfeit. */
  forfeited?: boolean;
  /**
   * The claim window open now: its pace key and the version it opened at. An answer sent from any
   * version since then answers this same window, so answers of different seats never conflict.
   */
  window?: { key: string; from: number };
  /** Each seat's rating change once the result is posted (`null`: the game did not change ratings). */
  ratingChanges?: (number | null)[];
  /**
   * What follows from the engine state: its result, whose clocks run and how they are timed, as
   * the engine handed them out with the change that made the state (turns.ts advance keeps them);
   * read here, never asked again. Before the deal: no result, nobody to act (doc.ts UNDEALT).
   */
  facts: Facts;
}

/** A move's answer as sent: its status and its body as JSON text. */
export interface StoredAnswer {
  status: number;
  json: string;
}

/** The document row also keeps the count of moves played, orders moves aside (the games list shows it), so that nothing counts the log again. */
const SHOWN = "movesShown";
/**
 * ...and the latest RECENT_EVENTS events as the log has them (the view shows them), so that a game
 * woken from storage reads one row for them instead of the log's last forty.
 */
const RECENT = "recentEvents";
/**
 * ...and the engine state (its JSON as is), so that a change writes one row and a game woken from
 * storage reads one. A game stored before keeps the state in a row of its own (key "state"), read
 * until its next change writes it with the document and deletes that row.
 */
const STATE = "engineState";

/**
 * ...and each seat's latest move answers, for a retry of the same request (which comes within
 * seconds): written with the document, which a move writes anyway, not as a row of their own. A game
 * stored before keeps its older answers in the `answers` table, still read.
 */
const ANSWERS = "answers";
/** The answers kept per seat: a retry comes before the seat's next move from that device; another device's move meanwhile leaves the first one kept. */
const ANSWERS_PER_SEAT = 2;

/**
 * ...and the latest changes' events and moves not yet in the log's table (`UNLOGGED`): a new game
 * logs its changes LOG_CHUNK at a time, one row of `chunks` each, so that a move writes the
 * document's row alone (the change is in it, stored as durably as the state it made), not a row of
 * the log beside it. The readers of the log take the table's rows, then these.
 */
const UNLOGGED = "unloggedSteps";
/** Changes logged together in one row of `chunks`. */
export const LOG_CHUNK = 16;
/**
 * ...and who sits where as the games index has it (index-sync.ts), which a woken game reads before
 * its first index write: kept in the document's row, read with it, not in a row of its own. A game
 * stored before keeps it in its own row until its next write of the document.
 */
const INDEX_SEATS = "indexSeats";
/**
 * ...and the seated players' ratings in the game's family as D1 had them (table-ratings.ts), so that a
 * visit to the game page reads them with the document instead of from D1: by user id (null: no rating
 * row then). A game's end that moves a player's rating drops it from the other games that keep it.
 */
const TABLE_RATINGS = "tableRatings";

/** A change as the log keeps it: its version, when, its events and its moves (null: none). */
interface LoggedStep {
  version: number;
  at: number;
  events: GameEvent[];
  moves: { seat: number; move: Move }[] | null;
}

/** How long a move's answer is kept for a retry of the same request. */
const ANSWERS_KEPT_MS = 24 * 3600_000;

/** A move's answer kept with the document. */
interface KeptAnswer extends StoredAnswer {
  seat: number;
  key: string;
  at: number;
}

/** The answers still kept once `fresh` is added at `at`: a day's, the latest ANSWERS_PER_SEAT of each seat. */
function keptWith(kept: KeptAnswer[], fresh: KeptAnswer): KeptAnswer[] {
  const all = [...kept.filter((a) => a.at > fresh.at - ANSWERS_KEPT_MS), fresh];
  return all.filter((a, i) => all.slice(i + 1).filter((b) => b.seat === a.seat).length < ANSWERS_PER_SEAT);
}

export class GameStore {
  private ready = false;
  /** The latest events of the log, kept in memory beside it (loaded on first use, appended by `commit`). */
  private recentEvents: StoredEvent[] | null = null;
  /** Moves played, orders moves aside: read with the document, counted in the log only for a game stored before the document kept it. */
  private shown: number | null = null;
  /** The engine state's JSON as stored with the document ("null": no state yet); undefined until read or written. */
  private stateText: string | undefined = undefined;
  /** The engine state was read from a row of its own (a game stored before the document kept it): the next write of the document deletes that row. */
  private stateRow = false;
  /** The latest move answers, kept with the document (read with it). */
  private answers: KeptAnswer[] = [];
  /** Whether the game has the `answers` table of games stored before (asked once). */
  private answerTable: boolean | null = null;
  /** The changes not yet in the log's table, kept with the document (null: not read yet). */
  private unlogged: LoggedStep[] | null = null;
  /** Who sits where as the games index has it, kept with the document (undefined: not read yet; null: never indexed). */
  private seatsIndexed: Record<string, string> | null | undefined = undefined;
  /** The seated players' ratings as kept with the document (undefined: not read yet). */
  private ratings: Record<string, StoredRating | null> | undefined = undefined;

  constructor(
    private readonly sql: SqlStorage,
    private readonly transaction: (f: () => void) => void = (f) => f(),
  ) {}

  /**
   * One stored change at once: the document (with the latest events), the engine state (unless the
   * step left it), the step's events and moves; `answer`, a move's answer, is written out with the
   * document (kept for a retry: `answer(seat, key)`), made once everything else is in place.
   */
  commit(doc: { version: number }, state: unknown, step: Step, at: number, answer?: () => { seat: number; key: string; json: string }) {
    const before = this.moveCount();
    const recentBefore = this.recent();
    const answersBefore = this.answers;
    const unloggedBefore = this.unlogged;
    try {
      this.transaction(() => {
        this.shown = before + step.moves.filter((m) => m.move.type !== "orders").length;
        if (step.events.length) this.recentEvents = [...recentBefore, ...step.events.map((event) => ({ version: doc.version, at, event: structuredClone(event) }))].slice(-RECENT_EVENTS);
        if (step.state !== null) this.stateText = JSON.stringify(state) ?? "null";
        if (answer) {
          const a = answer();
          this.answers = keptWith(this.answers, { seat: a.seat, key: a.key, status: 200, json: a.json, at });
        }
        if (this.chunked) this.logInDoc(doc.version, at, step.events, step.moves);
        else this.appendStep(doc.version, at, step.events, step.moves);
        this.put("doc", doc);
      });
    } catch (e) {
      this.shown = before;
      this.recentEvents = recentBefore;
      this.answers = answersBefore;
      this.unlogged = unloggedBefore;
      throw e;
    }
  }

  /** The latest RECENT_EVENTS events, oldest first (the same objects from one call to the next until a change): kept with the document, read from the log only for a game stored before it kept them. */
  recent(): StoredEvent[] {
    if (this.recentEvents === null && this.exists) this.get("doc");
    return (this.recentEvents ??= this.exists ? this.events(RECENT_EVENTS) : []);
  }

  /** Forgets what it keeps in memory (the storage was deleted). */
  forget() {
    // The tables may be gone (discard deletes the storage): asked again before anything reads or writes them.
    this.ready = false;
    this.recentEvents = null;
    this.shown = null;
    this.stepLog = null;
    this.stepMoves = null;
    this.stateText = undefined;
    this.stateRow = false;
    this.answers = [];
    this.answerTable = null;
    this.unlogged = null;
    this.seatsIndexed = undefined;
    this.ratings = undefined;
    this.chunkLog = null;
  }

  /** The document and the engine state as stored, in one read of the document's row (two for a game stored before it kept the state). */
  load<D, S>(): { doc: D | null; state: S | null } {
    const doc = this.get<D>("doc");
    if (doc === null) return { doc, state: null };
    return { doc, state: this.stateText === undefined ? this.legacyState<S>() : (JSON.parse(this.stateText) as S | null) };
  }

  /** A game stored before the document kept the engine state: its own row (none before the deal). */
  private legacyState<S>(): S | null {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'state'").toArray()[0];
    this.stateRow = !!row;
    this.stateText = row?.value ?? "null";
    return JSON.parse(this.stateText) as S | null;
  }

  /** Whether the game logs its events a change to a row (`steps`), as games made since do; a game stored before logs one row per event (`events`). */
  private stepLog: boolean | null = null;
  private get steps(): boolean {
    return (this.stepLog ??= this.has("steps"));
  }

  /** Whether a change's moves are in its row of `steps`, as in games made since; a game stored before logs them a row each (`moves`). */
  private stepMoves: boolean | null = null;
  private get movesInSteps(): boolean {
    return (this.stepMoves ??= this.steps && this.has("steps", "moves"));
  }

  /** Whether the game's storage has `table` (with `column`), asked of the table itself, which reads no row (the schema would be scanned whole). */
  private has(table: string, column = "1"): boolean {
    try {
      this.sql.exec(`SELECT ${column} FROM ${table} LIMIT 0`);
      return true;
    } catch {
      return false;
    }
  }

  /** Whether the game logs its changes LOG_CHUNK to a row of `chunks` (games made since), the latest kept with the document. */
  private chunkLog: boolean | null = null;
  private get chunked(): boolean {
    return (this.chunkLog ??= this.movesInSteps && this.has("chunks"));
  }

  /** True once `init` ran: a Durable Object for an unknown game id stores nothing at all. */
  get exists(): boolean {
    // No kv table: nothing stored.
    return (this.ready ||= this.has("kv"));
  }

  /**
   * The game's tables. The logs number their rows by rowid alone: no row is ever deleted from them,
   * so the numbers are the same as AUTOINCREMENT's, without its second row written (and read) per
   * insert. A change's events and moves are one row of `steps` (a draw and a discard, a claim
   * window's passes, the move that made them: one row written, not one per event and one per move);
   * `events`, one row per event, stays empty, as the log of games stored before (whose moves are a
   * row each in `moves`, which a new game does not have). The key-value rows are kept by their key alone (WITHOUT ROWID): a
   * write of the document, at every change, then reads no row to find the one it replaces (a table
   * with a rowid reads its key's index first). Games stored before keep their tables as they are.
   */
  init() {
    this.ready = true;
    this.stepLog = true;
    this.stepMoves = true;
    this.chunkLog = true;
    this.unlogged = [];
    this.seatsIndexed = null;
    this.ratings = {};
    this.answerTable = false;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, version INTEGER NOT NULL, at INTEGER NOT NULL, event TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS steps (seq INTEGER PRIMARY KEY, version INTEGER NOT NULL, at INTEGER NOT NULL, events TEXT NOT NULL, moves TEXT);
      CREATE TABLE IF NOT EXISTS chunks (seq INTEGER PRIMARY KEY, steps TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS chat (id INTEGER PRIMARY KEY AUTOINCREMENT, seat INTEGER NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL);
    `);
  }

  /** A stored value; "state", the engine state, is kept with the document (`load` reads both at once). */
  get<T>(key: string): T | null {
    if (!this.exists) return null;
    if (key === "state") return this.load<unknown, T>().state;
    const row = this.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = ?", key).toArray()[0];
    if (!row) return null;
    const value = JSON.parse(row.value) as T;
    if (key !== "doc" || !value || typeof value !== "object" || !(SHOWN in value || RECENT in value || STATE in value)) return value;
    const { [SHOWN]: shown, [RECENT]: recent, [STATE]: state, [ANSWERS]: answers, [UNLOGGED]: unlogged, [INDEX_SEATS]: seats, [TABLE_RATINGS]: ratings, ...doc } = value as Record<string, unknown>;
    if (typeof shown === "number") this.shown = shown;
    this.unlogged = Array.isArray(unlogged) ? (unlogged as LoggedStep[]) : [];
    if (INDEX_SEATS in value) this.seatsIndexed = (seats as Record<string, string> | null) ?? null;
    this.ratings = (ratings as Record<string, StoredRating | null> | undefined) ?? {};
    this.answers = Array.isArray(answers) ? (answers as KeptAnswer[]) : [];
    if (Array.isArray(recent)) this.recentEvents ??= recent as StoredEvent[];
    if (STATE in value) this.stateText = JSON.stringify(state) ?? "null";
    return doc as T;
  }

  /** Stores a value; the document's row also keeps the count of moves shown, the latest events and the engine state (`commit` gives it). */
  put(key: string, value: unknown) {
    if (key === "state") throw new Error("The engine state is stored with the document: GameStore.commit.");
    if (key === "indexSeats") throw new Error("Who sits where as the index has it is kept with the document: GameStore.keepIndexSeats.");
    // What the document's row keeps beside the document, as last read or written, never lost by a change of the document alone.
    if (key === "doc" && (this.stateText === undefined || this.unlogged === null || this.seatsIndexed === undefined) && this.exists) {
      this.load();
      this.seatsIndexed = this.indexSeats();
    }
    const extras = () => ({
      [SHOWN]: this.moveCount(),
      [RECENT]: this.recent(),
      ...(this.answers.length ? { [ANSWERS]: this.answers } : {}),
      ...(this.unlogged?.length ? { [UNLOGGED]: this.unlogged } : {}),
      ...(this.seatsIndexed !== undefined ? { [INDEX_SEATS]: this.seatsIndexed } : {}),
      ...(this.ratings && Object.keys(this.ratings).length ? { [TABLE_RATINGS]: this.ratings } : {}),
    });
    let text = JSON.stringify(key === "doc" && value && typeof value === "object" ? { ...value, ...extras() } : value);
    if (key === "doc") {
      // The state written as the JSON it is, not again.
      text = `${text.slice(0, -1)},"${STATE}":${this.stateText ?? "null"}}`;
      if (this.stateRow) this.sql.exec("DELETE FROM kv WHERE key = 'state'");
      this.stateRow = false;
    }
    this.sql.exec("INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, text);
  }

  /** Who sits where as the games index last got it (kept with the document; a game stored before keeps it in a row of its own), or null. */
  indexSeats(): Record<string, string> | null {
    if (!this.exists) return null;
    if (this.seatsIndexed === undefined) this.get("doc");
    if (this.seatsIndexed === undefined) {
      const row = this.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = 'indexSeats'").toArray()[0];
      this.seatsIndexed = row ? (JSON.parse(row.value) as Record<string, string>) : null;
    }
    return this.seatsIndexed;
  }

  /** The players' ratings kept with the document (read with it), by user id; empty when none are kept. */
  keptRatings(): Readonly<Record<string, StoredRating | null>> {
    if (this.ratings === undefined && this.exists) this.get("doc");
    return (this.ratings ??= {});
  }

  /** Keeps these ratings (and drops `dropped`'s), to be written with the document by its next write. */
  keepRatings(kept: Record<string, StoredRating | null>, dropped: readonly string[] = []) {
    const next: Record<string, StoredRating | null> = { ...this.keptRatings(), ...kept };
    for (const id of dropped) delete next[id];
    this.ratings = next;
  }

  /** Keeps who sits where as the index got it, to be written with the document (whose writer writes it next: one row, as its own row was). */
  keepIndexSeats(seats: Record<string, string>) {
    this.seatsIndexed = seats;
  }

  /**
   * A change's events and moves kept with the document (a change with neither keeps nothing); once
   * LOG_CHUNK are kept they go into one row of `chunks`, in the same transaction as the document.
   */
  private logInDoc(version: number, at: number, events: GameEvent[], moves: readonly { seat: number; move: Move }[]) {
    if (!events.length && !moves.length) return;
    if (this.unlogged === null) this.get("doc");
    const kept = [...(this.unlogged ?? []), { version, at, events: structuredClone(events), moves: moves.length ? moves.map((m) => ({ seat: m.seat, move: m.move })) : null }];
    if (kept.length >= LOG_CHUNK) {
      this.sql.exec("INSERT INTO chunks (steps) VALUES (?)", JSON.stringify(kept));
      this.unlogged = [];
    } else this.unlogged = kept;
  }

  /** Every change of a game that logs them in chunks, oldest first: the rows of `steps` (none in games made since), of `chunks`, then those kept with the document. */
  private logged(): LoggedStep[] {
    const rows = this.sql
      .exec<{ version: number; at: number; events: string; moves: string | null }>("SELECT version, at, events, moves FROM steps ORDER BY seq")
      .toArray()
      .map((r) => ({ version: r.version, at: r.at, events: JSON.parse(r.events) as GameEvent[], moves: r.moves === null ? null : (JSON.parse(r.moves) as { seat: number; move: Move }[]) }));
    const chunks = this.sql
      .exec<{ steps: string }>("SELECT steps FROM chunks ORDER BY seq")
      .toArray()
      .flatMap((r) => JSON.parse(r.steps) as LoggedStep[]);
    if (this.unlogged === null) this.get("doc");
    return [...rows, ...chunks, ...(this.unlogged ?? [])];
  }

  /**
   * A change's events and moves: one row of `steps` (its moves, `[{seat, move}]`, beside its events;
   * null when it made none), written only when the change made either. A game stored before logs
   * its moves a row each in `moves`, beside its events.
   */
  private appendStep(version: number, at: number, events: GameEvent[], moves: readonly { seat: number; move: Move }[]) {
    if (this.movesInSteps) {
      if (events.length || moves.length)
        this.sql.exec("INSERT INTO steps (version, at, events, moves) VALUES (?, ?, ?, ?)", version, at, JSON.stringify(events), moves.length ? JSON.stringify(moves.map((m) => ({ seat: m.seat, move: m.move }))) : null);
      return;
    }
    this.appendEvents(version, at, events);
    for (const m of moves) this.appendMove(m.seat, m.move, at);
  }

  private appendEvents(version: number, at: number, events: GameEvent[]) {
    if (this.steps) {
      if (events.length) this.sql.exec("INSERT INTO steps (version, at, events) VALUES (?, ?, ?)", version, at, JSON.stringify(events));
      return;
    }
    for (const e of events) this.sql.exec("INSERT INTO events (version, at, event) VALUES (?, ?, ?)", version, at, JSON.stringify(e));
  }

  /** The last `limit` events (all when limit is omitted), oldest first. */
  events(limit = -1): { version: number; at: number; event: GameEvent }[] {
    if (this.chunked) {
      const all = this.logged().flatMap((s) => s.events.map((event) => ({ version: s.version, at: s.at, event })));
      return limit < 0 ? all : all.slice(-limit);
    }
    if (this.steps) {
      // Each step with events holds at least one: the last `limit` of them hold the last `limit` events (a step of moves alone, standing orders, holds none).
      const all = this.sql
        .exec<{ version: number; at: number; events: string }>(`SELECT version, at, events FROM (SELECT * FROM steps${this.movesInSteps ? " WHERE events <> '[]'" : ""} ORDER BY seq DESC LIMIT ?) ORDER BY seq`, limit)
        .toArray()
        .flatMap((r) => (JSON.parse(r.events) as GameEvent[]).map((event) => ({ version: r.version, at: r.at, event })));
      return limit < 0 ? all : all.slice(-limit);
    }
    return this.sql
      .exec<{ version: number; at: number; event: string }>(
        "SELECT version, at, event FROM (SELECT * FROM events ORDER BY seq DESC LIMIT ?) ORDER BY seq",
        limit,
      )
      .toArray()
      .map((r) => ({ version: r.version, at: r.at, event: JSON.parse(r.event) as GameEvent }));
  }

  private appendMove(seat: number, move: Move, at: number) {
    this.sql.exec("INSERT INTO moves (seat, move, at) VALUES (?, ?, ?)", seat, JSON.stringify(move), at);
  }

  moves(): { seat: number; move: Move }[] {
    if (!this.exists) return [];
    if (this.chunked) return this.logged().flatMap((s) => s.moves ?? []);
    if (this.movesInSteps)
      return this.sql
        .exec<{ moves: string }>("SELECT moves FROM steps WHERE moves IS NOT NULL ORDER BY seq")
        .toArray()
        .flatMap((r) => JSON.parse(r.moves) as { seat: number; move: Move }[]);
    return this.sql
      .exec<{ seat: number; move: string }>("SELECT seat, move FROM moves ORDER BY ply")
      .toArray()
      .map((r) => ({ seat: r.seat, move: JSON.parse(r.move) as Move }));
  }

  /** When `seat`'s latest `limit` orders moves since `since` were made (real time), newest first. */
  ordersTimes(seat: number, since: number, limit: number): number[] {
    if (this.chunked) {
      const times: number[] = [];
      for (const s of this.logged().reverse()) {
        if (s.at <= since || times.length >= limit) break;
        for (const m of s.moves ?? []) if (m.seat === seat && m.move.type === "orders" && times.length < limit) times.push(s.at);
      }
      return times;
    }
    if (this.movesInSteps) {
      const times: number[] = [];
      // Newest first, read no further than needed.
      for (const r of this.sql.exec<{ at: number; moves: string }>("SELECT at, moves FROM steps WHERE moves IS NOT NULL AND at > ? ORDER BY seq DESC", since)) {
        const mine = (JSON.parse(r.moves) as { seat: number; move: Move }[]).filter((m) => m.seat === seat && m.move.type === "orders");
        for (const _ of mine) if (times.length < limit) times.push(r.at);
        if (times.length >= limit) break;
      }
      return times;
    }
    return this.sql
      .exec<{ at: number }>("SELECT at FROM moves WHERE seat = ? AND at > ? AND json_extract(move, '$.type') = 'orders' ORDER BY ply DESC LIMIT ?", seat, since, limit)
      .toArray()
      .map((r) => r.at);
  }

  /** Moves played, orders moves aside (the games list shows it to every player; a seat's orders are its own). */
  moveCount(): number {
    if (this.shown === null) this.get("doc");
    if (this.shown === null && this.exists && this.movesInSteps) this.shown = this.moves().filter((m) => m.move.type !== "orders").length;
    return (this.shown ??= this.exists ? this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM moves WHERE json_extract(move, '$.type') <> 'orders'").one().n : 0);
  }

  /** The answer a move with this key got (kept with the document; a game stored before also keeps older ones in its `answers` table), or null. */
  answer(seat: number, key: string): StoredAnswer | null {
    if (this.shown === null) this.get("doc");
    const kept = this.answers.find((a) => a.seat === seat && a.key === key);
    if (kept) return { status: kept.status, json: kept.json };
    if (!(this.answerTable ??= this.has("answers"))) return null;
    const row = this.sql.exec<{ status: number; body: string }>("SELECT status, body FROM answers WHERE seat = ? AND key = ? AND at > ?", seat, key, Date.now() - ANSWERS_KEPT_MS).toArray()[0];
    return row ? { status: row.status, json: row.body } : null;
  }
}
