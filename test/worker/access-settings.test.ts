/**
 * Larger tiles and play by typing are kept with the account (PUT /api/me `access`), so a player's
 * other devices draw the tables the same way; bad values are refused and change nothing, and saving
 * them alone does not answer the welcome questions. The export carries them.
 */
import { describe, expect, it } from "vitest";
import { signIn } from "./client";

describe("access settings with the account", () => {
  it("are off for a new player, saved one at a time, refused when malformed, and exported", async () => {
    const dot = await signIn("dot.access@example.com", { name: null });
    expect((await dot.get("/api/me")).body.access).toEqual({ largeTiles: false, playByTyping: false });
    for (const bad of [{ largeTiles: "yes" }, { bigTiles: true }, [true], "large", { playByTyping: 1 }]) {
      const r = await dot.put("/api/me", { access: bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.message).toMatch(/access/);
    }
    expect((await dot.get("/api/me")).body.access).toEqual({ largeTiles: false, playByTyping: false });

    const saved = await dot.put("/api/me", { access: { largeTiles: true } });
    expect(saved.status).toBe(200);
    expect(saved.body.access).toEqual({ largeTiles: true, playByTyping: false });
    expect(saved.body.needsWelcome).toBe(true);
    expect((await dot.put("/api/me", { access: { playByTyping: true } })).body.access).toEqual({ largeTiles: true, playByTyping: true });
    // another device of hers (a new session) reads the same
    const phone = await signIn("dot.access@example.com", { name: null });
    expect((await phone.get("/api/me")).body.access).toEqual({ largeTiles: true, playByTyping: true });
    expect((await phone.put("/api/me", { access: { largeTiles: false } })).body.access).toEqual({ largeTiles: false, playByTyping: true });

    const exported = await (await dot.fetch("/api/me/export")).json();
    expect((exported as { accessSettings: unknown }).accessSettings).toEqual({ largeTiles: 0, playByTyping: 1 });
  }, 60_000);
});
