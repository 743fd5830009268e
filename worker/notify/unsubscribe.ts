/**
 * Signed one-click unsubscribe links (RFC 8058): the link itself proves who it is for, so no
 * sign-in is needed. Token = base64url(userId) "." base64url(HMAC-SHA256(secret, "unsubscribe:" userId)).
 * It never expires (old emails must keep working) and only ever switches email off.
 */

const enc = new TextEncoder();

function b64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(s: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null;
  try {
    const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (s.length % 4)) % 4));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function key(secret: string): Promise<CryptoKey> {
  if (!secret) throw new Error("UNSUBSCRIBE_SECRET is not configured");
  return crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export async function unsubscribeToken(userId: string, secret: string): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await key(secret), enc.encode(`unsubscribe:${userId}`));
  return `${b64url(enc.encode(userId))}.${b64url(new Uint8Array(sig))}`;
}

/** The user id the token was signed for, or null if it is malformed or tampered with. */
export async function verifyUnsubscribeToken(token: string, secret: string): Promise<string | null> {
  const [idPart, sigPart, extra] = token.split(".");
  if (!idPart || !sigPart || extra !== undefined) return null;
  const idBytes = fromB64url(idPart);
  const sig = fromB64url(sigPart);
  if (!idBytes || !sig) return null;
  // Only the canonical spelling: a changed padding bit must not pass as the same token.
  if (b64url(idBytes) !== idPart || b64url(sig) !== sigPart) return null;
  const userId = new TextDecoder("utf-8", { fatal: false }).decode(idBytes);
  const ok = await crypto.subtle.verify("HMAC", await key(secret), sig, enc.encode(`unsubscribe:${userId}`));
  return ok ? userId : null;
}

export async function unsubscribeUrl(base: string, userId: string, secret: string): Promise<string> {
  const u = new URL("/api/unsubscribe", base);
  u.searchParams.set("t", await unsubscribeToken(userId, secret));
  return u.href;
}
