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
  it("turns in several games: the button opens the one with the least time left, and the mail says Next goes on from there", () => {
    const s = summarize([ev({ deadline: now + 2 * DAY }), ev({ gameId: "g2", game: "League round 3", url: "https://mahjong.example/games/g2", deadline: now + DAY })], now);
    expect(s.title).toBe("2 updates in 2 games");
    expect(s.url).toBe("https://mahjong.example/games/g2");
    expect(s.button).toBe("Open League round 3");
    expect(s.more).toEqual([
      'Your turn in 2 games: the button opens League round 3 with Ann, the one with the least time left. After your move there, "Next" takes you to the other one.',
      "All your games: https://mahjong.example/games",
    ]);
    expect(s.gameIds).toEqual(["g1", "g2"]);
  });
  it("events of several games none of which waits for you: the button goes to the list of games", () => {
    const s = summarize([ev({ type: "chat", text: "Ann: hello" }), ev({ gameId: "g2", type: "game-ended", text: "The game is over.", url: "https://mahjong.example/games/g2" })], now);
    expect(s.url).toBe("https://mahjong.example/games");
    expect(s.button).toBe("Open my games");
    expect(s.more).toEqual([]);
  });
  it("another player on vacation is named with the time they are back, in the reader's time zone", () => {
    const back = Date.UTC(2026, 2, 6, 15, 30); // Friday
    expect(summarize([ev({ away: [{ name: "Dave", until: back }] })], now, "Europe/London").lines[0]).toBe("Tuesday Siamese with Ann: Ann discarded 7 Dots. Dave is away until Fri 3:30 pm; their clock is stopped.");
    expect(summarize([ev({ away: [{ name: "Dave", until: back }] })], now, "America/New_York").lines[0]).toContain("Dave is away until Fri 10:30 am");
    // a week or more away, the date too (a weekday alone would not say which)
    expect(summarize([ev({ away: [{ name: "Dave", until: back + 7 * DAY }] })], now, "Europe/London").lines[0]).toContain("Dave is away until Fri 13 Mar, 3:30 pm");
  });
  it("a time-out is told without a time left (the turn was played)", () => {
    expect(summarize([ev({ type: "timeout", text: "Your time ran out on move 4: we drew and threw for you.", deadline: now + DAY })], now).title).toBe("Your time ran out: Tuesday Siamese");
    expect(summarize([ev({ type: "timeout", text: "Your time ran out on move 4: we drew and threw for you.", deadline: now + DAY })], now).lines[0]).toBe("Tuesday Siamese with Ann: Your time ran out on move 4: we drew and threw for you.");
  });
  it("the push payload carries only a title, a short text and the URL", () => {
    const p = pushPayload(summarize([ev({}), ev({ at: now + 1, text: "Ann drew from the wall" })], now));
    expect(Object.keys(p).sort()).toEqual(["body", "tag", "title", "url"]);
    expect(p.body).toBe("Tuesday Siamese with Ann: Ann drew from the wall (+1 more)");
  });
});
