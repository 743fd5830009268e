/**
 * Passkeys (WebAuthn), mounted under /api/auth/passkeys. The ceremonies are checked by
 * @simplewebauthn/server (WebCrypto, runs in workerd): the challenge (ours, stored once, taken out
 * by the one answer that carries it), the origin and RP ID (lib/relying-party.ts), user presence
 * and verification, the signature, and the signature counter. A refused answer signs nobody in
 * and stores nothing.
 *
 *   POST /register/options · POST /register {response, name?}   add a passkey (signed in)
 *   POST /signin/options   · POST /signin {response}            sign in with one
 *   GET /  · PUT /:id {name} · DELETE /:id                       your passkeys
 */
import { Hono, type Context } from "hono";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { requireUser, type AppEnv } from "./context";
import { json, params, signedIn } from "./input";
import { count } from "./limits";
import { signIn } from "./sign-in";
import { addPasskey, passkeyById, passkeysOf, putChallenge, removePasskey, renamePasskey, takeChallenge, usePasskey, PASSKEYS_PER_ACCOUNT, type PasskeyRow } from "../db/passkeys";
import { relyingParty, RP_NAME } from "../lib/relying-party";
import { browserName } from "../lib/browser-name";
import { badRequest, HttpError, notFound } from "../lib/errors";
import { HOUR } from "../lib/limits";
import { displayName, isObj, type Obj } from "../lib/validate";

/** EdDSA, ES256, RS256: what passkey providers make. */
const ALGORITHMS = [-8, -7, -257];
/** A credential id (at most 1,023 bytes) in base64url; the answer's other fields may be longer (an attestation with certificates). */
const B64URL = /^[A-Za-z0-9_-]{1,1400}$/;
const B64URL_FIELD = /^[A-Za-z0-9_-]{1,12000}$/;

const refused = (message: string) => new HttpError(400, "passkey/refused", message);
const expired = () => new HttpError(400, "passkey/expired", "This passkey request has expired or was used already. Try again.");

const fromB64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
const toB64url = (b: Uint8Array) => btoa(String.fromCharCode(...b)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/**
 * The browser's answer (`PublicKeyCredential.toJSON()` in shape): checked for shape here, for
 * meaning by the library; with the challenge it carries, read from its client data.
 */
function answer<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(body: Obj, fields: string[]): { response: T; challenge: string } {
  const r = body.response;
  const bad = () => badRequest("bad-field", `"response" must be the passkey's answer (PublicKeyCredential as JSON).`);
  if (!isObj(r) || typeof r.id !== "string" || !B64URL.test(r.id) || r.rawId !== r.id || r.type !== "public-key" || !isObj(r.response)) throw bad();
  const inner = r.response as Obj;
  for (const f of ["clientDataJSON", ...fields]) if (typeof inner[f] !== "string" || !B64URL_FIELD.test(inner[f] as string)) throw bad();
  let challenge: unknown;
  try {
    challenge = JSON.parse(new TextDecoder().decode(fromB64url(inner.clientDataJSON as string))).challenge;
  } catch {
    throw bad();
  }
  if (typeof challenge !== "string" || !B64URL.test(challenge)) throw bad();
  if (!isObj(r.clientExtensionResults)) r.clientExtensionResults = {};
  return { response: r as unknown as T, challenge };
}

const nameField = (body: Obj) => (body.name === undefined || body.name === null ? undefined : displayName(body, "name"));

const shown = (p: PasskeyRow) => ({ id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt, synced: p.backedUp });

const ipOf = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? "local";

const passkeyId = params((p) => {
  if (!B64URL.test(p.id ?? "")) throw notFound("No such passkey.");
  return p;
});

export const passkeys = new Hono<AppEnv>()
  .get("/", signedIn, async (c) => c.json({ passkeys: (await passkeysOf(c.env, requireUser(c).id)).map(shown) }))
  .post("/register/options", signedIn, async (c) => {
    const user = requireUser(c);
    await count(c.env, [{ key: `passkey-options:${user.id}`, limit: 30, windowMs: HOUR, what: "You have started adding a passkey many times in the last hour." }]);
    const mine = await passkeysOf(c.env, user.id);
    if (mine.length >= PASSKEYS_PER_ACCOUNT) throw new HttpError(409, "passkey/too-many", `You have ${PASSKEYS_PER_ACCOUNT} passkeys, the most an account keeps. Remove one first.`);
    const { rpID } = relyingParty(c.env, c.req.url);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      userDisplayName: user.displayName,
      attestationType: "none",
      excludeCredentials: mine.map((p) => ({ id: p.id, transports: p.transports ? JSON.parse(p.transports) : undefined })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await putChallenge(c.env, options.challenge, "register", user.id);
    return c.json({ options });
  })
  .post("/register", signedIn, json((body) => ({ ...answer<RegistrationResponseJSON>(body, ["attestationObject"]), name: nameField(body) })), async (c) => {
    const user = requireUser(c);
    const { response, challenge, name } = c.req.valid("json");
    if (!(await takeChallenge(c.env, challenge, "register", user.id))) throw expired();
    const { rpID, origin } = relyingParty(c.env, c.req.url);
    let result;
    try {
      result = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true, supportedAlgorithmIDs: ALGORITHMS });
    } catch (e) {
      throw refused(`This passkey could not be added: ${(e as Error).message}`);
    }
    if (!result.verified) throw refused("This passkey could not be added.");
    const { credential, credentialBackedUp } = result.registrationInfo;
    const row = {
      id: credential.id,
      userId: user.id,
      name: name ?? browserName(c.req.header("user-agent")),
      publicKey: toB64url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports?.length ? JSON.stringify(credential.transports) : null,
      backedUp: credentialBackedUp,
      createdAt: Date.now(),
    };
    if (!(await addPasskey(c.env, row))) throw new HttpError(409, "passkey/exists", "This passkey is added already (or the account has its fill of passkeys).");
    return c.json({ passkey: shown({ ...row, lastUsedAt: null }) }, 201);
  })
  .post("/signin/options", async (c) => {
    await count(c.env, [{ key: `passkey-signin:ip:${ipOf(c)}`, limit: 120, windowMs: HOUR, what: "Too many passkey sign-ins from this network." }]);
    const { rpID } = relyingParty(c.env, c.req.url);
    // No list of credentials: the browser offers the passkeys it holds for this site (discoverable ones).
    const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
    await putChallenge(c.env, options.challenge, "signin", null);
    return c.json({ options });
  })
  .post("/signin", json((body) => answer<AuthenticationResponseJSON>(body, ["authenticatorData", "signature"])), async (c) => {
    const { response, challenge } = c.req.valid("json");
    if (!(await takeChallenge(c.env, challenge, "signin", null))) throw expired();
    const key = await passkeyById(c.env, response.id);
    if (!key) throw refused("This passkey is not known here: it may have been removed. Sign in by email, then add it again in Settings.");
    const handle = response.response.userHandle;
    if (handle && (!B64URL.test(handle) || new TextDecoder().decode(fromB64url(handle)) !== key.userId)) throw refused("This passkey belongs to another account.");
    const { rpID, origin } = relyingParty(c.env, c.req.url);
    let result;
    try {
      result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: { id: key.id, publicKey: fromB64url(key.publicKey), counter: key.counter, transports: key.transports ? JSON.parse(key.transports) : undefined },
        requireUserVerification: true,
      });
    } catch (e) {
      throw refused(`This passkey could not sign you in: ${(e as Error).message}`);
    }
    if (!result.verified || !(await usePasskey(c.env, key.id, key.counter, result.authenticationInfo.newCounter))) throw refused("This passkey could not sign you in.");
    await signIn(c, key.userId, "passkey");
    return c.json({ ok: true, userId: key.userId });
  })
  .put("/:id", signedIn, passkeyId, json((body) => ({ name: displayName(body, "name") })), async (c) => {
    if (!(await renamePasskey(c.env, requireUser(c).id, c.req.valid("param").id!, c.req.valid("json").name))) throw notFound("No such passkey.");
    return c.json({ ok: true });
  })
  .delete("/:id", signedIn, passkeyId, async (c) => {
    if (!(await removePasskey(c.env, requireUser(c).id, c.req.valid("param").id!))) throw notFound("No such passkey.");
    return c.json({ ok: true });
  });
