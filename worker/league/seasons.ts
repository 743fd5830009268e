/**
 * Seasons of a league: creating one (the players in a random order, the schedule,
 * the rows, then the games due at once) and replacing a player in a running one. The API
 * validates the input and answers; the decisions are here.
 */
import type { Env } from "../lib/env";
import type { GameOptions, RulesetId } from "../engine/api";
import { seedRng, shuffle } from "../engine/random";
import { randomId, randomToken } from "../lib/crypto";
import { HttpError } from "../lib/errors";
import { DAY } from "../game/clock";
import type { Refusal } from "../game/room-support";
import * as db from "../db/leagues";
import { recordCardGames } from "../db/cards";
import { COMPUTER, schedule, ScheduleError, type Format } from "./schedule";
import type { Strength } from "../engine/bots";
import { computerName, computerUserId } from "../table/names";
import { headOf } from "../engine/rulesets";
import { sweepLeagues } from "./start";

export interface SeasonInput {
  name: string;
  ruleset: RulesetId;
  /** With the card already resolved (a stored card is its data). */
  options: GameOptions;
  /** Seats at each table, as the options say (parseOptions). */
  seats: number;
  daysPerMove: number;
  format: Format;
  mode: "concurrent" | "rounds";
  startsAt: number;
  roundDays: number;
  rounds?: number;
  /**
   * Computer fill-ins (tables of 3-4 only): a computer of this strength takes every seat the
   * members leave empty, so nobody sits out; null: byes, as before.
   */
  computerStrength: Strength | null;
  /** The stored card the options carry, if any: its games are recorded against it. */
  cardStoredId?: string | null;
  /** Public origin for links in the games' notices. */
  appUrl: string;
}

const log = (env: Env, leagueId: string, actorId: string, action: string, detail: string, at: { seasonId?: string; gameId?: string } = {}) =>
  db.logAction(env, { leagueId, actorId, action, detail, at: Date.now(), ...at });

/** Creates a season for the league's playing members (its options checked by the API); 422 when the schedule cannot be made. */
export async function createSeason(env: Env, league: { id: string }, p: SeasonInput, actor: { id: string }) {
  const players = (await db.members(env, league.id)).filter((m) => m.plays);
  const order = shuffle(seedRng(randomToken()), players.map((m) => m.userId));
  const id = randomId();
  let plan;
  try {
    plan = schedule({ members: order.length, players: p.seats, format: p.format, rounds: p.rounds, seed: id, fill: p.computerStrength !== null });
  } catch (e) {
    if (e instanceof ScheduleError) throw new HttpError(422, "season/schedule", `Cannot schedule this season: ${e.message}.`);
    throw e;
  }
  const games = plan.games.map((g) => ({
    gameId: randomId(),
    round: g.round,
    tableNo: g.table,
    startsAt: p.mode === "concurrent" ? p.startsAt : p.startsAt + g.round * p.roundDays * DAY,
    // a computer's seat has no account: its user id says its strength and seat, as in any game
    seats: g.seats.map((m, seat) => (m === COMPUTER ? computerUserId(p.computerStrength!, seat) : order[m]!)),
  }));
  const computerSeats = plan.games.reduce((n, g) => n + g.seats.filter((m) => m === COMPUTER).length, 0);
  await db.insertSeason(env, { id, leagueId: league.id, name: p.name, ruleset: p.ruleset, options: JSON.stringify(p.options), daysPerMove: p.daysPerMove, format: p.format, mode: p.mode, startsAt: p.startsAt, roundDays: p.roundDays, rounds: plan.rounds, createdAt: Date.now() }, order, games);
  if (p.cardStoredId) await recordCardGames(env, p.cardStoredId, games.map((g) => g.gameId));
  await log(env, league.id, actor.id, "season-created", `Created ${p.name}: ${headOf(p.ruleset).short}, ${p.format} round robin, ${p.mode === "concurrent" ? "all games at once" : "one round after another"}, ${order.length} players, ${plan.rounds} rounds, ${games.length} games${p.computerStrength === null ? "" : `, empty seats filled by ${computerName(p.computerStrength)} (${computerSeats} seat${computerSeats === 1 ? "" : "s"}, nobody sits out)`}.`, { seasonId: id });
  // Games due now start at once; later rounds are started by the cron sweep.
  await sweepLeagues(env, Date.now(), p.appUrl);
  return { id, rounds: plan.rounds, games: games.length, players: order.length, computerStrength: p.computerStrength, computerSeats };
}

/**
 * A league member takes over every open game of a player in a running season. A game that
 * refuses (other than being over already) stops the change: its answer is handed back as it came.
 */
export async function replaceInSeason(env: Env, season: db.SeasonRow, from: string, to: string, actor: { id: string }): Promise<{ games: string[] } | { refused: Refusal }> {
  const players = await db.seasonPlayers(env, season.id);
  if (!players.some((p) => p.userId === from)) throw new HttpError(422, "season/not-a-player", "That player does not play in this season.");
  if (players.some((p) => p.userId === to)) throw new HttpError(422, "season/already-playing", "The newcomer already plays in this season.");
  const newcomer = (await db.members(env, season.leagueId)).find((m) => m.userId === to);
  if (!newcomer) throw new HttpError(422, "league/not-a-member", "The newcomer must join the league first (send them the invitation link).");
  const open = await db.openGamesOf(env, season.id, from);
  for (const g of open.filter((g) => g.status === "started")) {
    const a = await env.GAME.get(env.GAME.idFromName(g.gameId)).replacePlayer(from, { userId: to, name: newcomer.name });
    if (!a.ok && a.code !== "game/over") return { refused: a };
  }
  await db.replaceInSeason(env, season.id, from, to, open.map((g) => g.gameId));
  const leaver = players.find((p) => p.userId === from)!.name;
  await log(env, season.leagueId, actor.id, "player-replaced", `${newcomer.name} takes over from ${leaver} in ${season.name} (${open.length} game${open.length === 1 ? "" : "s"}).`, { seasonId: season.id });
  return { games: open.map((g) => g.gameId) };
}
