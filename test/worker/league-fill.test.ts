/**
 * Computer fill-ins of a league season (docs/leagues.md): an American season of five members
 * with fill-ins has two tables a round and no byes; the empty seats are computers of the strength
 * asked for, seated by the service like any player, and they play their turns from the game's
 * alarm. Standings list the members only; the organiser log and the ledger name the computer.
 * Without fill-ins the season is as it always was (byes).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { Browser, newLeague, signIn } from "./client";

const names = ["ann", "bob", "carl", "dora", "emil"];
const players = await Promise.all(names.map((n) => signIn(`${n}@fill.example.com`)));
const [ann] = players as [Browser];
const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));

const league = (name: string, members: Browser[]) => newLeague(ann, name, members);

describe("a season with computer fill-ins", () => {
  it("five members at American tables: two tables a round, nobody sits out, computers seated and playing, standings of members only", async () => {
    const id = await league("Fill Club", players.slice(1));
    const created = await ann.post(`/api/leagues/${id}/seasons`, { name: "Autumn", ruleset: "american", options: { card: "sample-2026" }, format: "single", mode: "concurrent", daysPerMove: 3, fillWithComputer: true, computerStrength: "expert" });
    expect(created.status).toBe(201);
    // 5 members: one table of three and a computer, one of two and two computers; three rounds so every pair can meet
    expect(created.body).toMatchObject({ rounds: 3, games: 6, players: 5, computerStrength: "expert", computerSeats: 9 });

    const page = (await players[1]!.get(`/api/leagues/${id}`)).body;
    const season = page.seasons[0];
    expect(season.computerStrength).toBe("expert");
    expect(season.byes).toEqual([[], [], []]);
    expect(season.games).toHaveLength(6);
    for (const g of season.games) {
      expect(g.status).toBe("started");
      expect(g.gameStatus).toBe("active");
      expect(g.players).toHaveLength(4);
      const computers = g.players.filter((p: any) => p.computer);
      expect(computers.length === 1 || computers.length === 2).toBe(true);
      for (const c of computers) expect(c).toMatchObject({ name: "Computer (expert)", userId: `computer:expert:${c.seat}` });
    }
    // every member plays every round
    for (let r = 0; r < 3; r++) {
      const seated = season.games.filter((g: any) => g.round === r).flatMap((g: any) => g.players.filter((p: any) => !p.computer).map((p: any) => p.userId));
      expect(seated.sort()).toEqual(season.players.map((p: any) => p.userId).sort());
    }
    // the organiser log names the computer
    expect(page.log.find((l: any) => l.action === "season-created").detail).toMatch(/empty seats filled by Computer \(expert\) \(9 seats, nobody sits out\)/);

    // The game: its seats as scheduled, the computers are computers at the table, and one of them plays its Charleston pass from the alarm.
    const g = season.games.find((x: any) => x.players.some((p: any) => p.computer && p.seat > 0))!;
    const person = players[names.indexOf(g.players.find((p: any) => !p.computer).name.toLowerCase())]!;
    let view = (await person.get(`/api/games/${g.gameId}`)).body;
    expect(view.status).toBe("active");
    // league games are unrated, and a game with a computer never is
    expect((await env.DB.prepare("SELECT rated FROM games WHERE id = ?").bind(g.gameId).first<{ rated: number }>())!.rated).toBe(0);
    expect(view.players.map((p: any) => p.userId)).toEqual(g.players.map((p: any) => p.userId));
    const computerSeats = g.players.filter((p: any) => p.computer).map((p: any) => p.seat);
    for (const s of computerSeats) expect(view.players[s].computer).toEqual({ strength: "expert" });
    for (let tries = 0; tries < 5 && computerSeats.some((s: number) => !view.view.charleston.chosen[s]); tries++) {
      await person.post(`/api/dev/games/${g.gameId}/clock`, { advanceMs: 10_000, fire: false });
      await runDurableObjectAlarm(stubOf(g.gameId));
      view = (await person.get(`/api/games/${g.gameId}`)).body;
    }
    for (const s of computerSeats) expect(view.view.charleston.chosen[s]).toBe(true);
    for (const p of g.players.filter((p: any) => !p.computer)) expect(view.view.charleston.chosen[p.seat]).toBe(false);

    // The organiser declares a forfeit: the game ends and its result reaches the ledger, computers' lines too.
    const loser = g.players.find((p: any) => !p.computer);
    expect((await ann.post(`/api/leagues/${id}/games/${g.gameId}/forfeit`, { userId: loser.userId })).status).toBe(200);
    for (let tries = 0; tries < 10 && !(await ann.get(`/api/leagues/${id}/ledger`)).body.entries.length; tries++) await runDurableObjectAlarm(stubOf(g.gameId));
    const ledger = (await ann.get(`/api/leagues/${id}/ledger`)).body;
    expect(ledger.entries.some((e: any) => e.name === "Computer (expert)")).toBe(true);
    const csv = await (await ann.fetch(`/api/leagues/${id}/ledger.csv`)).text();
    expect(csv).toContain("Computer (expert)");
    expect(csv).not.toMatch(/computer:expert/);
    // standings: the members only (a computer's points are no member's), in the JSON and the CSV
    const standings = (await ann.get(`/api/leagues/${id}/standings`)).body.standings;
    expect(standings.map((r: any) => r.userId).sort()).toEqual(season.players.map((p: any) => p.userId).sort());
    expect(standings.find((r: any) => r.userId === loser.userId)).toMatchObject({ played: 1, forfeits: 1 });
    expect(await (await ann.fetch(`/api/leagues/${id}/standings.csv`)).text()).not.toContain("Computer");
  }, 120_000);

  it("without fill-ins the season has byes as before; bad fill-in values get a clear 400 and change nothing", async () => {
    const id = await league("Bye Club", players.slice(1));
    const bad: [object, RegExp][] = [
      [{ ruleset: "siamese", fillWithComputer: true }, /tables of 3 or 4/],
      [{ ruleset: "american", options: { card: "sample-2026" }, fillWithComputer: "yes" }, /"fillWithComputer" must be true or false/],
      [{ ruleset: "american", options: { card: "sample-2026" }, fillWithComputer: true, computerStrength: "genius" }, /"computerStrength" must be one of: easy, medium, strong, expert/],
      [{ ruleset: "american", options: { card: "sample-2026" }, computerStrength: "easy" }, /goes with "fillWithComputer": true/],
    ];
    for (const [body, message] of bad) {
      const r = await ann.post(`/api/leagues/${id}/seasons`, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    expect((await ann.get(`/api/leagues/${id}`)).body.seasons).toEqual([]);

    const created = await ann.post(`/api/leagues/${id}/seasons`, { ruleset: "american", options: { card: "sample-2026" } });
    expect(created.body).toMatchObject({ rounds: 2, games: 2, players: 5, computerStrength: null, computerSeats: 0 });
    const season = (await ann.get(`/api/leagues/${id}`)).body.seasons[0];
    expect(season.computerStrength).toBeNull();
    expect(season.byes.map((b: any[]) => b.length)).toEqual([1, 1]);
    expect(season.games.every((g: any) => g.players.every((p: any) => !p.computer))).toBe(true);
  }, 60_000);
});
