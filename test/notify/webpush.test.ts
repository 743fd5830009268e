/**
 * Web push: RFC 8291 Appendix A byte for byte, then a round trip to a push endpoint on loopback
 * that decrypts with the subscriber's private key and checks the VAPID JWT (RFC 8292).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { encryptPush, sendPush, parsePushTarget, type PushTarget } from "../../worker/notify/webpush";
import { startPushService } from "./helpers/loopback-push.mjs";

const b64 = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const ub64 = (b: Uint8Array | ArrayBuffer) =>
  btoa(String.fromCharCode(...(b instanceof ArrayBuffer ? new Uint8Array(b) : b))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const text = (s: string) => new TextDecoder().decode(b64(s));

// RFC 8291 Appendix A, verbatim.
const RFC = {
  plaintext: "V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  message:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

function ecPrivateJwk(pub65: string, d: string): JsonWebKey {
  const p = b64(pub65);
  return { kty: "EC", crv: "P-256", x: ub64(p.slice(1, 33)), y: ub64(p.slice(33, 65)), d };
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

const enc = (s: string) => new TextEncoder().encode(s);
const cat = (...a: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(a.reduce((n, x) => n + x.length, 0));
  let o = 0;
  for (const x of a) (out.set(x, o), (o += x.length));
  return out;
};

/** The user agent's half of RFC 8291, written here with WebCrypto only to check what we send. */
async function decryptPush(body: Uint8Array, uaPublic: string, uaPrivate: string, auth: string): Promise<Uint8Array> {
  const salt = new Uint8Array(body.slice(0, 16));
  const rs = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idlen = body[20]!;
  const asPublic = body.slice(21, 21 + idlen);
  const record = body.slice(21 + idlen);
  expect(idlen).toBe(65);
  expect(record.length).toBeLessThanOrEqual(rs);
  const priv = await crypto.subtle.importKey("jwk", ecPrivateJwk(uaPublic, uaPrivate), { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  const asKey = await crypto.subtle.importKey("raw", asPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdh = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: asKey }, priv, 256));
  const ikm = await hkdf(b64(auth), ecdh, cat(enc("WebPush: info\0"), b64(uaPublic), asPublic), 32);
  const cek = await hkdf(salt, ikm, enc("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, enc("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, record));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // last-record delimiter
  return padded.slice(0, end);
}

afterEach(() => vi.restoreAllMocks());

describe("RFC 8291 Appendix A", () => {
  it("our decryptor reads the RFC's message", async () => {
    const plain = await decryptPush(b64(RFC.message), RFC.uaPublic, RFC.uaPrivate, RFC.auth);
    expect(new TextDecoder().decode(plain)).toBe("When I grow up, I want to be a watermelon");
  });

  it("with the RFC's salt and server key, we produce the RFC's message byte for byte", async () => {
    const salt = b64(RFC.salt);
    vi.spyOn(crypto, "getRandomValues").mockImplementation(((a: Uint8Array) => {
      a.set(salt);
      return a;
    }) as typeof crypto.getRandomValues);
    const asPrivate = await crypto.subtle.importKey("jwk", ecPrivateJwk(RFC.asPublic, RFC.asPrivate), { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
    const asPublic = await crypto.subtle.importKey("raw", b64(RFC.asPublic), { name: "ECDH", namedCurve: "P-256" }, true, []);
    vi.spyOn(crypto.subtle, "generateKey").mockResolvedValue({ privateKey: asPrivate, publicKey: asPublic } as CryptoKeyPair);
    const body = await encryptPush({ endpoint: "https://push.example/x", p256dh: RFC.uaPublic, auth: RFC.auth }, b64(RFC.plaintext), { pad: false });
    expect(ub64(body)).toBe(RFC.message);
  });

  it("a padded message hides its length: always one 4096-octet record", async () => {
    const t = { endpoint: "https://push.example/x", p256dh: RFC.uaPublic, auth: RFC.auth };
    const short = await encryptPush(t, enc("hi"));
    const long = await encryptPush(t, enc("x".repeat(1000)));
    expect(short.length).toBe(long.length);
    expect(new TextDecoder().decode(await decryptPush(short, RFC.uaPublic, RFC.uaPrivate, RFC.auth))).toBe("hi");
  });
});

describe("subscriptions sent by browsers are checked", () => {
  it("accepts a real-looking subscription and refuses http or bad keys", () => {
    const keys = { p256dh: RFC.uaPublic, auth: RFC.auth };
    expect(parsePushTarget({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys }).ok).toBe(true);
    expect(parsePushTarget({ endpoint: "http://evil.example/", keys })).toMatchObject({ ok: false, error: expect.stringMatching(/https/) });
    expect(parsePushTarget({ endpoint: "https://x.example/", keys: { p256dh: "short", auth: RFC.auth } })).toMatchObject({ ok: false });
    expect(parsePushTarget("nope")).toMatchObject({ ok: false });
  });
});

describe("round trip to a push service on loopback", () => {
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(() => push.close());

  async function subscriber() {
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
    const pub = ub64(await crypto.subtle.exportKey("raw", pair.publicKey) as ArrayBuffer);
    const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
    const auth = ub64(crypto.getRandomValues(new Uint8Array(16)));
    return { pub, d: d!, auth };
  }

  async function vapidPair() {
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const publicKey = ub64(await crypto.subtle.exportKey("raw", pair.publicKey) as ArrayBuffer);
    const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
    return { publicKey, privateKey: d!, subject: "mailto:ops@mahjong.example" };
  }

  it("the push service receives an encrypted title, short text and game URL, signed with VAPID", async () => {
    const ua = await subscriber();
    const vapid = await vapidPair();
    const target: PushTarget = { endpoint: `${push.base}/push/device-1`, p256dh: ua.pub, auth: ua.auth };
    const content = { title: "Your turn: Tuesday Siamese", body: "Ann discarded 7 Dots (2 days left)", url: "https://mahjong.example/games/g1", tag: "game-g1" };
    const before = Math.floor(Date.now() / 1000);
    expect(await sendPush(target, content, vapid, push.fetcher)).toEqual({ outcome: "sent", status: 201 });

    const got = push.received.at(-1)!;
    expect(got.path).toBe("/push/device-1");
    expect(got.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(new TextDecoder().decode(await decryptPush(got.body, ua.pub, ua.d, ua.auth)));
    expect(payload).toEqual(content); // nothing else travels: no hand, no tiles

    // RFC 8292: Authorization: vapid t=<JWT>, k=<server public key>
    const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(got.headers.authorization));
    expect(m).not.toBeNull();
    const [h, p, s] = m![1]!.split(".");
    expect(m![2]).toBe(vapid.publicKey);
    expect(JSON.parse(text(h!))).toMatchObject({ alg: "ES256", typ: "JWT" });
    const claims = JSON.parse(text(p!));
    expect(claims.aud).toBe(push.base);
    expect(claims.sub).toBe(vapid.subject);
    expect(claims.exp).toBeGreaterThan(before);
    expect(claims.exp).toBeLessThanOrEqual(before + 24 * 3600 + 5); // RFC 8292 §2: at most 24 hours
    const key = await crypto.subtle.importKey("raw", b64(m![2]!), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, b64(s!), enc(`${h}.${p}`))).toBe(true);
    // and a forged token does not verify
    const forged = ub64(enc(JSON.stringify({ ...claims, aud: "https://other.example" })));
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, b64(s!), enc(`${h}.${forged}`))).toBe(false);
  });

  it("404 and 410 mean the subscription is gone; 500 means try again", async () => {
    const ua = await subscriber();
    const vapid = await vapidPair();
    const target: PushTarget = { endpoint: `${push.base}/push/old`, p256dh: ua.pub, auth: ua.auth };
    const c = { title: "t", body: "b", url: "https://mahjong.example/" };
    try {
      push.setAnswer(410);
      expect((await sendPush(target, c, vapid, push.fetcher)).outcome).toBe("gone");
      push.setAnswer(404);
      expect((await sendPush(target, c, vapid, push.fetcher)).outcome).toBe("gone");
      push.setAnswer(503);
      expect((await sendPush(target, c, vapid, push.fetcher)).outcome).toBe("failed");
    } finally {
      push.setAnswer(201);
    }
  });
});
