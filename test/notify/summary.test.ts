/** Several events for one player become one message, in words, with no hidden information. */
import { describe, expect, it } from "vitest";
import { pushPayload, summarize } from "../../worker/notify/summary";
import type { NotifyMessage } from "../../worker/notify/types";

const DAY = 86_400_000;
const now = Date.UTC(2026, 2, 1, 12, 0);
const ev = (over: Partial<NotifyMessage>): NotifyMessage => ({
  type: "turn",
  gameId: "g1",
  userId: "bob",
  text: "Ann discarded 7 Dots",
  url: "https://mahjong.example/games/g1",
  at: now,
  game: "Tuesday Siamese",
  opponents: ["Ann"],
  ...over,
});

describe("one event", () => {
  it("names the game and opponent, says the move in words and the time left", () => {
    const s = summarize([ev({ deadline: now + 2 * DAY + 3 * 3_600_000 })], now);
    expect(s.title).toBe("Your turn: Tuesday Siamese");
    expect(s.lines).toEqual(["Tuesday Siamese with Ann: Ann discarded 7 Dots (2 days 3 hours left)"]);
    expect(s.url).toBe("https://mahjong.example/games/g1");
  });
  it("a game without a name still reads well", () => {
    expect(summarize([ev({ game: undefined, opponents: undefined })], now).lines[0]).toBe("Game g1: Ann discarded 7 Dots");
  });
});

describe("merged events", () => {
  it("events of one game: one message, oldest first, button to that game", () => {
    const s = summarize([ev({ at: now + 60_000, text: "Ann exposed a pung of Red Dragons", type: "claim" }), ev({ at: now })], now);
    expect(s.title).toBe("2 updates in Tuesday Siamese");
    expect(s.lines[0]).toMatch(/discarded 7 Dots/);
    expect(s.lines[1]).toMatch(/pung of Red Dragons/);
    expect(s.url).toBe("https://mahjong.example/games/g1");
    expect(s.kinds).toEqual(["turn", "claim"]);
  });
  it("events of several games: the button goes to the list of games", () => {
    const s = summarize([ev({}), ev({ gameId: "g2", game: "League round 3", url: "https://mahjong.example/games/g2" })], now);
    expect(s.title).toBe("2 updates in 2 games");
    expect(s.url).toBe("https://mahjong.example/games");
    expect(s.gameIds).toEqual(["g1", "g2"]);
  });
  it("the push payload carries only a title, a short text and the URL", () => {
    const p = pushPayload(summarize([ev({}), ev({ at: now + 1, text: "Ann drew from the wall" })], now));
    expect(Object.keys(p).sort()).toEqual(["body", "tag", "title", "url"]);
    expect(p.body).toBe("Tuesday Siamese with Ann: Ann drew from the wall (+1 more)");
  });
});
