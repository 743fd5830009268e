/**
 * Passkeys through the browser's own API (navigator.credentials), no library: the service's options
 * arrive as JSON with base64url strings, the browser wants bytes, and the answer goes back as JSON.
 * (PublicKeyCredential.parseCreationOptionsFromJSON / toJSON do the same where a browser has them;
 * older Safari and Firefox do not, hence these few lines.)
 */
const toBytes = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const toB64url = (b: ArrayBuffer | null | undefined) => (b ? btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") : undefined);

type Json = Record<string, any>;

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== "undefined" && "PublicKeyCredential" in window && !!navigator.credentials && !onAddress(location.hostname);

/** A passkey belongs to a domain: a site opened by its IP address (http://127.0.0.1) cannot use one. */
const onAddress = (host: string) => /^[\d.]+$/.test(host) || host.includes(":") || host.startsWith("[");

/** Whether the address field can offer passkeys itself (autofill, "conditional mediation"). */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const pkc = PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> };
  return (await pkc.isConditionalMediationAvailable?.().catch(() => false)) ?? false;
}

/** Whether this phone or computer can make a passkey of its own (face, fingerprint, screen lock). */
export async function deviceCanMakePasskey(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  return PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false);
}

const descriptors = (list: Json[] | undefined) => list?.map((c) => ({ ...c, id: toBytes(c.id) }));

/** Makes a passkey with the service's registration options; its answer as JSON, or null when the person stopped. */
export async function createPasskey(options: Json): Promise<Json | null> {
  const publicKey = { ...options, challenge: toBytes(options.challenge), user: { ...options.user, id: toBytes(options.user.id) }, excludeCredentials: descriptors(options.excludeCredentials) };
  const cred = (await navigator.credentials.create({ publicKey } as unknown as CredentialCreationOptions).catch(stopped)) as PublicKeyCredential | null;
  if (!cred) return null;
  const r = cred.response as AuthenticatorAttestationResponse;
  return {
    id: cred.id,
    rawId: toB64url(cred.rawId),
    type: cred.type,
    response: { clientDataJSON: toB64url(r.clientDataJSON), attestationObject: toB64url(r.attestationObject), transports: r.getTransports?.() ?? [] },
    clientExtensionResults: cred.getClientExtensionResults(),
    authenticatorAttachment: cred.authenticatorAttachment ?? undefined,
  };
}

/**
 * Asks for a passkey with the service's sign-in options: at once (a button), or `conditional`ly
 * (offered in the address field's autofill until `signal` aborts). Its answer as JSON, or null when
 * the person stopped or the request was aborted.
 */
export async function getPasskey(options: Json, o: { conditional?: boolean; signal?: AbortSignal } = {}): Promise<Json | null> {
  const publicKey = { ...options, challenge: toBytes(options.challenge), allowCredentials: descriptors(options.allowCredentials) };
  const cred = (await navigator.credentials
    .get({ publicKey, signal: o.signal, ...(o.conditional ? { mediation: "conditional" } : {}) } as unknown as CredentialRequestOptions)
    .catch(o.conditional ? unasked : stopped)) as PublicKeyCredential | null;
  if (!cred) return null;
  const r = cred.response as AuthenticatorAssertionResponse;
  return {
    id: cred.id,
    rawId: toB64url(cred.rawId),
    type: cred.type,
    response: { clientDataJSON: toB64url(r.clientDataJSON), authenticatorData: toB64url(r.authenticatorData), signature: toB64url(r.signature), userHandle: toB64url(r.userHandle) },
    clientExtensionResults: cred.getClientExtensionResults(),
    authenticatorAttachment: cred.authenticatorAttachment ?? undefined,
  };
}

/** The person closed the browser's prompt, or it was aborted: no error to show. Anything else is one. */
function stopped(e: unknown): null {
  const name = (e as DOMException)?.name;
  if (name === "NotAllowedError" || name === "AbortError") return null;
  if (name === "InvalidStateError") throw new Error("This phone or computer already has a passkey for your account.");
  if (name === "SecurityError") throw new Error("Passkeys cannot be used at this address.");
  throw e;
}

/** The address field's offer was not asked for: whatever the browser refuses, nothing is shown. */
function unasked(e: unknown): null {
  if (e instanceof DOMException) return null;
  throw e;
}
