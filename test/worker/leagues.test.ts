/**
 * Leagues through the HTTP API inside workerd: a season of 6 players is scheduled and started
 * by the service, played to the end by a bot posting legal moves, and its standings, ledger and
 * CSV exports agree to the point. Organiser tools are logged; others get 403, strangers 404.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { Browser, newLeague, playOne, signIn } from "./client";
import { sweepLeagues } from "../../worker/league/start";
import { playedGames, seasonTotals } from "../../worker/db/standings";
import { totalsOf } from "../../worker/league/standings";

const names = ["ann", "bob", "carl", "dora", "emil", "fay"];
const players = await Promise.all(names.map((n) => signIn(`${n}@league.example.com`)));
const [ann, bob] = players as [Browser, Browser];
const eve = await signIn("eve@league.example.com");
const gus = await signIn("gus@league.example.com");
const idOf = new Map<Browser, string>();
for (const p of [...players, eve, gus]) idOf.set(p, (await p.get("/api/me")).body.id);

const league = (name: string, members: Browser[]) => newLeague(ann, name, members);

const parseCsv = (text: string) => text.trim().split("\r\n").map((l) => l.split(","));

describe("a season of six players, played to the end", () => {
  it("is scheduled, started, played by a bot, and standings, ledger and CSV agree", async () => {
    const id = await league("Tuesday Club", players.slice(1));
    const created = await ann.post(`/api/leagues/${id}/seasons`, { name: "Spring", ruleset: "siamese", options: { deadHands: "prevent" }, format: "single", mode: "concurrent", daysPerMove: 3 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ rounds: 5, games: 15, players: 6 });

    const page = (await bob.get(`/api/leagues/${id}`)).body;
    expect(page.me).toEqual({ member: true, organiser: false, plays: true });
    expect(page.inviteUrl).toBeNull();
    const games = page.seasons[0].games;
    expect(games).toHaveLength(15);
    expect(games.every((g: any) => g.status === "started" && g.gameStatus === "active")).toBe(true);

    const byId = new Map([...idOf].map(([b, u]) => [u, b]));
    const totals = new Map<string, number>();
    let mahjongs = 0;
    for (const g of games) {
      const seated = g.players.map((p: any) => byId.get(p.userId)!);
      for (let moves = 0; ; moves++) {
        const r = await playOne(seated, g.gameId, moves);
        expect(r.status).toBe(200);
        if (r.body.status === "ended") break;
        expect(moves).toBeLessThan(1000);
      }
      const end = (await seated[0].get(`/api/games/${g.gameId}`)).body;
      g.players.forEach((p: any, seat: number) => totals.set(p.userId, (totals.get(p.userId) ?? 0) + end.result.totals[seat]));
      mahjongs += end.result.lines.filter((l: any) => l.reason.startsWith("mahjong/")).reduce((n: number, l: any) => n + (l.reason === "mahjong/double" ? 2 : 1), 0);
    }

    const standings = (await bob.get(`/api/leagues/${id}/standings`)).body.standings;
    expect(standings).toHaveLength(6);
    for (const row of standings) {
      expect(row.points).toBe(totals.get(row.userId));
      expect(row.played).toBe(5);
    }
    expect(standings.reduce((n: number, r: any) => n + r.mahjongs, 0)).toBe(mahjongs);
    // Ranked by points (ties broken by head-to-head, then Sonneborn-Berger).
    for (let i = 1; i < standings.length; i++) expect(standings[i].points).toBeLessThanOrEqual(standings[i - 1].points);

    const ledger = (await bob.get(`/api/leagues/${id}/ledger`)).body;
    for (const t of ledger.totals) expect(t.points).toBe(totals.get(t.userId));
    expect(new Set(ledger.entries.map((e: any) => e.gameId)).size).toBe(15);
    const perGame = new Map<string, number>();
    for (const e of ledger.entries) perGame.set(e.gameId, (perGame.get(e.gameId) ?? 0) + e.points);

    const rows = parseCsv(await (await bob.fetch(`/api/leagues/${id}/standings.csv`)).text());
    expect(rows[0]).toEqual(["rank", "player", "points", "played", "mahjongs", "wall_games", "forfeits", "head_to_head", "sonneborn_berger"]);
    for (const row of standings) expect(rows.find((r) => r[1] === row.name)?.[2]).toBe(String(row.points));
    const lines = parseCsv(await (await bob.fetch(`/api/leagues/${id}/ledger.csv`)).text()).slice(1);
    expect(lines).toHaveLength(ledger.entries.length);
    const csvTotal = new Map<string, number>();
    for (const l of lines) csvTotal.set(l[3]!, (csvTotal.get(l[3]!) ?? 0) + Number(l[5]));
    for (const row of standings) expect(csvTotal.get(row.name) ?? 0).toBe(row.points);

    // The one SQL query behind the standings computes what the plain-code reference computes.
    const sorted = (xs: any[]) => xs.slice().sort((a, b) => a.userId.localeCompare(b.userId));
    expect(sorted(await seasonTotals(env, created.body.id))).toEqual(sorted(totalsOf(await playedGames(env, created.body.id))));

    // The ledger rows carry the league and season.
    const tagged = await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger WHERE league_id = ? AND season_id = ?").bind(id, created.body.id).first<{ n: number }>();
    expect(tagged!.n).toBe(ledger.entries.length);
  }, 600_000);
});

describe("organiser tools and authorization", () => {
  it("rounds mode starts a round on its date; extend, replace, forfeit, end and archive are logged; others get 403, strangers 404", async () => {
    const [carl, dora] = [players[2]!, players[3]!];
    const id = await league("Thursday Club", [bob, carl]);
    // Dora joins the league but does not play this season: she is the newcomer later.
    const s = await ann.post(`/api/leagues/${id}/seasons`, { ruleset: "siamese", format: "single", mode: "rounds", roundDays: 7, daysPerMove: 2 });
    expect(s.body).toMatchObject({ rounds: 3, games: 3, players: 3 });
    const invite = new URL((await ann.get(`/api/leagues/${id}`)).body.inviteUrl).searchParams.get("invite");
    await dora.post(`/api/leagues/${id}/join`, { invite });

    let season = (await ann.get(`/api/leagues/${id}`)).body.seasons[0];
    expect(season.games.map((g: any) => g.status)).toEqual(["started", "scheduled", "scheduled"]);
    expect(season.byes.map((b: any[]) => b.length)).toEqual([1, 1, 1]);
    // The sweep (cron) starts round 2 once its date has come, not before.
    expect(await sweepLeagues(env, Date.now() + 6 * 86_400_000, "http://localhost")).toEqual({ started: 0, failed: 0 });
    expect((await sweepLeagues(env, Date.now() + 7 * 86_400_000 + 1000, "http://localhost")).started).toBe(1);
    season = (await ann.get(`/api/leagues/${id}`)).body.seasons[0];
    expect(season.games.map((g: any) => g.status)).toEqual(["started", "started", "scheduled"]);

    const [g1, g2] = season.games;
    const sid = season.id;
    // Strangers do not see a private league at all; members who do not organise get 403.
    expect((await eve.get(`/api/leagues/${id}`)).status).toBe(404);
    // A stranger is told the same of a private league as of none at all, and what to do about it.
    const privateOne = (await eve.get(`/api/leagues/${id}`)).body;
    expect(privateOne).toEqual((await eve.get("/api/leagues/NoSuchLeague1234")).body);
    expect(privateOne.message).toMatch(/^No such league\. The link may be cut short or mistyped/);
    expect((await eve.get(`/api/leagues/${id}/standings`)).status).toBe(404);
    expect((await eve.post(`/api/leagues/${id}/join`, { invite: "x".repeat(43) })).status).toBe(404);
    const actions: [string, object][] = [
      [`/api/leagues/${id}/seasons`, { ruleset: "siamese" }],
      [`/api/leagues/${id}/games/${g1.gameId}/extend`, { days: 2 }],
      [`/api/leagues/${id}/games/${g1.gameId}/forfeit`, { userId: g1.players[0].userId }],
      [`/api/leagues/${id}/seasons/${sid}/replace`, { from: idOf.get(carl), to: idOf.get(dora) }],
      [`/api/leagues/${id}/seasons/${sid}/end`, {}],
      [`/api/leagues/${id}/archive`, {}],
      [`/api/leagues/${id}/invites`, { email: "x@example.com" }],
      [`/api/leagues/${id}/members/${idOf.get(bob)}`, { organiser: true }],
    ];
    for (const [path, body] of actions) {
      expect((await bob.post(path, body)).status, path).toBe(403);
      expect((await eve.post(path, body)).status, path).toBe(404);
    }
    expect((await ann.get(`/api/leagues/${id}`)).body.log.map((l: any) => l.action)).toEqual(["season-created", "league-created"]);

    // Extend: the running clock gets two more days.
    const before = (await ann.get(`/api/leagues/${id}`)).body.seasons[0].games[0].deadline;
    const ext = await ann.post(`/api/leagues/${id}/games/${g1.gameId}/extend`, { days: 2 });
    expect(ext.status).toBe(200);
    const after = (await ann.get(`/api/leagues/${id}`)).body.seasons[0].games[0].deadline;
    expect(after - before).toBe(2 * 86_400_000);
    expect((await ann.post(`/api/leagues/${id}/games/${g1.gameId}/extend`, { days: 99 })).status).toBe(400);

    // Replace: Dora takes Carl's seat (and clock) in his running and scheduled games.
    const carlsGames = season.games.filter((g: any) => g.players.some((p: any) => p.userId === idOf.get(carl)));
    const running = carlsGames.find((g: any) => g.status === "started");
    const seat = running.players.find((p: any) => p.userId === idOf.get(carl)).seat;
    const view = (await carl.get(`/api/games/${running.gameId}`)).body;
    const rep = await ann.post(`/api/leagues/${id}/seasons/${sid}/replace`, { from: idOf.get(carl), to: idOf.get(dora) });
    expect(rep.status).toBe(200);
    expect(rep.body.games).toHaveLength(2);
    const doraView = (await dora.get(`/api/games/${running.gameId}`)).body;
    expect(doraView.seat).toBe(seat);
    expect(doraView.players[seat].deadline).toBe(view.players[seat].deadline);
    expect((await carl.get(`/api/games/${running.gameId}`)).status).toBe(404);
    expect((await ann.post(`/api/leagues/${id}/seasons/${sid}/replace`, { from: idOf.get(carl), to: idOf.get(gus) })).status).toBe(422);

    // Forfeit: the game ends as abandoned by that player; the standings count it.
    const forfeiter = g2.players[0].userId === idOf.get(carl) ? idOf.get(dora) : g2.players[0].userId;
    const ff = await ann.post(`/api/leagues/${id}/games/${g2.gameId}/forfeit`, { userId: forfeiter });
    expect(ff.status).toBe(200);
    expect(ff.body.result.reason).toBe("abandoned");
    expect((await ann.post(`/api/leagues/${id}/games/${g2.gameId}/forfeit`, { userId: forfeiter })).status).toBe(409);
    const table = (await bob.get(`/api/leagues/${id}/standings`)).body.standings;
    expect(table.find((r: any) => r.userId === forfeiter)).toMatchObject({ forfeits: 1, played: 1 });
    expect(table.find((r: any) => r.userId === forfeiter).points).toBeLessThan(0);

    // Archive needs the season ended; ending cancels the round not yet started.
    expect((await ann.post(`/api/leagues/${id}/archive`, {})).status).toBe(409);
    expect((await ann.post(`/api/leagues/${id}/seasons/${sid}/end`, {})).status).toBe(200);
    expect((await ann.get(`/api/leagues/${id}`)).body.seasons[0].games[2].status).toBe("cancelled");
    expect(await sweepLeagues(env, Date.now() + 30 * 86_400_000, "http://localhost")).toEqual({ started: 0, failed: 0 });
    expect((await ann.post(`/api/leagues/${id}/archive`, {})).status).toBe(200);
    expect((await ann.post(`/api/leagues/${id}/seasons`, { ruleset: "siamese" })).status).toBe(409);

    const log = (await bob.get(`/api/leagues/${id}`)).body.log;
    expect(log.map((l: any) => l.action)).toEqual(["archived", "season-ended", "forfeit", "player-replaced", "deadline-extended", "season-created", "league-created"]);
    for (const l of log) expect(l).toMatchObject({ actor: "Ann", actorId: idOf.get(ann) });
    expect(log.every((l: any) => typeof l.at === "number" && l.at > 0)).toBe(true);
    // the log is read by organisers: names and words, never a player's or a game's id
    const detail = (action: string) => log.find((l: any) => l.action === action).detail as string;
    expect(detail("season-created")).toMatch(/^Created .+: \w.*, (single|double) round robin, one round after another, \d+ players, \d+ rounds, \d+ games\.$/);
    expect(detail("deadline-extended")).toMatch(/^Gave round 1 \(\w+ – \w+\) 2 more days to move\.$/);
    expect(detail("forfeit")).toMatch(/^Declared that \w+ forfeits round \d+ \(\w+ – \w+\)\.$/);
    for (const l of log) for (const uid of [...idOf.values(), g1.gameId, g2.gameId]) expect(l.detail).not.toContain(uid);
  }, 120_000);

  it("bad input gets a clear error and changes nothing", async () => {
    const id = await league("Friday Club", []);
    expect((await ann.post(`/api/leagues/${id}/seasons`, { ruleset: "siamese" })).body).toMatchObject({ code: "season/schedule" });
    expect((await ann.post(`/api/leagues/${id}/seasons`, { ruleset: "poker" })).status).toBe(400);
    expect((await ann.post(`/api/leagues/${id}/seasons`, { ruleset: "siamese", mode: "sometimes" })).status).toBe(400);
    expect((await ann.post("/api/leagues", { name: "" })).status).toBe(400);
    expect((await ann.get(`/api/leagues/${id}`)).body.seasons).toEqual([]);
    expect((await new Browser().post("/api/leagues", { name: "x" })).status).toBe(401);
  });
});
