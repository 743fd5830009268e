/**
 * Starting league games. The service creates each game through the same Durable Object calls
 * as a player would (create, then every other seat joins), so clocks, the games index, the
 * ledger and notifications work exactly as for any game. Run from the season's creation
 * (games due at once) and from the cron sweep (rounds whose date has come). A computer fill-in's
 * seat is taken by a computer of its strength in its turn (the room's addComputers, one seat), so
 * its turns run from the game's alarm as in a challenge whose empty seats computers took.
 */
import type { Env } from "../lib/env";
import type { GameOptions, RulesetId } from "../engine/api";
import { commitment } from "../engine/random";
import { randomToken, sha256Hex } from "../lib/crypto";
import { dueGames, markStarted, type DueGame } from "../db/leagues";
import { defaultOrdersRead } from "../db/orders";
import { enqueue } from "../game/notices";
import type { NotifyMessage } from "../notify/types";
import { computerPlayer, DEFAULT_DELAY_MS } from "../game/computers";
import { computerStrengthOf } from "../table/names";

/** Games started per sweep; the next sweep (or the next request) picks up the rest. */
const PER_SWEEP = 50;

/** Seat winds of a 4-player table; seat 0 is East (the schedule balances them over the season). */
const WINDS = ["East", "South", "West", "North"];

/** "Bob", "Bob and Cy", "Bob, Cy and Di". */
const listed = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** Nobody joins a league game by link; the hash is derived from a secret so a retry can still seat everyone. */
const inviteHashOf = (env: Env, gameId: string) => sha256Hex(`league-game:${env.COOKIE_SECRET}:${gameId}`);

export async function startGame(env: Env, g: DueGame, appUrl: string, now: number): Promise<boolean> {
  const stub = env.GAME.get(env.GAME.idFromName(g.gameId));
  const inviteHash = await inviteHashOf(env, g.gameId);
  const [first] = g.players;
  if (!first) return false;
  const strength = (p: { userId: string }) => computerStrengthOf(p.userId)!;
  const seed = randomToken();
  const created = await stub.create({
    id: g.gameId,
    ruleset: g.ruleset as RulesetId,
    options: JSON.parse(g.options) as GameOptions,
    daysPerMove: g.daysPerMove,
    seats: g.players.length,
    // a computer fill-in may sit East: it makes the game as a person would
    creator: first.computer ? computerPlayer(strength(first), 0) : { userId: first.userId, name: first.name },
    inviteHash,
    seed,
    commitment: commitment(seed),
    appUrl,
    league: { leagueId: g.leagueId, seasonId: g.seasonId },
  });
  // "game/exists": an earlier attempt created it; joining again is harmless (a seated player just gets their view).
  if (!created.ok && created.code !== "game/exists") throw new Error(`league game ${g.gameId}: create answered ${created.code} ${created.message}`);
  // Everyone's default orders, read once: the last join deals.
  const people = g.players.filter((p) => !p.computer);
  const defaults = await defaultOrdersRead(env, people.map((p) => p.userId));
  // A retry finds the seats an earlier attempt filled (a computer's seat must not be filled twice).
  let taken = created.ok ? created.value.players : null;
  if (!taken && g.players.some((p) => p.computer)) {
    const seen = await stub.get(first.userId, inviteHash);
    if (!seen.ok) throw new Error(`league game ${g.gameId}: get answered ${seen.code} ${seen.message}`);
    taken = seen.value.players;
  }
  for (const p of g.players.slice(1)) {
    if (p.computer) {
      if (taken?.[p.seat]?.userId) continue;
      // Computers take the first empty seat: seats fill in order, so that is this one.
      const added = await stub.addComputers(strength(p), DEFAULT_DELAY_MS, 1, false, defaults);
      if (!added.ok) throw new Error(`league game ${g.gameId}: computer seat ${p.seat} answered ${added.code} ${added.message}`);
      taken = added.value.players;
      if (taken[p.seat]?.userId !== p.userId) throw new Error(`league game ${g.gameId}: the computer was seated elsewhere than seat ${p.seat}`);
      continue;
    }
    const joined = await stub.join({ userId: p.userId, name: p.name }, inviteHash, defaults);
    if (!joined.ok) throw new Error(`league game ${g.gameId}: seat ${p.seat} answered ${joined.code} ${joined.message}`);
    // Seats fill in joining order, so the schedule's seat (its wind) is the seat taken; anything else is a bug.
    if (joined.value.seat !== p.seat) throw new Error(`league game ${g.gameId}: ${p.name} was seated at ${joined.value.seat}, scheduled at ${p.seat}`);
    taken = joined.value.players;
  }
  if (!(await markStarted(env, g.gameId))) return false;
  // Computers get no notice; the people are told who else sits at the table, computers included.
  const messages: NotifyMessage[] = people.map((p) => {
    const opponents = g.players.filter((q) => q !== p).map((q) => q.name);
    return {
      type: "league-round",
      gameId: g.gameId,
      userId: p.userId,
      text: `${g.leagueName}, ${g.seasonName}: round ${g.round + 1} starts. You play ${listed(opponents)}${g.players.length > 2 ? `, sitting ${WINDS[p.seat]}` : ""}.`,
      url: `${appUrl}/game/${g.gameId}`,
      at: now,
      game: `${g.leagueName} round ${g.round + 1}`,
      opponents,
    };
  });
  await enqueue(env, messages);
  return true;
}

/** Starts every league game whose time has come. Errors are logged per game; the next sweep retries. */
export async function sweepLeagues(env: Env, now: number, appUrl: string): Promise<{ started: number; failed: number }> {
  let started = 0, failed = 0;
  for (const g of await dueGames(env, now, PER_SWEEP)) {
    try {
      if (await startGame(env, g, appUrl, now)) started++;
    } catch (e) {
      failed++;
      console.error(`league sweep: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return { started, failed };
}
