import { describe, expect, it } from "vitest";
import { commitment, nextInt, seedRng, sha256Hex, shuffle } from "../../worker/engine/random";

describe("fair shuffle", () => {
  it("SHA-256 matches the FIPS 180-4 test vectors", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
    expect(sha256Hex("a".repeat(1000))).toBe("41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
  });

  it("the commitment is the SHA-256 of the seed", () => {
    expect(commitment("abc")).toBe(sha256Hex("abc"));
  });

  it("the same seed always gives the same shuffle; another seed a different one", () => {
    const items = Array.from({ length: 152 }, (_, i) => i);
    const a = shuffle(seedRng("seed-1"), items);
    expect(shuffle(seedRng("seed-1"), items)).toEqual(a);
    expect(shuffle(seedRng("seed-2"), items)).not.toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
  });

  it("nextInt is uniform enough over a small range", () => {
    const s = seedRng("uniform");
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) counts[nextInt(s, 6)]!++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
  });
});
