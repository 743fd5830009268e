/** RFC 8058 one-click unsubscribe links: signed, no sign-in, useless when tampered with. */
import { describe, expect, it } from "vitest";
import { unsubscribeToken, unsubscribeUrl, verifyUnsubscribeToken } from "../../worker/notify/unsubscribe";

const SECRET = "test-secret";

describe("unsubscribe links", () => {
  it("a signed token names its player", async () => {
    const t = await unsubscribeToken("user-42", SECRET);
    expect(await verifyUnsubscribeToken(t, SECRET)).toBe("user-42");
  });
  it("a token for another player, a changed signature, or another secret fails", async () => {
    const t = await unsubscribeToken("user-42", SECRET);
    const [, sig] = t.split(".");
    const other = await unsubscribeToken("user-43", SECRET);
    expect(await verifyUnsubscribeToken(`${other.split(".")[0]}.${sig}`, SECRET)).toBeNull();
    for (let i = 0; i < sig!.length; i++) {
      const flipped = sig!.slice(0, i) + (sig![i] === "A" ? "B" : "A") + sig!.slice(i + 1);
      expect(await verifyUnsubscribeToken(`${t.split(".")[0]}.${flipped}`, SECRET)).toBeNull();
    }
    expect(await verifyUnsubscribeToken(t, "another-secret")).toBeNull();
    expect(await verifyUnsubscribeToken("garbage", SECRET)).toBeNull();
    expect(await verifyUnsubscribeToken(`${t}.x`, SECRET)).toBeNull();
  });
  it("the link points at the one-click endpoint", async () => {
    const u = new URL(await unsubscribeUrl("https://mahjong.example", "user-42", SECRET));
    expect(u.origin + u.pathname).toBe("https://mahjong.example/api/unsubscribe");
    expect(await verifyUnsubscribeToken(u.searchParams.get("t")!, SECRET)).toBe("user-42");
  });
});
