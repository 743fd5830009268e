/**
 * Deterministic randomness. The engine never calls Math.random: a game's shuffle is a pure
 * function of its seed, and the PRNG state lives in the game state so a record replays exactly.
 *
 * Commitment: `commitment(seed)` = hex SHA-256 of the UTF-8 seed, published at creation.
 * PRNG: sfc32 (Small Fast Counter, PractRand-tested), its 128-bit state taken from SHA-256(seed).
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 (FIPS 180-4), synchronous so the engine stays pure; WebCrypto's digest is async. */
export function sha256(data: Uint8Array): Uint8Array {
  const bitLen = data.length * 8;
  const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLen / 2 ** 32));
  view.setUint32(padded.length - 4, bitLen >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!, b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const S1 = rotr(e!, 6) ^ rotr(e!, 11) ^ rotr(e!, 25);
      const ch = (e! & f!) ^ (~e! & g!);
      const t1 = (hh! + S1 + ch + K[i]! + w[i]!) | 0;
      const S0 = rotr(a!, 2) ^ rotr(a!, 13) ^ rotr(a!, 22);
      const maj = (a! & b!) ^ (a! & c!) ^ (b! & c!);
      const t2 = (S0 + maj) | 0;
      hh = g; g = f; f = e; e = (d! + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    h[0] = (h[0]! + a!) | 0; h[1] = (h[1]! + b!) | 0; h[2] = (h[2]! + c!) | 0; h[3] = (h[3]! + d!) | 0;
    h[4] = (h[4]! + e!) | 0; h[5] = (h[5]! + f!) | 0; h[6] = (h[6]! + g!) | 0; h[7] = (h[7]! + hh!) | 0;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i]!);
  return out;
}

export const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
export const sha256Hex = (text: string) => toHex(sha256(new TextEncoder().encode(text)));

/** The public commitment to a seed, published when a game is created. */
export const commitment = (seed: string) => sha256Hex(seed);

/** sfc32 state: four 32-bit words, plain JSON so it lives in the game state. */
export type RngState = [number, number, number, number];

export function seedRng(seed: string): RngState {
  const d = new DataView(sha256(new TextEncoder().encode(seed)).buffer);
  const s: RngState = [d.getUint32(0), d.getUint32(4), d.getUint32(8), d.getUint32(12) | 1];
  for (let i = 0; i < 12; i++) nextU32(s); // warm up, as sfc32's author recommends
  return s;
}

/** Advances `s` in place and returns the next 32-bit unsigned value. */
export function nextU32(s: RngState): number {
  // (read by index: destructuring the array went through its iterator, objects for the collector on every draw)
  const a = s[0], b = s[1], c = s[2], d = s[3];
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  s[2] = ((c << 21) | (c >>> 11)) + t | 0;
  return t >>> 0;
}

/** Unbiased integer in [0, n) by rejection sampling. */
/**
 * a % n for 0 ≤ a ≤ 2^32 and whole n ≥ 1, without the floating-point remainder (`%` on numbers past
 * 2^31 is a slow library call). Exact: a / n is never rounded up to the next whole number, as its
 * distance below one is at least 1/n ≥ 2^-32 of it, far above double precision.
 */
const mod = (a: number, n: number) => a - Math.floor(a / n) * n;

export function nextInt(s: RngState, n: number): number {
  if (n <= 0 || n > 2 ** 32) throw new Error(`nextInt bound ${n}`);
  const limit = 2 ** 32 - mod(2 ** 32, n);
  for (;;) {
    const x = nextU32(s);
    if (x < limit) return mod(x, n);
  }
}

/** Fisher–Yates shuffle of a copy, advancing the PRNG state in place. */
export function shuffle<T>(s: RngState, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = nextInt(s, i + 1);
    const x = out[i]!;
    out[i] = out[j]!;
    out[j] = x;
  }
  return out;
}
