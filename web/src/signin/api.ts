/** The sign-in calls of the service (worker/api/auth.ts, passkeys.ts), through the app's typed client. */
import { client, read } from "../api";
import { createPasskey, getPasskey } from "./webauthn";

const auth = client.api.auth;

/** The sign-in request this page made (kept over a reload: a phone may drop an app while its owner reads the mail). */
export interface Pending {
  email: string;
  request: string;
  at: number;
  sent: boolean;
  /** Development: the mail went to the local outbox (the service says so), not to a mailbox. */
  outbox?: boolean;
}

const PENDING = "signin-request";
const REQUEST_MS = 15 * 60_000;

export function pendingRequest(): Pending | null {
  try {
    const p = JSON.parse(localStorage.getItem(PENDING) ?? "null") as Pending | null;
    return p && Date.now() - p.at < REQUEST_MS ? p : null;
  } catch {
    return null;
  }
}
export const forgetRequest = () => localStorage.removeItem(PENDING);

export const devOutbox = (p: Pending) => (p.outbox ? `/api/dev/outbox?to=${encodeURIComponent(p.email)}` : undefined);

/** Mails a link and a code; `next`: where the link's landing goes on to (main.tsx afterSignIn). */
export async function requestMail(email: string, next: string): Promise<Pending> {
  localStorage.setItem("after-signin", next);
  const r = await read(auth.start.$post({ json: { email } }));
  const p: Pending = { email, request: r.request, at: Date.now(), sent: r.sent !== false, ...("outbox" in r && r.outbox ? { outbox: true } : {}) };
  localStorage.setItem(PENDING, JSON.stringify(p));
  return p;
}

export async function signInWithCode(request: string, code: string) {
  const r = await read(auth.code.$post({ json: { request, code } }));
  forgetRequest();
  localStorage.removeItem("after-signin");
  return r;
}

/** Signs in with a passkey (`conditional`: from the address field's autofill). Null when the person stopped or `signal` aborted. */
export async function signInWithPasskey(o: { conditional?: boolean; signal?: AbortSignal } = {}) {
  const { options } = await read(auth.passkeys.signin.options.$post());
  if (o.signal?.aborted) return null;
  const response = await getPasskey(options, o);
  if (!response) return null;
  const r = await read(auth.passkeys.signin.$post({ json: { response } }));
  passkeyOffered(r.userId);
  forgetRequest();
  localStorage.removeItem("after-signin");
  return r;
}

/** Adds a passkey made on this device. Null when the person stopped. */
export async function addPasskey(name?: string) {
  const { options } = await read(auth.passkeys.register.options.$post());
  const response = await createPasskey(options);
  if (!response) return null;
  return (await read(auth.passkeys.register.$post({ json: { response, ...(name ? { name } : {}) } }))).passkey;
}

export const passkeyList = () => read(auth.passkeys.$get()).then((r) => r.passkeys);
export const renamePasskey = (id: string, name: string) => read(auth.passkeys[":id"].$put({ param: { id }, json: { name } }));
export const removePasskey = (id: string) => read(auth.passkeys[":id"].$delete({ param: { id } }));

export const sessionList = () => read(auth.sessions.$get()).then((r) => r.sessions);
export const endSession = (id: string) => read(auth.sessions[":id"].$delete({ param: { id } }));
export const endOtherSessions = () => read(auth.sessions.others.$delete());

/** "Sign in next time with your face or fingerprint" is offered once per account on each device. */
const OFFERED = (userId: string) => `passkey-offered:${userId}`;
export const passkeyOfferDue = (userId: string) => !localStorage.getItem(OFFERED(userId));
export const passkeyOffered = (userId: string) => localStorage.setItem(OFFERED(userId), String(Date.now()));
