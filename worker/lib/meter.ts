/**
 * What the platform bills, counted by the service itself (ENVIRONMENT=development only, and only
 * while switched on through POST /api/dev/meter): Worker invocations, Durable Object requests and
 * the rows its SQL cursors read and write (`cursor.rowsRead`/`rowsWritten`; each setAlarm or
 * deleteAlarm one row written), D1 queries with their `meta.rows_read`/`rows_written`, queue
 * messages written and delivered, mails and pushes sent. `npm run bench:cost` reads the counts.
 *
 * The bindings are wrapped where they enter (worker/index.ts, the game room's constructor), so
 * nothing else changes: outside development `metered` hands back the same objects. Module state:
 * one isolate holds the Worker, its queue consumer and its Durable Objects (as under wrangler dev
 * and in the tests), so one tally sees them all.
 *
 * Besides counting, the bench may shorten the notification service's waits (the merge window, the
 * game's notice batch) and send pushes to a sink instead of a push service: `tempo`.
 */
import { isDev } from "./env";

export interface MeterCounts {
  /** Invocations of the Worker: /api requests (not /api/dev), queue batches, cron runs. */
  workerRequests: number;
  /** RPC calls and fetches on Durable Object stubs, and alarm runs. */
  doRequests: number;
  doRowsRead: number;
  doRowsWritten: number;
  d1Queries: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  /** Milliseconds D1 reports for its queries (meta.duration). */
  d1Ms: number;
  queueWrites: number;
  queueReads: number;
  queueRetries: number;
  mails: number;
  pushes: number;
}

/** Shorter waits for a benchmark that moves a game's clock by days in seconds (see the header). */
export interface MeterTempo {
  /** The notification merge window (notify/decide.ts; 3 minutes). */
  mergeWindowMs?: number;
  /** A game's notice batch (game/notices.ts; 2 seconds). */
  noticeBatchMs?: number;
  /** A game's D1 index batch (game/index-sync.ts; 2 seconds). */
  indexBatchMs?: number;
  /** Pushes are answered 201 here and counted, not sent to a push service. */
  pushSink?: boolean;
}

type Kind = keyof MeterCounts;
/** Per query text (its first 120 characters): how often, rows read and written. */
type Detail = Record<string, { n: number; read: number; written: number }>;

const zero = (): MeterCounts => ({
  workerRequests: 0, doRequests: 0, doRowsRead: 0, doRowsWritten: 0, d1Queries: 0, d1RowsRead: 0, d1RowsWritten: 0, d1Ms: 0,
  queueWrites: 0, queueReads: 0, queueRetries: 0, mails: 0, pushes: 0,
});

const state = {
  on: false,
  counts: zero(),
  tempo: {} as MeterTempo,
  /** Notices not yet through: held in a game's batch, on the queue, or waiting for their flush, per user id. */
  pending: new Map<string, number>(),
  d1: {} as Detail,
  sql: {} as Detail,
  rpc: {} as Record<string, number>,
  /** Worker invocations by what they were: a route (ids as `:id`), a queue batch by its messages' kinds, the cron. */
  routes: {} as Record<string, number>,
};

const devOnly = (env: { ENVIRONMENT?: string }) => isDev(env as { ENVIRONMENT: string });

export function meterOn(): boolean {
  return state.on;
}

/** Starts counting from zero (`tempo`: the waits to shorten). */
export function meterStart(tempo: MeterTempo = {}) {
  settleCursors();
  cursors.length = 0;
  Object.assign(state, { on: true, counts: zero(), tempo, pending: new Map(), d1: {}, sql: {}, rpc: {}, routes: {} });
}

export function meterStop() {
  state.on = false;
  state.tempo = {};
}

export function meterSnapshot(detail = false) {
  settleCursors();
  const pending = Object.fromEntries([...state.pending].filter(([, n]) => n > 0));
  return { on: state.on, counts: { ...state.counts }, pending, ...(detail ? { d1: state.d1, sql: state.sql, rpc: state.rpc, routes: state.routes } : {}) };
}

/** The waits to use now (empty unless the meter is on). */
export function meterTempo(): MeterTempo {
  return state.on ? state.tempo : {};
}

export function tally(kind: Kind, n = 1) {
  if (state.on) state.counts[kind] += n;
}

/** A path as a route: ids (a segment with a digit, or 16 characters and more, as ids are made) as `:id`; `?me` kept (the game page's own request). */
export function routeOf(method: string, url: URL): string {
  const path = url.pathname.split("/").map((s) => (/\d/.test(s) || s.length >= 16 ? ":id" : s)).join("/");
  return `${method} ${path}${url.searchParams.has("me") ? "?me" : ""}`;
}

/** One Worker invocation, counted with what it was (`routeOf`, "queue: turn", "cron"). */
export function workerRequest(kind: string) {
  if (!state.on) return;
  state.counts.workerRequests++;
  state.routes[kind] = (state.routes[kind] ?? 0) + 1;
}

const note = (d: Detail, sql: string, read: number, written: number, n = 1) => {
  const key = sql.replace(/\s+/g, " ").trim().slice(0, 120);
  const e = (d[key] ??= { n: 0, read: 0, written: 0 });
  e.n += n;
  e.read += read;
  e.written += written;
};

const addPending = (userId: unknown, n: number) => {
  if (!state.on || typeof userId !== "string") return;
  state.pending.set(userId, (state.pending.get(userId) ?? 0) + n);
};

/** A game's notice batch now holds `now` instead of `before` (game/notices.ts). */
export function noticesHeld(before: readonly { userId: string }[], now: readonly { userId: string }[]) {
  for (const m of before) addPending(m.userId, -1);
  for (const m of now) addPending(m.userId, 1);
}

// ---- D1 ----

function meteredD1(db: D1Database): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const texts = new WeakMap<D1PreparedStatement, string>();
  const counted = <R extends D1Result | D1Result[]>(p: Promise<R>, sql: string[]): Promise<R> =>
    p.then((r) => {
      (Array.isArray(r) ? r : [r]).forEach((one, i) => {
        const m = one.meta;
        tally("d1Queries");
        tally("d1RowsRead", m.rows_read ?? 0);
        tally("d1RowsWritten", m.rows_written ?? 0);
        tally("d1Ms", m.duration ?? 0);
        if (state.on) note(state.d1, sql[i] ?? "", m.rows_read ?? 0, m.rows_written ?? 0);
      });
      return r;
    });
  const statement = (s: D1PreparedStatement, sql: string): D1PreparedStatement => {
    texts.set(s, sql);
    const w = {
      bind: (...values: unknown[]) => statement(s.bind(...values), sql),
      // D1's first() runs the whole query and keeps the first row; all() does the same and tells its meta.
      first: (column?: string) =>
        state.on
          ? counted(s.all(), [sql]).then((r) => {
              const row = (r.results[0] ?? null) as Record<string, unknown> | null;
              return column === undefined ? row : row ? (row[column] ?? null) : null;
            })
          : s.first(column as string),
      all: () => (state.on ? counted(s.all(), [sql]) : s.all()),
      run: () => (state.on ? counted(s.run(), [sql]) : s.run()),
      raw: (options?: { columnNames?: boolean }) => s.raw(options as { columnNames: true }),
    };
    real.set(w, s);
    return w as unknown as D1PreparedStatement;
  };
  return {
    prepare: (sql: string) => statement(db.prepare(sql), sql),
    batch: (statements: D1PreparedStatement[]) => {
      const unwrapped = statements.map((s) => real.get(s) ?? s);
      return state.on ? counted(db.batch(unwrapped), unwrapped.map((s) => texts.get(s) ?? "")) : db.batch(unwrapped);
    },
    exec: (sql: string) => db.exec(sql),
    withSession: (c?: string) => db.withSession(c),
    dump: () => (db as unknown as { dump(): Promise<ArrayBuffer> }).dump(),
  } as unknown as D1Database;
}

// ---- Queues ----

function meteredQueue<T>(q: Queue<T>): Queue<T> {
  return {
    send: async (body: T, options?: QueueSendOptions) => {
      tally("queueWrites");
      addPending((body as { userId?: unknown })?.userId, 1);
      try {
        return await q.send(body, options);
      } catch (e) {
        tally("queueWrites", -1);
        addPending((body as { userId?: unknown })?.userId, -1);
        throw e;
      }
    },
    sendBatch: async (messages: Iterable<MessageSendRequest<T>>, options?: QueueSendBatchOptions) => {
      const all = [...messages];
      const users = all.map((m) => (m.body as { userId?: unknown })?.userId);
      tally("queueWrites", all.length);
      users.forEach((u) => addPending(u, 1));
      try {
        return await q.sendBatch(all, options);
      } catch (e) {
        tally("queueWrites", -all.length);
        users.forEach((u) => addPending(u, -1));
        throw e;
      }
    },
  } as Queue<T>;
}

/**
 * A delivered batch, counted: one Worker invocation, each message read once, each retry, and a
 * message through (acknowledged, by itself or by the handler returning) no longer pending.
 */
export async function meteredBatch<T>(batch: MessageBatch<T>, handle: (b: MessageBatch<T>) => Promise<void>): Promise<void> {
  if (!state.on) return handle(batch);
  const kinds = [...new Set(batch.messages.map((m) => String((m.body as { type?: unknown })?.type ?? "mail")))].sort();
  workerRequest(`queue: ${kinds.join("+")}`);
  tally("queueReads", batch.messages.length);
  const settled = new Set<Message<T>>();
  const through = (m: Message<T>, ok: boolean) => {
    if (settled.has(m)) return;
    settled.add(m);
    if (ok) addPending((m.body as { userId?: unknown })?.userId, -1);
    else tally("queueRetries");
  };
  const messages = batch.messages.map(
    (m) =>
      ({
        get id() { return m.id; },
        get timestamp() { return m.timestamp; },
        get body() { return m.body; },
        get attempts() { return m.attempts; },
        ack: () => (through(m, true), m.ack()),
        retry: (o?: QueueRetryOptions) => (through(m, false), m.retry(o)),
      }) as Message<T>,
  );
  const wrapped = {
    ...batch,
    queue: batch.queue,
    messages,
    ackAll: () => (batch.messages.forEach((m) => through(m, true)), batch.ackAll()),
    retryAll: (o?: QueueRetryOptions) => (batch.messages.forEach((m) => through(m, false)), batch.retryAll(o)),
    get metadata() {
      return batch.metadata;
    },
  } as MessageBatch<T>;
  try {
    await handle(wrapped);
    batch.messages.forEach((m) => through(m, true));
  } catch (e) {
    batch.messages.forEach((m) => through(m, false));
    throw e;
  }
}

// ---- Durable Objects ----

/**
 * One Durable Object request: an RPC call or fetch by its method's name, or "alarm"; `billed`, what
 * it counts as (an incoming WebSocket message: a twentieth of a request).
 */
export function doRequest(kind: string, billed = 1) {
  if (!state.on) return;
  state.counts.doRequests += billed;
  state.rpc[kind] = (state.rpc[kind] ?? 0) + billed;
}

function meteredStub<T extends object>(stub: T): T {
  return new Proxy(stub, {
    get(target, p) {
      const v = Reflect.get(target, p);
      if (typeof p === "symbol" || p === "then" || typeof v !== "function") return v;
      return (...args: unknown[]) => {
        doRequest(p);
        return Reflect.apply(v, target, args);
      };
    },
  });
}

function meteredNamespace<T extends object>(ns: T): T {
  return new Proxy(ns, {
    get(target, p) {
      const v = Reflect.get(target, p);
      if (typeof v !== "function") return v;
      if (p === "get" || p === "getByName") return (...args: unknown[]) => meteredStub(Reflect.apply(v, target, args) as object);
      return v.bind(target);
    },
  });
}

/** The most recent SQL cursors and what was counted of each so far: a cursor read later (a `next()` after) is counted then. */
const cursors: { cursor: SqlStorageCursor<Record<string, SqlStorageValue>>; read: number; written: number; sql: string }[] = [];
const KEPT_CURSORS = 64;

function settleCursors(keep = 0) {
  for (const c of cursors) {
    const read = c.cursor.rowsRead;
    const written = c.cursor.rowsWritten;
    if (read !== c.read || written !== c.written) {
      tally("doRowsRead", read - c.read);
      tally("doRowsWritten", written - c.written);
      if (state.on) note(state.sql, c.sql, read - c.read, written - c.written, 0);
      c.read = read;
      c.written = written;
    }
  }
  if (cursors.length > keep) cursors.splice(0, cursors.length - keep);
}

/**
 * Durable Objects whose storage is not counted just now (a development hook's own writes), with how
 * many pauses are open: a pause inside another (the hooks read while a hook writes) ends only its own.
 */
const pauses = new WeakMap<object, number>();
const paused = {
  has: (o: object) => (pauses.get(o) ?? 0) > 0,
  add: (o: object) => void pauses.set(o, (pauses.get(o) ?? 0) + 1),
  delete: (o: object) => void pauses.set(o, (pauses.get(o) ?? 1) - 1),
};

function meteredSql(sql: SqlStorage, owner: object): SqlStorage {
  return new Proxy(sql, {
    get(target, p) {
      const v = Reflect.get(target, p);
      if (p !== "exec") return typeof v === "function" ? v.bind(target) : v;
      return (query: string, ...bindings: SqlStorageValue[]) => {
        const cursor = target.exec(query, ...bindings);
        if (state.on && !paused.has(owner)) {
          settleCursors(KEPT_CURSORS);
          // The game's key-value rows are told apart by their key (the document, the notices waiting, the index's seats).
          const text = /\bkv\b/.test(query) && typeof bindings[0] === "string" && bindings[0].length < 40 ? `${query} [${bindings[0]}]` : query;
          cursors.push({ cursor, read: 0, written: 0, sql: text });
          note(state.sql, text, 0, 0);
        }
        return cursor;
      };
    },
  });
}

/** A Durable Object's storage, counted (development only; otherwise `storage` itself). */
export function meteredStorage(storage: DurableObjectStorage, env: { ENVIRONMENT?: string }): DurableObjectStorage {
  if (!devOnly(env)) return storage;
  const proxy: DurableObjectStorage = new Proxy(storage, {
    get(target, p) {
      if (p === "sql") return sql;
      const v = Reflect.get(target, p);
      if (typeof v !== "function") return v;
      if (p === "setAlarm" || p === "deleteAlarm")
        return (...args: unknown[]) => {
          // Each setAlarm is billed as one row written (and clearing it writes the same row).
          if (!paused.has(proxy)) {
            tally("doRowsWritten");
            if (state.on) note(state.sql, String(p), 0, 1);
          }
          return Reflect.apply(v, target, args);
        };
      return v.bind(target);
    },
  });
  const sql = meteredSql(storage.sql, proxy);
  return proxy;
}

/** The same, for synchronous work (the development hooks read from the game's storage as it wakes: production never reads them). */
export function unmeteredSync<T>(storage: DurableObjectStorage, work: () => T): T {
  paused.add(storage);
  try {
    return work();
  } finally {
    paused.delete(storage);
  }
}

/** Runs `work` with this Durable Object's storage not counted (a development hook changing the game's clock). */
export async function unmetered<T>(storage: DurableObjectStorage, work: () => Promise<T>): Promise<T> {
  paused.add(storage);
  try {
    return await work();
  } finally {
    paused.delete(storage);
  }
}

// ---- the environment ----

const wrappedEnvs = new WeakMap<object, object>();

/** The bindings counted (development only; otherwise `env` itself). Whether anything is counted is decided at each call. */
export function metered<E extends { ENVIRONMENT?: string; DB?: D1Database; NOTIFY?: Queue<unknown>; GAME?: object; PLAY_NOW?: object }>(env: E): E {
  if (!devOnly(env)) return env;
  let w = wrappedEnvs.get(env) as E | undefined;
  if (!w) {
    w = {
      ...env,
      ...(env.DB ? { DB: meteredD1(env.DB) } : {}),
      ...(env.NOTIFY ? { NOTIFY: meteredQueue(env.NOTIFY) } : {}),
      ...(env.GAME ? { GAME: meteredNamespace(env.GAME) } : {}),
      ...(env.PLAY_NOW ? { PLAY_NOW: meteredNamespace(env.PLAY_NOW) } : {}),
    };
    wrappedEnvs.set(env, w);
  }
  return w;
}

/** Pushes counted and answered here (tempo.pushSink): shaped like notify/webpush.ts's Fetcher. */
export function pushSink(): ((url: string, init: { method: string; headers: Record<string, string>; body: Uint8Array }) => Promise<{ status: number }>) | undefined {
  return state.on && state.tempo.pushSink ? async () => ({ status: 201 }) : undefined;
}
