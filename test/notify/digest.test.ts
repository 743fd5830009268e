/** The daily digest: at the player's hour in their zone, once a day, most urgent game first. */
import { describe, expect, it } from "vitest";
import { composeDigest, digestDueOn, type DigestGame } from "../../worker/notify/digest";
import { DEFAULT_SETTINGS, type NotifySettings } from "../../worker/notify/types";

const HOUR = 3_600_000;
const s = (over: Partial<NotifySettings>): NotifySettings => ({ ...DEFAULT_SETTINGS, email: "digest", digestHour: 8, ...over });

describe("when the digest goes out", () => {
  // 2026-03-10 13:15 UTC = 08:15 in Chicago (CDT since 8 March, UTC-5), 22:15 in Tokyo, 13:15 in London.
  const t = Date.UTC(2026, 2, 10, 13, 15);
  it("at the chosen hour in each player's own zone", () => {
    expect(digestDueOn(s({ timezone: "America/Chicago" }), null, t)).toBe("2026-03-10");
    expect(digestDueOn(s({ timezone: "Asia/Tokyo" }), null, t)).toBeNull();
    expect(digestDueOn(s({ timezone: "Asia/Tokyo", digestHour: 22 }), null, t)).toBe("2026-03-10");
    expect(digestDueOn(s({ timezone: "Europe/London" }), null, t)).toBeNull();
  });
  it("once a day: not again the same local day", () => {
    const tz = s({ timezone: "America/Chicago" });
    expect(digestDueOn(tz, "2026-03-10", t + 30 * 60_000)).toBeNull();
    expect(digestDueOn(tz, "2026-03-10", t + 24 * HOUR)).toBe("2026-03-11");
  });
  it("the local date, not the UTC date: 08:00 in Auckland is the previous evening in UTC", () => {
    // 2026-03-10 19:30 UTC = 2026-03-11 08:30 NZDT (UTC+13)
    expect(digestDueOn(s({ timezone: "Pacific/Auckland" }), "2026-03-10", Date.UTC(2026, 2, 10, 19, 30))).toBe("2026-03-11");
  });
  it("only for players who chose the digest", () => {
    expect(digestDueOn(s({ email: "each", timezone: "America/Chicago" }), null, t)).toBeNull();
    expect(digestDueOn(s({ email: "off", timezone: "America/Chicago" }), null, t)).toBeNull();
  });
});

describe("what the digest says", () => {
  const now = Date.UTC(2026, 2, 10, 13, 0);
  const g = (gameId: string, game: string, deadline: number | null, opponents = ["Ann"]): DigestGame => ({ gameId, game, opponents, deadline, url: `https://m.example/games/${gameId}` });
  it("lists the games where it is the player's turn, the least time left first", () => {
    const d = composeDigest([g("a", "Slow game", now + 3 * 24 * HOUR), g("b", "No clock", null), g("c", "Urgent", now + 5 * HOUR, ["Ann", "Cy"])], now, "https://m.example")!;
    expect(d.subject).toBe("Your turn in 3 games");
    expect(d.lines).toEqual([
      "Urgent with Ann and Cy: your turn, 5 hours left",
      "Slow game with Ann: your turn, 3 days left",
      "No clock with Ann: your turn, no clock",
    ]);
    expect(d.url).toBe("https://m.example/games");
  });
  it("nothing waiting: no digest at all", () => {
    expect(composeDigest([], now, "https://m.example")).toBeNull();
  });
});
