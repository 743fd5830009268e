/**
 * A software authenticator for the worker tests: an ES256 key pair made with WebCrypto that
 * answers the service's WebAuthn options as a platform passkey would (attestation "none", user
 * present and verified), written from the WebAuthn spec without the library the service uses, so
 * the service's checks are met or missed by bytes made independently. Each answer can be bent
 * (another origin, RP ID, counter, key, user handle) to see the service refuse it.
 */
const enc = new TextEncoder();

export const b64url = (b: Uint8Array) => btoa(String.fromCharCode(...b)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
export const fromB64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) (out.set(p, i), (i += p.length));
  return out;
};
const sha256 = async (b: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", b as Uint8Array<ArrayBuffer>));
const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** CBOR (RFC 8949), the little the attestation object and a COSE key need: integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(v: Cbor): Uint8Array {
  const head = (major: number, n: number) =>
    n < 24 ? new Uint8Array([(major << 5) | n]) : n < 256 ? new Uint8Array([(major << 5) | 24, n]) : new Uint8Array([(major << 5) | 25, n >> 8, n & 255]);
  if (typeof v === "number") return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === "string") return concat(head(3, enc.encode(v).length), enc.encode(v));
  if (v instanceof Uint8Array) return concat(head(2, v.length), v);
  return concat(head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)]));
}

/** WebCrypto's ECDSA signature (r ‖ s) as the DER sequence WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array {
  const int = (x: Uint8Array) => {
    let i = 0;
    while (i < x.length - 1 && x[i] === 0) i++;
    let b = x.slice(i);
    if (b[0]! & 0x80) b = concat(new Uint8Array([0]), b);
    return concat(new Uint8Array([2, b.length]), b);
  };
  const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export interface Bend {
  origin?: string;
  rpId?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** Sign with another key than the passkey's. */
  key?: CryptoKey;
  /** The user handle to report (base64url), instead of the one the passkey was made for. */
  userHandle?: string;
  /** User verification reported (default true). */
  verified?: boolean;
  type?: string;
}

export class SoftAuthenticator {
  private counter = 0;
  credentialId = crypto.getRandomValues(new Uint8Array(16));
  userHandle = "";
  private keys!: CryptoKeyPair;

  constructor(
    readonly rpId = "localhost",
    readonly origin = "http://localhost",
  ) {}

  get id() {
    return b64url(this.credentialId);
  }

  static async otherKey(): Promise<CryptoKey> {
    return ((await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair).privateKey;
  }

  private async authData(flags: number, rpId: string, counter: number, attested?: Uint8Array) {
    return concat(await sha256(enc.encode(rpId)), new Uint8Array([flags]), u32(counter), attested ?? new Uint8Array());
  }

  private clientData(type: string, challenge: string, origin: string) {
    return enc.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() with the service's options: the registration answer as JSON. */
  async create(options: any, bend: Bend = {}) {
    this.keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    this.userHandle = options.user.id;
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, fromB64url(jwk.x!)], [-3, fromB64url(jwk.y!)]]));
    const attested = concat(new Uint8Array(16), new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 255]), this.credentialId, cose);
    const flags = 0x01 | (bend.verified === false ? 0 : 0x04) | 0x40;
    const authData = await this.authData(flags, bend.rpId ?? this.rpId, this.counter, attested);
    const attestationObject = cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64url(this.clientData(bend.type ?? "webauthn.create", options.challenge, bend.origin ?? this.origin)), attestationObject: b64url(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get() with the service's options: the assertion as JSON. */
  async get(options: any, bend: Bend = {}) {
    const counter = bend.counter ?? ++this.counter;
    const flags = 0x01 | (bend.verified === false ? 0 : 0x04);
    const authData = await this.authData(flags, bend.rpId ?? this.rpId, counter);
    const clientData = this.clientData(bend.type ?? "webauthn.get", options.challenge, bend.origin ?? this.origin);
    const signed = concat(authData, await sha256(clientData));
    const sig = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, bend.key ?? this.keys.privateKey, signed));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(der(sig)), userHandle: bend.userHandle ?? this.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
