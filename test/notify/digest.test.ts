/** The daily digest: at the player's hour in their zone, once a day, most urgent game first. */
import { describe, expect, it } from "vitest";
import { awaiting, composeDigest, digestDueOn, type DigestGame } from "../../worker/notify/digest";
import type { ListedGame } from "../../worker/db/games";
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

describe("which games the digest lists (from the games index)", () => {
  const listed = (id: string, players: [string, string][], over: Partial<ListedGame> = {}): ListedGame => ({
    id, ruleset: "siamese", status: "active", seats: players.length, daysPerMove: 3, myTurn: true, deadline: 1000, result: null, updatedAt: 0, createdAt: 0, startedAt: 0, moves: 0, challenge: false, myPoints: null, myPlace: null, myPlaceShared: null,
    players: players.map(([userId, name], seat) => ({ seat, userId, name, toAct: false, awayUntil: null })),
    ...over,
  });
  it("the player's turns, each opening its own game, named by its ruleset", () => {
    const games = [listed("g1", [["me", "Me"], ["ann", "Ann"]]), listed("g2", [["me", "Me"], ["ann", "Ann"]], { myTurn: false })];
    expect(awaiting(games, "me", "https://m.example")).toEqual([{ gameId: "g1", game: "Siamese Mah Jongg", opponents: ["Ann"], deadline: 1000, url: "https://m.example/game/g1" }]);
  });
  it("no practice game: every other seat a computer's", () => {
    const practice = listed("p", [["me", "Me"], ["computer:easy:1", "Computer"]]);
    const four = listed("a", [["computer:strong:0", "Computer"], ["me", "Me"], ["computer:strong:2", "Computer"], ["computer:easy:3", "Computer"]], { ruleset: "american" });
    expect(awaiting([practice, four], "me", "https://m.example")).toEqual([]);
  });
  it("a challenge whose empty seats computers took is no practice game: its turn mails go out, and it is listed", () => {
    const filled = listed("c", [["me", "Me"], ["computer:medium:1", "Computer"], ["computer:medium:2", "Computer"]], { ruleset: "royale", challenge: true });
    expect(awaiting([filled], "me", "https://m.example").map((g) => [g.gameId, g.opponents])).toEqual([["c", ["Computer (medium)", "Computer (medium) (2)"]]]);
  });
  it("two computers are named as at the table: 'Computer (strong)' and 'Computer (strong) (2)'", () => {
    const g = listed("a", [["me", "Me"], ["computer:strong:1", "Computer"], ["bob", "Bob"], ["computer:strong:3", "Computer"]], { ruleset: "american" });
    expect(awaiting([g], "me", "https://m.example")[0]!.opponents).toEqual(["Computer (strong)", "Bob", "Computer (strong) (2)"]);
  });
});
