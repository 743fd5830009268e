/**
 * Four-player leagues through the HTTP API inside workerd: a season of 8 American players at two
 * tables is scheduled and started by the service with every player in the seat (wind) the schedule
 * gave them, played to the end by bots over HTTP (one table plays to a wall game on purpose), and
 * its standings, ledger and CSV exports agree to the point; a wall game counts as played with 0
 * points. A chinese-ming season of 5 in rounds mode: the sweep that starts a round tells each of
 * the table's players (and nobody with a bye) that their round starts.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, newLeague, key, signIn } from "./client";
import { botMove } from "./american-bot";
import { sweepLeagues } from "../../worker/league/start";
import { playedGames, seasonTotals } from "../../worker/db/standings";
import { totalsOf } from "../../worker/league/standings";
import type { NotifyMessage } from "../../worker/notify/types";
import { enqueue } from "../../worker/game/notices";

const DAY = 86_400_000;
const names = ["ada", "ben", "cleo", "dan", "eli", "flo", "gil", "hal"];
const players = await Promise.all(names.map((n) => signIn(`${n}@tables.example.com`)));
const [ada] = players as [Browser];
const idOf = new Map<Browser, string>();
for (const p of players) idOf.set(p, (await p.get("/api/me")).body.id);
const byId = new Map([...idOf].map(([b, u]) => [u, b]));

const league = (name: string, members: Browser[]) => newLeague(ada, name, members);

const parseCsv = (text: string) => text.trim().split("\r\n").map((l) => l.split(","));
type Move = { type: string; [k: string]: unknown };

/** A bot that never goes out: no Mah Jongg, no calls; the wall runs out. */
const wallBot = (legal: Move[], concealed: { id: number; kind: number }[] | null) =>
  botMove(legal.filter((m) => !["mahjong", "call-mahjong", "call"].includes(m.type)), concealed);

/** Plays one league game to its end: the lowest seat that must act plays the bot's move. */
async function playOut(gameId: string, seated: Browser[], bot: typeof botMove): Promise<number> {
  let moves = 0;
  for (;;) {
    const g = (await seated[0]!.get(`/api/games/${gameId}`)).body;
    if (g.status === "ended") return moves;
    const seat = g.players.findIndex((p: { toAct: boolean }) => p.toAct);
    const mine = (await seated[seat]!.get(`/api/games/${gameId}`)).body;
    const r = await seated[seat]!.post(`/api/games/${gameId}/moves`, { version: mine.version, move: bot(mine.legalMoves, mine.view.seats[seat].concealed), idempotencyKey: key() });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    expect(++moves).toBeLessThan(2000);
  }
}

describe("a season of eight American players at two tables", () => {
  it("is scheduled with balanced winds, started in the scheduled seats, played by bots; a wall game counts; standings, ledger and CSV agree", async () => {
    const id = await league("Mahjong Mondays", players.slice(1));
    const created = await ada.post(`/api/leagues/${id}/seasons`, { name: "Autumn", ruleset: "american", options: { card: "sample-2026", hints: false }, format: "single", mode: "concurrent", daysPerMove: 3 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Everyone meets everyone once needs ceil(7 / 3) = 3 rounds of two tables.
    expect(created.body).toMatchObject({ rounds: 3, games: 6, players: 8 });

    const season = (await ada.get(`/api/leagues/${id}`)).body.seasons[0];
    const games = season.games;
    expect(games.every((g: any) => g.status === "started" && g.gameStatus === "active" && g.players.length === 4)).toBe(true);
    expect(season.byes).toEqual([[], [], []]);
    for (let r = 0; r < 3; r++) expect(new Set(games.filter((g: any) => g.round === r).flatMap((g: any) => g.players.map((p: any) => p.userId))).size).toBe(8);
    // Winds balanced: three games each, so nobody sits in the same wind twice.
    for (const u of idOf.values()) {
      const seats = games.flatMap((g: any) => g.players.filter((p: any) => p.userId === u).map((p: any) => p.seat));
      expect(seats).toHaveLength(3);
      expect(new Set(seats).size).toBe(3);
    }
    // The service seated every player where the schedule put them (seat 0 is East and deals).
    for (const g of games)
      for (const p of g.players) {
        const view = (await byId.get(p.userId)!.get(`/api/games/${g.gameId}`)).body;
        expect(view.seat).toBe(p.seat);
        expect(view.players.map((q: any) => q.userId)).toEqual(g.players.map((q: any) => q.userId));
        expect(view.view.seats[p.seat].concealed).toHaveLength(p.seat === 0 ? 14 : 13);
      }

    // The first table never goes out (a wall game); the others play to win.
    const points = new Map<string, number>(), played = new Map<string, number>(), walls = new Map<string, number>();
    let mahjongs = 0, wallGames = 0;
    const add = (m: Map<string, number>, u: string, n: number) => m.set(u, (m.get(u) ?? 0) + n);
    for (const [i, g] of games.entries()) {
      const seated = g.players.map((p: any) => byId.get(p.userId)!);
      await playOut(g.gameId, seated, i === 0 ? wallBot : botMove);
      const end = (await seated[0].get(`/api/games/${g.gameId}`)).body;
      if (i === 0) expect(end.result).toMatchObject({ reason: "wall", totals: [0, 0, 0, 0] });
      if (end.result.reason === "wall") wallGames++;
      g.players.forEach((p: any, seat: number) => {
        add(points, p.userId, end.result.totals[seat]);
        add(played, p.userId, 1);
        add(walls, p.userId, end.result.reason === "wall" ? 1 : 0);
      });
      mahjongs += end.result.lines.filter((l: any) => l.reason.startsWith("mahjong/")).length;
    }
    expect(wallGames).toBeGreaterThanOrEqual(1);

    // The wall game is in the ledger: a line of 0 points for every seat.
    const wallLines = await env.DB.prepare("SELECT seat, user_id AS userId, reason, points FROM ledger WHERE game_id = ? ORDER BY seat").bind(games[0].gameId).all();
    expect(wallLines.results).toEqual(games[0].players.map((p: any) => ({ seat: p.seat, userId: p.userId, reason: "wall", points: 0 })));

    const standings = (await players[3]!.get(`/api/leagues/${id}/standings`)).body.standings;
    expect(standings).toHaveLength(8);
    for (const row of standings) {
      expect(row.points).toBe(points.get(row.userId));
      expect(row.played).toBe(3);
      expect(row.wallGames).toBe(walls.get(row.userId));
      expect(row.forfeits).toBe(0);
    }
    for (const p of games[0].players) expect(standings.find((r: any) => r.userId === p.userId).wallGames).toBeGreaterThanOrEqual(1);
    expect(standings.reduce((n: number, r: any) => n + r.mahjongs, 0)).toBe(mahjongs);
    expect(standings.reduce((n: number, r: any) => n + r.points, 0)).toBe(0); // American payments balance
    for (let i = 1; i < standings.length; i++) expect(standings[i].points).toBeLessThanOrEqual(standings[i - 1].points);

    const ledger = (await players[3]!.get(`/api/leagues/${id}/ledger`)).body;
    expect(new Set(ledger.entries.map((e: any) => e.gameId)).size).toBe(6);
    for (const t of ledger.totals) expect(t.points).toBe(points.get(t.userId));
    expect(ledger.entries.filter((e: any) => e.gameId === games[0].gameId).every((e: any) => e.round === 0 && e.reason === "wall")).toBe(true);

    const table = parseCsv(await (await players[3]!.fetch(`/api/leagues/${id}/standings.csv`)).text());
    expect(table).toHaveLength(9);
    for (const row of standings) expect(table.find((r) => r[1] === row.name)?.slice(2, 6)).toEqual([row.points, row.played, row.mahjongs, row.wallGames].map(String));
    const lines = parseCsv(await (await players[3]!.fetch(`/api/leagues/${id}/ledger.csv`)).text()).slice(1);
    expect(lines).toHaveLength(ledger.entries.length);
    const csvTotal = new Map<string, number>();
    for (const l of lines) csvTotal.set(l[3]!, (csvTotal.get(l[3]!) ?? 0) + Number(l[5]));
    for (const row of standings) expect(csvTotal.get(row.name)).toBe(row.points);

    // The SQL behind the standings and the plain-code reference agree on four-player tables too.
    const sorted = (xs: any[]) => xs.slice().sort((a, b) => a.userId.localeCompare(b.userId));
    expect(sorted(await seasonTotals(env, created.body.id))).toEqual(sorted(totalsOf(await playedGames(env, created.body.id))));
  }, 300_000);
});

describe("a chinese-ming season of five in rounds", () => {
  it("the sweep starts round 2 on its date and tells the four seated players (not the one with a bye) their round, table and wind", async () => {
    const five = players.slice(0, 5);
    const id = await league("Ming Club", five.slice(1));
    const s = await ada.post(`/api/leagues/${id}/seasons`, { name: "Winter", ruleset: "chinese-ming", format: "single", mode: "rounds", roundDays: 7, rounds: 2, daysPerMove: 2 });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect(s.body).toMatchObject({ rounds: 2, games: 2, players: 5 });
    let season = (await ada.get(`/api/leagues/${id}`)).body.seasons[0];
    expect(season.games.map((g: any) => g.status)).toEqual(["started", "scheduled"]);
    // Five players at one table of four: one bye per round, not the same player twice.
    expect(season.byes.map((b: any[]) => b.length)).toEqual([1, 1]);
    expect(season.byes[0][0].userId).not.toBe(season.byes[1][0].userId);

    const sent: NotifyMessage[] = [];
    const capturing = { ...env, NOTIFY: { sendBatch: async (batch: { body: NotifyMessage }[]) => void sent.push(...batch.map((m) => m.body)) } } as unknown as typeof env;
    expect(await sweepLeagues(capturing, Date.now() + 6 * DAY, "http://localhost")).toEqual({ started: 0, failed: 0 });
    expect(sent).toEqual([]);
    expect(await sweepLeagues(capturing, Date.now() + 7 * DAY + 1000, "http://localhost")).toEqual({ started: 1, failed: 0 });
    season = (await ada.get(`/api/leagues/${id}`)).body.seasons[0];
    const g = season.games[1];
    expect(g.status).toBe("started");

    const winds = ["East", "South", "West", "North"];
    expect(sent.map((m) => m.userId)).toEqual(g.players.map((p: any) => p.userId));
    expect(sent.map((m) => m.userId)).not.toContain(season.byes[1][0].userId);
    for (const [seat, m] of sent.entries()) {
      const others = g.players.filter((p: any) => p.seat !== seat).map((p: any) => p.name);
      expect(m).toMatchObject({ type: "league-round", gameId: g.gameId, url: `http://localhost/game/${g.gameId}`, game: "Ming Club round 2", opponents: others });
      expect(m.text).toBe(`Ming Club, Winter: round 2 starts. You play ${others[0]}, ${others[1]} and ${others[2]}, sitting ${winds[seat]}.`);
      const view = (await byId.get(m.userId)!.get(`/api/games/${g.gameId}`)).body;
      expect(view.seat).toBe(seat);
      expect(view.view.hand.seats[seat].concealed.length).toBeGreaterThanOrEqual(13);
    }
    // Starting is done once: a later sweep sends nothing more.
    expect(await sweepLeagues(capturing, Date.now() + 8 * DAY, "http://localhost")).toEqual({ started: 0, failed: 0 });
    expect(sent).toHaveLength(4);

    // Both games end by an organiser's forfeit; the standings count each for every seated player.
    for (const game of season.games) {
      const ff = await ada.post(`/api/leagues/${id}/games/${game.gameId}/forfeit`, { userId: game.players[1].userId });
      expect(ff.status).toBe(200);
    }
    const standings = (await ada.get(`/api/leagues/${id}/standings`)).body.standings;
    const ledger = (await ada.get(`/api/leagues/${id}/ledger`)).body;
    for (const row of standings) {
      const games = season.games.filter((x: any) => x.players.some((p: any) => p.userId === row.userId));
      expect(row.played).toBe(games.length);
      expect(row.forfeits).toBe(games.filter((x: any) => x.players[1].userId === row.userId).length);
      expect(row.points).toBe(ledger.totals.find((t: any) => t.userId === row.userId)?.points ?? 0);
    }
    expect(standings.map((r: any) => r.played).sort()).toEqual([1, 1, 2, 2, 2]);
  }, 120_000);
});

describe("notices in bulk", () => {
  it("a burst of more notices than a queue batch holds (fast play at several tables) reaches the queue in batches it accepts", async () => {
    const sizes: number[] = [], refused: unknown[] = [];
    const queue = env.NOTIFY;
    const counting = { ...env, NOTIFY: { sendBatch: (batch: MessageSendRequest<NotifyMessage>[]) => (sizes.push(batch.length), queue.sendBatch(batch).catch((e) => (refused.push(e), Promise.reject(e)))) } } as unknown as typeof env;
    const notice = (i: number): NotifyMessage => ({ type: "league-round", gameId: `g${i}`, userId: "nobody", text: `notice ${i}`, url: "http://localhost/", at: 0 });
    await enqueue(counting, Array.from({ length: 250 }, (_, i) => notice(i)));
    expect(sizes).toEqual([100, 100, 50]);
    expect(refused).toEqual([]);
  });
});
