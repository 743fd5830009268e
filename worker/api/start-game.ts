/**
 * Starting a game for a signed-in player, as POST /api/games and "play again" both do: the limits
 * first (a refused request creates nothing and mails nobody), then the game's room is created and
 * its computer seats are seated (a game made against computers is practice: see GameDoc.practice).
 * The caller mails its invitations.
 */
import type { Context } from "hono";
import { appUrl, type AppEnv } from "./context";
import type { RoomResult } from "./codes";
import type { GameRoom } from "../game/room";
import type { GameView } from "../game/room-support";
import type { Strength } from "../game/computers";
import { randomId, randomToken, sha256Hex } from "../lib/crypto";
import { DAY, LIMITS } from "../lib/limits";
import { burst, count, inviteMailCounters } from "./limits";
import { commitment } from "../engine/random";
import { accountLive } from "../db/accounts";
import { HttpError } from "../lib/errors";
import { leaveGame } from "./leave";
import { withDefaults } from "./seat-defaults";
import type { GameOptions, Orders, RulesetId } from "../engine/api";

type Room = Pick<GameRoom, "create" | "addComputers">;
const room = (c: Context<AppEnv>, id: string) => c.env.GAME.get(c.env.GAME.idFromName(id)) as unknown as Room;

export interface GameToStart {
  ruleset: RulesetId;
  options: GameOptions;
  /** Seats of the game, as the options say (parseOptions, or the ended game's for "play again"). */
  seats: number;
  daysPerMove: number;
  seed: string;
  rated: boolean;
  computers: { seats: number; strength: Strength; delayMs: number } | null;
  /** The addresses the caller will mail an invitation: they count against the invitation limits. */
  inviting: string[];
  /** "Play again": the standing orders each player kept from the game before, by user id. */
  startOrders?: Record<string, Orders>;
}

export interface Started {
  id: string;
  invite: string;
  inviteUrl: string;
  game: GameView;
}

export async function startGame(c: Context<AppEnv>, user: { id: string; displayName: string }, g: GameToStart): Promise<RoomResult<Started>> {
  await burst(c.env, c.env.GAME_CREATE_LIMIT, `games:${user.id}`, LIMITS.gamesPerMinute, "You have started many games in the last minute.");
  await count(c.env, [
    { key: `games:${user.id}`, limit: LIMITS.gamesPerDay, windowMs: DAY, what: `You have started ${LIMITS.gamesPerDay} games today, the most one player can start in a day.` },
    ...(await Promise.all(g.inviting.map((a) => inviteMailCounters(user.id, a)))).flat(),
  ]);
  const id = randomId(), invite = randomToken();
  const inviteUrl = `${appUrl(c)}/invite/${id}?t=${invite}`;
  const created = await room(c, id).create({
    id, ruleset: g.ruleset, options: g.options, daysPerMove: g.daysPerMove, seats: g.seats,
    creator: { userId: user.id, name: user.displayName }, inviteHash: await sha256Hex(invite),
    seed: g.seed, commitment: commitment(g.seed), appUrl: appUrl(c), inviteUrl,
    // Games with computer seats are practice: never rated.
    rated: g.computers ? false : g.rated,
    ...(g.startOrders ? { startOrders: g.startOrders } : {}),
  });
  if (!created.ok) return created;
  const { computers } = g;
  const seated = computers ? await withDefaults(c.env, [user.id], null, async (d) => room(c, id).addComputers(computers.strength, computers.delayMs, computers.seats, true, d)) : created;
  if (!seated.ok) return seated;
  // The game is in the games index now. An account deleted meanwhile may have listed its games
  // before: its game is left here as the deletion leaves it (issue 38, 4), and nobody can join it.
  if (!(await accountLive(c.env, user.id))) {
    await leaveGame(c.env, id, user.id);
    throw new HttpError(401, "signed-out", "This account has been deleted.");
  }
  return { ok: true, value: { id, invite, inviteUrl, game: seated.value } };
}
