/**
 * The service as bench:cost and bench:load run it: a quiet `wrangler dev` on a free port, serving
 * a bundle built once, with a fresh local D1 (the migrations applied), mail sent by SMTP to a real
 * server on loopback (test/notify/helpers/smtp_sink.py, Debian python3-aiosmtpd), web push keys of
 * its own, and the notification queue delivering each batch at once (max_batch_timeout 0 instead of
 * 5 s: the benches move days in seconds; batches then hold what arrived together). Players sign in
 * through the development session route and talk HTTP and WebSocket as the web app does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync, randomBytes, webcrypto } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { bin, env as quietEnv, freePort, migrateInto, root, run } from "../test/web/prepare";
import { CookieJar } from "../test/worker/cookie-jar";

/** wrangler.toml for the bench: no static assets, the notify queue's batches delivered at once, paths from `dir`; `main` the script. */
function benchConfig(dir: string, file: string, main: string): string {
  let toml = readFileSync(join(root, "wrangler.toml"), "utf8");
  const swap = (from: RegExp, to: string) => {
    if (!from.test(toml)) throw new Error(`bench config: wrangler.toml no longer has ${from}`);
    toml = toml.replace(from, to);
  };
  swap(/^main = .*$/m, `main = "${main}"`);
  swap(/^\[assets\][\s\S]*?\n\n/m, "");
  swap(/^migrations_dir = "migrations"$/gm, `migrations_dir = "${join(root, "migrations")}"`);
  swap(/^max_batch_timeout = 5$/gm, "max_batch_timeout = 0");
  writeFileSync(join(dir, file), toml);
  return join(dir, file);
}

/** A VAPID key pair, as scripts/vapid.mjs makes one. */
async function vapidKeys() {
  const keys = await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = Buffer.from(await webcrypto.subtle.exportKey("raw", keys.publicKey)).toString("base64url");
  const { d } = await webcrypto.subtle.exportKey("jwk", keys.privateKey);
  return { publicKey, privateKey: d! };
}

export interface Service {
  url: string;
  /** Mail the SMTP server received so far. */
  mailsReceived(): Promise<number>;
  stop(): Promise<void>;
}

/** SMTP on loopback, answering how much it received over HTTP. */
async function smtpSink(): Promise<{ smtp: number; http: number; child: ChildProcess }> {
  // Debian's python3 has python3-aiosmtpd; a pyenv or venv python on PATH may not.
  const python = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const child = spawn(python, [join(root, "test/notify/helpers/smtp_sink.py")], { stdio: ["ignore", "pipe", "inherit"], detached: true });
  const line = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`smtp_sink.py exited (${code}); is python3-aiosmtpd installed?`)));
    createInterface({ input: child.stdout! }).once("line", resolve);
  });
  return { ...(JSON.parse(line) as { smtp: number; http: number }), child };
}

const killGroup = (c: ChildProcess) => {
  try {
    process.kill(-c.pid!, "SIGTERM");
  } catch {
    /* already gone */
  }
};

export async function startService(name: string): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), `mj-${name}-`));
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const c of children.reverse()) {
      if (c.exitCode === null) {
        killGroup(c);
        await new Promise((r) => c.once("exit", r));
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", () => children.forEach(killGroup));
  try {
    const sink = await smtpSink();
    children.push(sink.child);
    mkdirSync(join(dir, "build"));
    // Built once, so that editing a source file does not reload the server mid-run.
    run(bin("wrangler"), ["deploy", "--dry-run", "--env", "", "-c", benchConfig(dir, "build.toml", join(root, "worker/index.ts")), "--outdir", join(dir, "build")]);
    const config = benchConfig(dir, "wrangler.toml", "build/index.js");
    migrateInto(join(dir, "state"));
    const [port, inspector] = [await freePort(), await freePort()];
    const vapid = await vapidKeys();
    const vars = {
      MAIL_TRANSPORT: "smtp",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(sink.smtp),
      MAIL_FROM: "Mah Jongg by post <bench@localhost>",
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:bench@localhost",
    };
    let out = "";
    const child = spawn(
      bin("wrangler"),
      ["dev", "-c", config, "--no-bundle", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector), "--persist-to", join(dir, "state"), "--show-interactive-dev-session=false", "--log-level", "warn",
        ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`])],
      { cwd: dir, env: quietEnv, stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    children.push(child);
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${out}`);
      try {
        if ((await fetch(`${url}/api/me`)).status === 401) break;
      } catch {
        /* not up yet */
      }
      if (i > 240) throw new Error(`wrangler dev did not come up:\n${out}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    return {
      url,
      mailsReceived: async () => ((await (await fetch(`http://127.0.0.1:${sink.http}/`)).json()) as unknown[]).length,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** A player's browser: its cookies, JSON calls with the site's Origin, the game's live socket. */
export class Player {
  readonly jar = new CookieJar();
  get cookie() {
    return this.jar.header;
  }
  userId = "";
  constructor(readonly base: string, readonly email: string) {}

  async call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; ms: number }> {
    const t = performance.now();
    const res = await fetch(this.base + path, {
      method,
      headers: { origin: this.base, "content-type": "application/json", cookie: this.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.jar.take(res);
    const text = await res.text();
    const ms = performance.now() - t;
    try {
      return { status: res.status, body: JSON.parse(text) as T, ms };
    } catch {
      throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    }
  }

  /** A page as the browser asks for it (HTML, with the cookie): its status and text. */
  async page(path: string): Promise<{ status: number; html: string }> {
    const res = await fetch(this.base + path, { headers: { accept: "text/html", cookie: this.cookie } });
    this.jar.take(res);
    return { status: res.status, html: await res.text() };
  }

  /** Signed in without mail, named, with a phone subscribed to web push (a key pair of its own). */
  async signUp(name: string): Promise<this> {
    const s = await this.call("POST", "/api/dev/session", { email: this.email });
    if (s.status !== 200) throw new Error(`session: ${s.status} ${JSON.stringify(s.body)}`);
    this.userId = s.body.userId;
    const named = await this.call("PUT", "/api/me", { displayName: name, timezone: "Europe/London" });
    if (named.status !== 200) throw new Error(`naming: ${named.status} ${JSON.stringify(named.body)}`);
    const { publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const p256dh = (publicKey.export({ format: "jwk" }) as { x: string; y: string });
    const raw = Buffer.concat([Buffer.from([4]), Buffer.from(p256dh.x, "base64url"), Buffer.from(p256dh.y, "base64url")]).toString("base64url");
    const sub = await this.call("POST", "/api/push/subscribe", { endpoint: `https://push.bench.invalid/${this.userId}`, keys: { p256dh: raw, auth: randomBytes(16).toString("base64url") }, device: "bench phone" });
    if (sub.status >= 300) throw new Error(`push subscribe: ${sub.status} ${JSON.stringify(sub.body)}`);
    return this;
  }

  /**
   * The game's live socket, open once its first message (the view) arrived; `listen` hears every later message.
   * `move` sends a move over it as the web app does (web/src/live.ts viaSocket, worker/game/live-moves.ts) and
   * resolves to its answer as the HTTP route would have given it; a 401 there (the socket's session proof ran
   * out) is posted instead, as the web app does.
   */
  async socket(gameId: string, listen?: (message: any) => void): Promise<{ first: any; move<T = any>(body: object): Promise<{ status: number; body: T }>; close(): Promise<void> }> {
    const ws = new WebSocket(`${this.base.replace(/^http/, "ws")}/api/games/${gameId}/live`, { headers: { cookie: this.cookie, origin: this.base } } as never);
    const first = await new Promise<any>((resolve, reject) => {
      ws.onmessage = (e) => resolve(JSON.parse(String(e.data)));
      ws.onerror = () => reject(new Error(`socket to ${gameId} failed`));
    });
    const waiting = new Map<string, (answer: { status: number; body: any }) => void>();
    let sent = 0;
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data));
      if (m.type === "answer") waiting.get(m.id)?.(m);
      else listen?.(m);
    };
    return {
      first,
      move: async (body) => {
        const id = `m${++sent}`;
        const a = await new Promise<{ status: number; body: any }>((resolve, reject) => {
          waiting.set(id, resolve);
          ws.onclose = () => reject(new Error(`socket to ${gameId} closed before the move's answer`));
          ws.send(JSON.stringify({ type: "move", id, ...body }));
        });
        waiting.delete(id);
        return a.status === 401 ? this.call("POST", `/api/games/${gameId}/moves`, body) : a;
      },
      close: () =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.onclose = () => resolve();
          ws.close(1000);
        }),
    };
  }
}

/** The meter (worker/lib/meter.ts) through its development route. */
export const meter = {
  start: async (base: string, tempo: Record<string, number | boolean>) => {
    const r = await fetch(`${base}/api/dev/meter`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify(tempo) });
    if (r.status !== 200) throw new Error(`meter: ${r.status} ${await r.text()}`);
  },
  read: async (base: string, detail = false) =>
    (await (await fetch(`${base}/api/dev/meter${detail ? "?detail=1" : ""}`)).json()) as { d1Bytes: number; counts: Record<string, number>; pending: Record<string, number>; d1?: Record<string, { n: number; read: number; written: number }>; sql?: Record<string, { n: number; read: number; written: number }>; rpc?: Record<string, number>; routes?: Record<string, number> },
};

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
