/**
 * What posting a game's ledger lines costs in D1 rows (migrations/0031), and that the player's
 * totals kept by the ledger's trigger (migrations/0024) stay right: a line of a game outside a
 * league writes 4 rows (its row, the unique key's entry, the player's index entry, the player's
 * totals) and reads at most 3 (the player's row, and the seat's lines of the game up to an earlier
 * one), however many lines the player has had before; a retried post reads and writes nothing and
 * adds nothing. (Before: 6 written, 3 to 5 read, and a retry 2 read and 1 written, each line.)
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { ledgerStatements, totalsFor, entriesFor } from "../../worker/db/ledger";

const lines = [
  { seat: 0, reason: "mahjong/first", points: 10, detail: "" },
  { seat: 0, reason: "pot", points: 5, detail: "" },
  { seat: 0, reason: "penalty", points: -5, detail: "" },
  { seat: 1, reason: "pot", points: -5, detail: "" },
  { seat: 1, reason: "penalty", points: 5, detail: "" },
  { seat: 1, reason: "wall", points: 0, detail: "" },
];
const post = (gameId: string, userIds = ["lr-a", "lr-b"]) => ({ gameId, ruleset: "royale", userIds, lines });
const rows = (res: D1Result[]) => res.map((r) => ({ read: r.meta.rows_read, written: r.meta.rows_written }));

describe("the ledger's lines", () => {
  it("cost 4 rows written and at most 3 read each, however long the player's history; a retry costs nothing and counts nothing", async () => {
    await env.DB.batch(["lr-a", "lr-b", "lr-c"].map((id) => env.DB.prepare("INSERT INTO users (id, email, display_name, created_at, welcomed_at) VALUES (?, ?, ?, 0, 0)").bind(id, `${id}@ledger.example.com`, id)));
    // Ann's history: 30 games against Cy.
    for (let g = 0; g < 30; g++) await env.DB.batch(ledgerStatements(env, post(`lr-old${g}`, ["lr-a", "lr-c"])));
    expect(await totalsFor(env, "lr-a")).toEqual({ points: 300, games: 30 });
    const first = rows(await env.DB.batch(ledgerStatements(env, post("lr-g1"))));
    expect(first).toHaveLength(6);
    for (const r of first) {
      expect(r.written).toBe(4);
      expect(r.read).toBeLessThanOrEqual(3);
    }
    const again = rows(await env.DB.batch(ledgerStatements(env, post("lr-g1"))));
    expect(again).toEqual(first.map(() => ({ read: 0, written: 0 })));
    expect(await totalsFor(env, "lr-a")).toEqual({ points: 310, games: 31 });
    expect(await totalsFor(env, "lr-b")).toEqual({ points: 0, games: 1 });
    // Lines are numbered in the order they came: the newest first in the player's list.
    const mine = (await entriesFor(env, "lr-a", 3)) as { gameId: string; reason: string }[];
    expect(mine.map((e) => [e.gameId, e.reason])).toEqual([["lr-g1", "penalty"], ["lr-g1", "pot"], ["lr-g1", "mahjong/first"]]);
  });

  it("of a league game also write the season's index entry", async () => {
    await env.DB.batch(["lr-d", "lr-e"].map((id) => env.DB.prepare("INSERT INTO users (id, email, display_name, created_at, welcomed_at) VALUES (?, ?, ?, 0, 0)").bind(id, `${id}@ledger.example.com`, id)));
    const res = rows(await env.DB.batch(ledgerStatements(env, { ...post("lr-league1", ["lr-d", "lr-e"]), leagueId: "lr-l", seasonId: "lr-s" })));
    // (No league_game_players rows: the season trigger finds no seat to count.)
    for (const r of res) expect(r.written).toBeGreaterThanOrEqual(5);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM ledger WHERE season_id = ?").bind("lr-s").first<{ n: number }>())!;
    expect(n).toBe(6);
  });
});
