/**
 * Development and benchmark hooks of a game (ENVIRONMENT=development only): its clock running
 * ahead of real time, and simulated ledger failures. Kept under their own storage key, apart from
 * the game's document; outside development they are never read and always at rest.
 */
import type { Env } from "../lib/env";
import { isDev } from "../lib/env";
import { unmetered, unmeteredSync } from "../lib/meter";
import type { Commits } from "./commits";
import { guard } from "./guards";
import { ok, refuse, type Result } from "./room-support";
import type { GameDoc, GameStore } from "./store";

export interface DevHooks {
  /** The game's clock runs this far ahead of real time. */
  clockOffsetMs: number;
  /** Fail this many ledger writes (to test the retries). */
  failLedgerWrites: number;
  /** When the stored alarm rings on the game's clock (alarm.ts AlarmFrame; null: none); absent when never set with the hooks on. */
  alarmAt?: number | null;
}

/** One development call to a game (worker/api/dev.ts), answered by GameRoom.dev. */
export type DevCall =
  /**
   * The game's clock jumps ahead; with `fire`, due alarms run at once (otherwise the next alarm sees
   * the new time); with `ring`, an alarm then due runs before the answer (a benchmark that must see its effect).
   */
  | { hook: "clock"; advanceMs: number; fire: boolean; ring?: boolean }
  /** The next `ledgerFailures` ledger writes fail. */
  | { hook: "faults"; ledgerFailures: number }
  /** Benchmark baseline: one storage write (any game id, no game needed). */
  | { hook: "noop" }
  /** The game leaves memory, as the platform evicts an idle object: the next request starts it again from storage. */
  | { hook: "evict" };

const KEY = "dev";
const AT_REST: DevHooks = Object.freeze({ clockOffsetMs: 0, failLedgerWrites: 0 });

export class DevState {
  private hooks: DevHooks | null = null;

  constructor(
    private readonly store: GameStore,
    private readonly env: () => Env,
    /** The game's storage as the meter counts it: reading the hooks is not counted (production has none to read). */
    private readonly storage?: DurableObjectStorage,
  ) {}

  get on(): boolean {
    return isDev(this.env());
  }

  /** The hooks as stored (at rest outside development). */
  get(): DevHooks {
    if (!this.on) return AT_REST;
    const read = () => this.store.get<DevHooks>(KEY) ?? { ...AT_REST };
    return (this.hooks ??= this.storage ? unmeteredSync(this.storage, read) : read());
  }

  get offsetMs(): number {
    return this.get().clockOffsetMs;
  }

  advance(ms: number) {
    this.put({ ...this.get(), clockOffsetMs: this.get().clockOffsetMs + ms });
  }

  failLedgerWrites(n: number) {
    this.put({ ...this.get(), failLedgerWrites: n });
  }

  /** How the game's alarm maps to the game's clock (alarm.ts): the offset, and in development where the stored alarm rings on it, kept uncounted. */
  alarmFrame() {
    return {
      offset: () => this.offsetMs,
      kept: {
        get: () => (this.on ? this.get().alarmAt : undefined),
        put: (alarmAt: number | null | undefined) => {
          // (nothing to keep for a game that stores nothing: an alarm rung after its storage was deleted)
          if (!this.on || !this.store.exists) return;
          const write = () => this.put({ ...this.get(), alarmAt });
          if (this.storage) unmeteredSync(this.storage, write);
          else write();
        },
      },
    };
  }

  /** Throws while simulated ledger failures are owed (each throw uses one up). */
  ledgerFault() {
    const h = this.get();
    if (h.failLedgerWrites <= 0) return;
    this.put({ ...h, failLedgerWrites: h.failLedgerWrites - 1 });
    throw new Error("simulated D1 failure");
  }

  /** Forgets the cached hooks (the game's storage was deleted). */
  reset() {
    this.hooks = null;
  }

  private put(h: DevHooks) {
    this.hooks = h;
    this.store.put(KEY, h);
  }
}

/** Benchmark baseline: one Durable Object storage write, nothing else. */
export function noop(store: GameStore): { n: number } {
  store.init();
  const n = (store.get<number>("noop") ?? 0) + 1;
  store.put("noop", n);
  return { n };
}

/** What a development call answers: the game's clock, status, seats to act, next alarm (the game's clock) and storage size; or a plain ok. */
export type DevAnswer = { now: number; status: GameDoc["status"]; toAct: number[]; alarm: number | null; bytes: number } | { ok: true } | { n: number };

/** What of the room a development call reaches; `ring` runs the alarm now, `abort` resets the object. */
export interface DevRoom {
  hooks: DevState;
  store: GameStore;
  storage: DurableObjectStorage;
  game: Commits;
  ring: () => Promise<void>;
  abort: (reason: string) => void;
}

/** When the game's alarm rings next on its clock: as stored when it rings sooner than needed (alarm.ts keeps an earlier one), else when it is needed. */
async function ringsAt(game: Commits, offsetMs: number): Promise<number | null> {
  const needed = game.alarmTime();
  return game.alarms.ringsBy(needed === null ? null : needed + offsetMs);
}

/** A development call (GameRoom.dev): refused, as if there were no game, outside ENVIRONMENT=development. */
export async function devCall(call: DevCall, r: DevRoom): Promise<Result<DevAnswer>> {
  const { hooks, game } = r;
  if (call.hook === "noop") return hooks.on ? ok(noop(r.store)) : refuse("not-found", "No such thing here.");
  // The object resets (abort throws): the next request starts it again from storage.
  if (call.hook === "evict" && hooks.on) r.abort("evicted (development)");
  if (call.hook === "evict") return refuse("not-found", "No such thing here.");
  const g = guard.dev(hooks.on, game.doc);
  if (!g.ok) return g;
  if (call.hook === "faults") {
    hooks.failLedgerWrites(call.ledgerFailures);
    return ok({ ok: true });
  }
  // The hook's own writes are not what a game costs; an alarm it rings (`ring`: at once, here) is.
  const ringNow = await unmetered(r.storage, async () => {
    hooks.advance(call.advanceMs);
    // With `fire`, what became due rings now (the platform's alarm is set in real time, which the jump did not move); without,
    // the stored alarm's time on the game's clock stays as kept, and a benchmark rings it (`ring`) when it comes, as it would.
    if (call.fire) game.alarms.reframed();
    const due = !!call.ring && ((await ringsAt(game, hooks.offsetMs)) ?? Infinity) <= game.now();
    if (call.fire && !due) await game.schedule();
    return due;
  });
  if (ringNow) await r.ring();
  const at = await unmetered(r.storage, () => ringsAt(game, hooks.offsetMs));
  return ok({ now: game.now(), status: game.doc!.status, toAct: game.doc!.clocks.map((c) => c.seat), alarm: at, bytes: r.storage.sql.databaseSize });
}
