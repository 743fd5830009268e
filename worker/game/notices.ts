/** Small messages the game puts on the NOTIFY queue after it committed a change. */
import { isPractice } from "./live";
import type { Env } from "../lib/env";
import type { Away, NotifyMessage } from "../notify/types";
import type { GameEvent } from "../engine/api";
import * as engine from "./engine";
import { deadlineOf, type ClockEvent } from "./clock";
import type { GameDoc, GameStore } from "./store";
import { names } from "./view";
import { meterTempo, noticesHeld } from "../lib/meter";
import { countedTimeouts, timeoutsSince, timeoutWords } from "./timeouts";
import { rulesetName } from "../table/names";
import { withdrawHeldRows } from "../db/notify";

type Kind = NotifyMessage["type"];

/** How mail and push name a game: "Siamese Mah Jongg" (with the opponents named beside it). */
const gameName = (doc: GameDoc) => rulesetName(doc.ruleset);

export function notice(doc: GameDoc, seat: number, type: Kind, text: string, now: number, live: boolean): NotifyMessage | null {
  const p = doc.players[seat];
  // Nobody to tell in an empty seat or a computer's, in a practice game, nor a player who has the game open (the table shows it).
  if (!p || p.computer || live || isPractice(doc)) return null;
  const clock = doc.clocks.find((c) => c.seat === seat);
  // The names the table shows: two computers are "Computer (strong)" and "Computer (strong) (2)" in mail too.
  const shown = names(doc);
  return {
    type,
    gameId: doc.id,
    userId: p.userId,
    text,
    url: `${doc.appUrl}/game/${doc.id}`,
    at: now,
    game: gameName(doc),
    opponents: doc.players.flatMap((q, i) => (q && i !== seat ? [shown[i]!] : [])),
    ...(clock ? { deadline: deadlineOf(clock), turnSince: clock.startedAt } : {}),
    live,
    ...awayOf(doc, seat, now),
  };
}

/** The other players on vacation now (their clocks stand still): a turn mail says so, in the reader's time. */
function awayOf(doc: GameDoc, seat: number, now: number): { away?: Away[] } {
  const shown = names(doc);
  const away = doc.players.flatMap((q, i) => (q && i !== seat && (doc.vacations[q.userId] ?? 0) > now ? [{ name: shown[i]!, until: doc.vacations[q.userId]! }] : []));
  return away.length ? { away } : {};
}

/** "21:00 UTC", or "Tue 21:00 UTC" when the deadline is not within the next day (the DO knows no player's time zone). */
export function untilWords(deadline: number, now: number): string {
  const d = new Date(deadline);
  const hm = `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")} UTC`;
  return deadline - now < 20 * 60 * 60 * 1000 ? hm : `${d.toUTCString().slice(0, 3)} ${hm}`;
}

/**
 * What the seats whose clock just started are told. In a claim window (the engine's pace says
 * "window") they may call a discard: a `claim` notice naming the discard and when the window
 * closes; otherwise "Your turn" after what just happened. `recent` are the latest stored events.
 */
export function turnNotices(doc: GameDoc, recent: GameEvent[], seats: number[], now: number, live: (seat: number) => boolean): (NotifyMessage | null)[] {
  const shown = names(doc);
  const words = (e: GameEvent | undefined) => (e ? engine.describeEvent(engine.viewEvent(e, null), shown, doc.ruleset) : "");
  // what the others did last: a seat's own draw or pass by its orders is not news to it ("Dan drew a tile" to Dan)
  const newsFor = (seat: number) => {
    for (let i = recent.length - 1; i >= 0; i--) {
      const w = recent[i]!.seat === seat ? "" : words(recent[i]);
      if (w) return w;
    }
    return words(recent.at(-1));
  };
  const inWindow = doc.status === "active" && doc.facts.pace.key.startsWith("window:");
  const discard = inWindow ? recent.findLast((e) => e.type === "discard") : undefined;
  return seats.map((seat) => {
    // what happened since their own last move: the others' time-outs, then the latest event
    const since = timeoutsSince(recent, seat).map((e) => `${timeoutWords(e, seat, shown)}. `).join("");
    const news = discard ? "" : newsFor(seat);
    if (!discard) return notice(doc, seat, "turn", `${since}${news ? news + ". " : ""}Your turn.`, now, live(seat));
    const clock = doc.clocks.find((c) => c.seat === seat);
    const until = clock ? ` (until ${untilWords(deadlineOf(clock), now)})` : "";
    return notice(doc, seat, "claim", `${since}${words(discard)} — you may call it${until}.`, now, live(seat));
  });
}

/** The latest event in words, as everyone may read it. */
export function said(doc: GameDoc, recent: GameEvent[]): string {
  return recent.length ? engine.describeEvent(engine.viewEvent(recent.at(-1)!, null), names(doc), doc.ruleset) : "";
}

/** The reminders among the clock events that came due (a timeout is ruled, not told). */
export function reminderNotices(doc: GameDoc, due: ClockEvent[], now: number, live: (seat: number) => boolean): (NotifyMessage | null)[] {
  return due
    .filter((e) => e.kind !== "timeout")
    .map((e) => notice(doc, e.seat, e.kind as "reminder", `Reminder: your move is due ${new Date(deadlineOf(doc.clocks.find((c) => c.seat === e.seat)!)).toUTCString()}.`, now, live(e.seat)));
}

/** A chat message goes to every other seat as "name: text". */
export function chatNotices(doc: GameDoc, message: { seat: number; name: string; text: string; at: number }, live: (seat: number) => boolean): (NotifyMessage | null)[] {
  return doc.players.map((_, s) => (s === message.seat ? null : notice(doc, s, "chat", `${message.name}: ${message.text}`, message.at, live(s))));
}

/** Everyone is told once that the game ended (`doc.endNotified` records that they were). */
export function endNotices(doc: GameDoc, recent: GameEvent[], now: number, live: (seat: number) => boolean): (NotifyMessage | null)[] {
  if (doc.status !== "ended" || doc.endNotified) return [];
  const resigned = recent.findLast((e) => e.resigned);
  // why it ended, when someone left it: "Ann resigned", "Your time ran out three turns in a row…" (to whom it concerns)
  const timedOut = recent.findLast((e) => e.type === "abandoned" && e.timedOut);
  const why = (s: number) => (timedOut ? `${timeoutWords(timedOut, s, names(doc))}. ` : resigned ? `${said(doc, [resigned])}. ` : "");
  return doc.players.map((_, s) => notice(doc, s, "game-ended", `The game is over. ${why(s)}${said(doc, recent)}`, now, live(s)));
}

/**
 * The player whose time ran out is told so at once, in their own words ("Your time ran out on move
 * 41: we drew and threw for you. Two more in a row…"), each time-out once (`doc.timeoutsTold`: the
 * last move told). The last one, which ends the game, is told by the end notice.
 */
export function timeoutNotices(doc: GameDoc, recent: GameEvent[], now: number, live: (seat: number) => boolean): { notices: (NotifyMessage | null)[]; doc: GameDoc } {
  const fresh = countedTimeouts(recent).filter((e) => e.move > (doc.timeoutsTold ?? 0));
  if (!fresh.length) return { notices: [], doc };
  const shown = names(doc);
  const notices = doc.status === "ended" ? [] : fresh.map((e) => notice(doc, e.seat!, "timeout", `${timeoutWords(e, e.seat, shown)}.`, now, live(e.seat!)));
  return { notices, doc: { ...doc, timeoutsTold: Math.max(...fresh.map((e) => e.move)) } };
}

/**
 * What a committed change tells the players: the seats whose clock started (not among `before`,
 * the seats that were to act) get their turn or claim notice; everyone the end of the game.
 * `recent` are the latest stored events, oldest first.
 */
export function noticesAfter(before: number[], doc: GameDoc, recent: GameEvent[], now: number, live: (seat: number) => boolean): (NotifyMessage | null)[] {
  const started = doc.clocks.filter((c) => !before.includes(c.seat)).map((c) => c.seat);
  const turns = started.length ? turnNotices(doc, recent, started, now, live) : [];
  return [...turns, ...endNotices(doc, recent, now, live)];
}

/** What a committed change tells (`noticesAfter`), and the document then: marked `endNotified` once the end is told. */
export function toldAfter(before: number[], doc: GameDoc, recent: GameEvent[], now: number, live: (seat: number) => boolean): { notices: (NotifyMessage | null)[]; doc: GameDoc } {
  const timedOut = timeoutNotices(doc, recent, now, live);
  const notices = [...timedOut.notices, ...noticesAfter(before, doc, recent, now, live)];
  return { notices, doc: doc.status === "ended" && !doc.endNotified ? { ...timedOut.doc, endNotified: true } : timedOut.doc };
}

/** Queues take at most this many messages per sendBatch (a larger batch is refused whole). */
const SEND_BATCH_MAX = 100;

/**
 * A game's notices leave it: each player's held ones go straight into the player's merge window
 * in D1, as the queue's consumer would hold them (worker/notify/consumer.ts holdEvents), so that
 * a notice costs one queue message (its window's flush) and not two; those due at once, and any
 * D1 refused, go by the queue, whose consumer holds or sends them. Best effort, like the queue.
 */
export async function handOver(env: Env, messages: (NotifyMessage | null)[]): Promise<void> {
  const byUser = new Map<string, NotifyMessage[]>();
  for (const m of messages) if (m) byUser.set(m.userId, [...(byUser.get(m.userId) ?? []), m]);
  const rest: NotifyMessage[] = [];
  // (loaded here: the consumer's modules bring the mail transport, which only the Workers runtime has)
  const [{ holdEvents }, { depsNow }] = await Promise.all([import("../notify/consumer"), import("../notify/deps")]);
  for (const mine of byUser.values()) {
    try {
      // Marked as held by the game (unless it took them back while they waited here): see withdrawHeld.
      const held = await holdEvents(env, mine.map((m) => (m.heldByGame === false ? m : { ...m, heldByGame: true })), depsNow(), true);
      // (Those due at once go by the queue, and are asked about as any that came that way.)
      rest.push(...held.map(({ heldByGame: _, ...m }) => m));
    } catch (e) {
      console.error("notices not held in D1, sent by the queue", e);
      rest.push(...mine);
    }
  }
  await enqueue(env, rest);
}

/** A player's turn in this game that ended, or whose deadline moved, soon after it began (truth.ts WITHDRAW_WITHIN_MS). */
export interface Withdrawn {
  userId: string;
  gameId: string;
  /** When the turn began. */
  since: number;
}

/**
 * Takes back the notices this game held in D1 for these players (`heldByGame`, handOver) that
 * are not yet sent: each row is moved one millisecond earlier under the same number, and loses
 * the mark. The flush that carries its old key then takes nothing by it, reads the row as it is
 * now, and asks the game whether it still holds (worker/notify/truth.ts): a turn played is dropped
 * and logged, a deadline moved is told as it is. A row the flush took first went out as it was
 * (as when a move comes between the game's answer and the mail). Best effort, like the queue: a
 * failure is logged, and such a line may go out as it was told.
 * Reads the player's held rows (none, mostly); writes only those of this game.
 */
export async function withdrawHeld(env: Env, turns: Withdrawn[]): Promise<void> {
  const seen = new Set<string>();
  const mine = turns.filter((t) => !seen.has(`${t.userId} ${t.gameId}`) && seen.add(`${t.userId} ${t.gameId}`));
  try {
    await withdrawHeldRows(env, mine);
  } catch (e) {
    console.error("held notices not taken back", e);
  }
}

/** Best effort: a full queue must not undo a committed move (the game page shows it anyway). */
export async function enqueue(env: Env, messages: (NotifyMessage | null)[]): Promise<void> {
  const body = messages.filter((m): m is NotifyMessage => m !== null);
  for (let i = 0; i < body.length; i += SEND_BATCH_MAX) {
    try {
      await env.NOTIFY.sendBatch(body.slice(i, i + SEND_BATCH_MAX).map((m) => ({ body: m, contentType: "json" as const })));
    } catch (e) {
      console.error("notify enqueue failed", e);
    }
  }
}

/** A burst of moves (live play, a benchmark) becomes one queue send per this many milliseconds. */
export const NOTICE_BATCH_MS = 2000;
/** NOTICE_BATCH_MS, unless a benchmark shortened it (development only, lib/meter.ts). */
const batchMs = () => meterTempo().noticeBatchMs ?? NOTICE_BATCH_MS;

/** "Your turn" and "you may call it" say what a player may do now; a later one makes an earlier one moot. */
const TOLD_TO_ACT: ReadonlySet<Kind> = new Set(["turn", "claim"]);

/**
 * Notices that wait in a batch, with the later ones added: a waiting turn or claim notice of a
 * player who gets a newer one is dropped (that turn was played meanwhile; the newer one says
 * what is current). Everything else keeps its place, in order.
 */
export function supersede(waiting: NotifyMessage[], fresh: NotifyMessage[]): NotifyMessage[] {
  const toldAgain = new Set(fresh.filter((m) => TOLD_TO_ACT.has(m.type)).map((m) => `${m.userId} ${m.gameId}`));
  return [...waiting.filter((m) => !(TOLD_TO_ACT.has(m.type) && toldAgain.has(`${m.userId} ${m.gameId}`))), ...fresh];
}

/**
 * Notices leave at once when none went out in the last NOTICE_BATCH_MS; otherwise they wait in
 * the game's storage (see `supersede`) and the alarm sends them together. Correspondence play
 * never waits.
 */
export class NoticeBatch {
  private lastSent = 0;
  /** What waits, as stored (read once per instance, then kept beside the stored copy). */
  private waitingNow: NotifyMessage[] | null = null;
  /** Players and games ("user game") whose turn was taken back while notices waited here: those leave unmarked (`withdraw`). */
  private takenBack = new Set<string>();
  /** The turns ("user turnSince") this instance told anything about: one it told nothing about has nothing to take back. */
  private readonly toldTurns = new Set<string>();

  /** Whether this instance told the player anything about the turn that began at `since`. */
  toldOf(userId: string, since: number): boolean {
    return this.toldTurns.has(`${userId} ${since}`);
  }

  constructor(
    private readonly store: GameStore,
    private readonly ctx: DurableObjectState,
    private readonly env: () => Env,
  ) {}

  add(messages: (NotifyMessage | null)[]) {
    const fresh = messages.filter((m): m is NotifyMessage => m !== null);
    if (!fresh.length) return;
    for (const m of fresh) if (m.turnSince !== undefined) this.toldTurns.add(`${m.userId} ${m.turnSince}`);
    const waiting = this.waiting();
    const all = supersede(waiting, fresh);
    if (Date.now() - this.lastSent < batchMs()) return this.keep(all);
    if (waiting.length) this.keep([]);
    this.send(all);
  }

  /** Sends whatever waits (from the alarm). */
  flush() {
    const waiting = this.waiting();
    if (!waiting.length) return;
    this.keep([]);
    this.send(waiting);
  }

  /** When the waiting notices are due to go out, or null when nothing waits. */
  dueAt(): number | null {
    return this.waiting().length ? this.lastSent + batchMs() : null;
  }

  private waiting(): NotifyMessage[] {
    // What waited through the object's leaving memory goes unmarked: what this instance did not see, it cannot take back.
    return (this.waitingNow ??= (this.store.get<NotifyMessage[]>("notices") ?? []).map((m) => ({ ...m, heldByGame: false })));
  }

  private keep(messages: NotifyMessage[]) {
    noticesHeld(this.waitingNow ?? [], messages);
    this.store.put("notices", messages);
    this.waitingNow = messages;
  }

  /**
   * These players' turns ended or moved soon after they began (commits.ts): the notices of this game
   * waiting here leave without the mark, those held in D1 are taken back (`withdrawHeld`),
   * after whatever this game handed over before (one after another: a row is held before it is taken back).
   */
  withdraw(turns: Withdrawn[]) {
    if (!turns.length) return;
    for (const t of turns) this.toldTurns.delete(`${t.userId} ${t.since}`);
    // (Those waiting here leave unmarked with the next send: no write of what waits.)
    for (const t of turns) this.takenBack.add(`${t.userId} ${t.gameId}`);
    this.then(() => this.withdrawHeld(this.env(), turns));
  }

  /** Where the notices go (`handOver`; a test in the object may put a spy in its place), and how held ones are taken back. */
  handOver: (env: Env, messages: NotifyMessage[]) => Promise<void> = handOver;
  withdrawHeld: (env: Env, turns: Withdrawn[]) => Promise<void> = withdrawHeld;

  /** The hand-overs and take-backs in flight, in their order. */
  private chain: Promise<void> = Promise.resolve();

  // The DO stays alive until the send settles; the answer to the player does not wait for it.
  private send(messages: NotifyMessage[]) {
    this.lastSent = Date.now();
    const back = this.takenBack;
    this.takenBack = new Set();
    const out = back.size ? messages.map((m) => (back.has(`${m.userId} ${m.gameId}`) ? { ...m, heldByGame: false } : m)) : messages;
    this.then(() => this.handOver(this.env(), out));
  }

  private then(step: () => Promise<void>) {
    this.chain = this.chain.then(step).catch((e) => console.error("notices not handed over", e));
    this.ctx.waitUntil(this.chain);
  }
}
