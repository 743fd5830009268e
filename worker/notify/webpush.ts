/**
 * Web push from the worker: RFC 8291 (aes128gcm) encryption and RFC 8292 VAPID, with WebCrypto
 * only, through @block65/webcrypto-web-push (checked byte for byte against RFC 8291 Appendix A in
 * test/notify/webpush.test.ts).
 */
import { tally } from "../lib/meter";
import { buildPushPayload, encryptNotification, type PushSubscription, type VapidKeys } from "@block65/webcrypto-web-push";

export type { VapidKeys };

/** What a browser's PushManager.subscribe() gives us, as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The only things a push ever carries: title, short text, the game's URL (plus a tag to replace older ones). */
export interface PushContent {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** "sent": accepted; "gone": 404/410, the subscription is dead and must be removed; "failed": try again later. */
export type PushOutcome = { outcome: "sent" | "gone" | "failed"; status: number };

export type Fetcher = (url: string, init: { method: string; headers: Record<string, string>; body: Uint8Array }) => Promise<{ status: number }>;

function toSubscription(t: PushTarget): PushSubscription {
  return { endpoint: t.endpoint, expirationTime: null, keys: { p256dh: t.p256dh, auth: t.auth } };
}

/** Checks a subscription sent by a browser before it is stored (bad input changes nothing). */
export function parsePushTarget(v: unknown): { ok: true; target: PushTarget } | { ok: false; error: string } {
  const o = v as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | null;
  if (!o || typeof o !== "object") return { ok: false, error: "expected a push subscription object" };
  if (typeof o.endpoint !== "string") return { ok: false, error: "endpoint missing" };
  let url: URL;
  try {
    url = new URL(o.endpoint);
  } catch {
    return { ok: false, error: "endpoint is not a URL" };
  }
  if (url.protocol !== "https:") return { ok: false, error: "push endpoints must be https (RFC 8030)" };
  const p256dh = o.keys?.p256dh;
  const auth = o.keys?.auth;
  if (typeof p256dh !== "string" || !/^[A-Za-z0-9_-]{86,88}={0,2}$/.test(p256dh)) return { ok: false, error: "keys.p256dh must be a base64url P-256 public key" };
  if (typeof auth !== "string" || !/^[A-Za-z0-9_-]{22,24}={0,2}$/.test(auth)) return { ok: false, error: "keys.auth must be a base64url 16-byte secret" };
  return { ok: true, target: { endpoint: url.href, p256dh, auth } };
}

/** The encrypted body alone (aes128gcm, one 4096-octet record). `pad: false` only for the RFC example. */
export async function encryptPush(target: PushTarget, plaintext: Uint8Array, opts: { pad?: boolean } = {}): Promise<Uint8Array> {
  return encryptNotification(toSubscription(target), plaintext, { pad: opts.pad ?? true });
}

/** The full HTTP request for a push service: VAPID authorization, TTL, encrypted body. */
export async function pushRequest(target: PushTarget, content: PushContent, vapid: VapidKeys, ttlSeconds = 24 * 3600) {
  const payload = await buildPushPayload({ data: JSON.stringify(content), options: { ttl: ttlSeconds, urgency: "normal", topic: topicOf(content.tag) } }, toSubscription(target), vapid);
  return { url: target.endpoint, init: { method: "POST", headers: payload.headers as Record<string, string>, body: payload.body } };
}

/** RFC 8030 topic: at most 32 base64url characters; a newer push with the same topic replaces an undelivered one. */
function topicOf(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  const t = tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32);
  return t || undefined;
}

export async function sendPush(target: PushTarget, content: PushContent, vapid: VapidKeys, fetcher: Fetcher = (u, i) => fetch(u, { ...i, body: i.body as BodyInit })): Promise<PushOutcome> {
  const { url, init } = await pushRequest(target, content, vapid);
  let status: number;
  try {
    status = (await fetcher(url, init)).status;
  } catch {
    return { outcome: "failed", status: 0 };
  }
  if (status === 404 || status === 410) return { outcome: "gone", status };
  const sent = status >= 200 && status < 300;
  if (sent) tally("pushes");
  return { outcome: sent ? "sent" : "failed", status };
}

/** VAPID keys from configuration (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), or null when push is not set up. */
export function vapidFromEnv(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string }): VapidKeys | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT || "mailto:admin@localhost" };
}
