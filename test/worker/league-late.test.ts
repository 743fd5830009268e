/**
 * Who is late in a league, and removing a member, through the HTTP API inside workerd: the schedule
 * says whose turn it is in each game in play, their deadline, whether it has passed and whether they
 * are away (organisers for every game, a member for their own), with no address anywhere; an
 * organiser removes a member only when that member has no game left to play in a running season and
 * the league keeps an organiser, and the results already played stay exactly as they were.
 */
import { describe, expect, it } from "vitest";
import { Browser, signIn } from "./client";

const DAY = 86_400_000;
const ann = await signIn("ann@late.example.com");
const bob = await signIn("bob@late.example.com");
const carl = await signIn("carl@late.example.com");
const dora = await signIn("dora@late.example.com");
const idOf = new Map<Browser, string>();
for (const p of [ann, bob, carl, dora]) idOf.set(p, (await p.get("/api/me")).body.id);
const byId = (id: string) => [...idOf].find(([, u]) => u === id)![0];

const noAddress = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/@|late\.example/);

describe("who is late, and removing a member", () => {
  it("the schedule says whose turn, how long, who is away; removal is refused while it would change anything played, then keeps every result", async () => {
    // Ann only organises; Bob and Carl play the season; Dora joins afterwards.
    const created = await ann.post("/api/leagues", { name: "Late Club", visibility: "private", play: false });
    const id = created.body.id as string;
    const invite = new URL(created.body.inviteUrl).searchParams.get("invite");
    for (const m of [bob, carl]) expect((await m.post(`/api/leagues/${id}/join`, { invite })).status).toBe(200);
    const season = await ann.post(`/api/leagues/${id}/seasons`, { name: "Spring", ruleset: "siamese", format: "single", mode: "concurrent", daysPerMove: 3 });
    expect(season.body).toMatchObject({ games: 1, players: 2 });
    expect((await dora.post(`/api/leagues/${id}/join`, { invite })).status).toBe(200);

    // In time: whose turn it is, their deadline, not late, not away.
    let page = (await ann.get(`/api/leagues/${id}`)).body;
    noAddress(page);
    const game = page.seasons[0].games[0];
    expect(game.status).toBe("started");
    expect(game.toPlay).toHaveLength(1);
    const [turn] = game.toPlay;
    expect(turn).toMatchObject({ late: false, awayUntil: null, deadline: game.deadline });
    expect(turn.deadline - page.now).toBeGreaterThan(2 * DAY);
    expect(game.late).toBe(false);
    expect(game.players.find((p: any) => p.userId === turn.userId).name).toBe(turn.name);
    const toAct = byId(turn.userId);
    // the game's players learn it for their own game; Dora, who does not play in it, does not
    expect((await toAct.get(`/api/leagues/${id}`)).body.seasons[0].games[0].toPlay).toEqual([turn]);
    const doras = (await dora.get(`/api/leagues/${id}`)).body.seasons[0].games[0];
    expect(doras).toMatchObject({ toPlay: [], late: false });
    expect(doras.players[0]).not.toHaveProperty("awayUntil");
    // the season's own page says the same
    expect((await ann.get(`/api/leagues/${id}/seasons/${page.seasons[0].id}`)).body.games[0].toPlay).toEqual([turn]);

    // Away: the player on vacation, until when; their clock stopped, so not late.
    expect((await toAct.post("/api/me/vacation", { days: 2 })).status).toBe(200);
    page = (await ann.get(`/api/leagues/${id}`)).body;
    noAddress(page);
    const away = page.seasons[0].games[0].toPlay[0];
    expect(away.awayUntil).toBeGreaterThan(page.now + DAY);
    expect(away.late).toBe(false);
    expect((await toAct.call("DELETE", "/api/me/vacation")).status).toBe(200);
    expect((await ann.get(`/api/leagues/${id}`)).body.seasons[0].games[0].toPlay[0].awayUntil).toBeNull();

    // Late: five days on (the development clock), past the three days to move.
    expect((await ann.post(`/api/dev/games/${game.gameId}/clock`, { advanceMs: 5 * DAY, fire: false })).status).toBe(200);
    page = (await ann.get(`/api/leagues/${id}`)).body;
    noAddress(page);
    const late = page.seasons[0].games[0];
    expect(late.late).toBe(true);
    expect(late.toPlay[0]).toMatchObject({ userId: turn.userId, late: true, awayUntil: null });
    expect(page.now - late.toPlay[0].deadline).toBeGreaterThan(DAY);

    // Removal: a member of a running season with a game still to play: refused, nothing changes.
    const members = page.members;
    const refused = await ann.post(`/api/leagues/${id}/members/${idOf.get(bob)}/remove`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Bob still has 1 unfinished game in Spring: replace Bob in it, or declare it forfeited, first.");
    // the only organiser: refused, nothing changes
    const last = await ann.post(`/api/leagues/${id}/members/${idOf.get(ann)}/remove`, {});
    expect(last.status).toBe(422);
    expect(last.body.message).toMatch(/only organiser/);
    // only organisers remove; a stranger's path is not found
    expect((await carl.post(`/api/leagues/${id}/members/${idOf.get(dora)}/remove`, {})).status).toBe(403);
    expect((await ann.post(`/api/leagues/${id}/members/NoSuchMember1234/remove`, {})).status).toBe(404);
    page = (await ann.get(`/api/leagues/${id}`)).body;
    expect(page.members).toEqual(members);
    expect(page.log.map((l: any) => l.action)).not.toContain("member-removed");

    // The game ends (Bob forfeits); the standings and ledger as they are now are what removal must keep.
    expect((await ann.post(`/api/leagues/${id}/games/${game.gameId}/forfeit`, { userId: idOf.get(bob) })).status).toBe(200);
    const sid = page.seasons[0].id;
    const standings = (await ann.get(`/api/leagues/${id}/standings?season=${sid}`)).body;
    const ledger = (await ann.get(`/api/leagues/${id}/ledger?season=${sid}`)).body;
    expect(standings.standings.find((r: any) => r.userId === idOf.get(bob))).toMatchObject({ name: "Bob", forfeits: 1 });
    expect((await ann.get(`/api/leagues/${id}`)).body.seasons[0].games[0]).toMatchObject({ gameStatus: "ended", toPlay: [], late: false });

    const removed = await ann.post(`/api/leagues/${id}/members/${idOf.get(bob)}/remove`, {});
    expect(removed.status).toBe(200);
    noAddress(removed.body);
    expect(removed.body.members.map((m: any) => m.name)).toEqual(["Ann", "Carl", "Dora"]);
    page = (await ann.get(`/api/leagues/${id}`)).body;
    expect(page.members.map((m: any) => m.name)).toEqual(["Ann", "Carl", "Dora"]);
    // every result stays: standings, ledger, and the old game still shows his name
    expect((await ann.get(`/api/leagues/${id}/standings?season=${sid}`)).body).toEqual(standings);
    expect((await ann.get(`/api/leagues/${id}/ledger?season=${sid}`)).body).toEqual(ledger);
    expect(page.seasons[0].games[0].players.map((p: any) => p.name).sort()).toEqual(["Bob", "Carl"]);
    // the log says it in words
    expect(page.log[0]).toMatchObject({ action: "member-removed", detail: "Removed Bob from the league; their results stay in the standings.", actor: "Ann" });
    // Bob no longer has the league in his list, nor may he open it (private)
    expect((await bob.get("/api/leagues")).body.leagues.map((l: any) => l.id)).not.toContain(id);
    expect((await bob.get(`/api/leagues/${id}`)).status).toBe(404);
    // removing him again: no such member
    expect((await ann.post(`/api/leagues/${id}/members/${idOf.get(bob)}/remove`, {})).status).toBe(404);

    // a new season does not schedule him
    expect((await ann.post(`/api/leagues/${id}/seasons/${sid}/end`, {})).status).toBe(200);
    const next = await ann.post(`/api/leagues/${id}/seasons`, { name: "Summer", ruleset: "siamese", format: "single", mode: "concurrent", daysPerMove: 3 });
    expect(next.status).toBe(201);
    const summer = (await ann.get(`/api/leagues/${id}`)).body.seasons[0];
    expect(summer.players.map((p: any) => p.name).sort()).toEqual(["Carl", "Dora"]);

    // The league's link does not let him in again by itself; an invitation mailed to him does.
    expect((await bob.get(`/api/leagues/${id}/invitation?invite=${invite}`)).body).toMatchObject({ member: false, removed: true });
    const again = await bob.post(`/api/leagues/${id}/join`, { invite });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe("The organisers removed you from this league. Ask one of them to invite you again.");
    expect((await ann.post(`/api/leagues/${id}/invites`, { email: "bob@late.example.com" })).status).toBe(200);
    expect((await bob.get(`/api/leagues/${id}/invitation?invite=${invite}`)).body).not.toHaveProperty("removed");
    expect((await bob.post(`/api/leagues/${id}/join`, { invite })).status).toBe(200);
    expect((await ann.get(`/api/leagues/${id}`)).body.members.map((m: any) => m.name)).toEqual(["Ann", "Carl", "Dora", "Bob"]);
  }, 120_000);
});
