/**
 * "Play again" (issue 27): a new game like an ended one, started by one of its players. Practice
 * (computers only) deals at once; people are invited again by mail, at the address the service
 * knows (never shown to the player asking), with the new game's invitation link.
 */
import type { Context } from "hono";
import { appUrl, requireUser, type AppEnv } from "./context";
import * as engine from "../game/engine";
import { refusalError } from "./codes";
import type { GameRoom } from "../game/room";
import type { GameView } from "../game/room-support";
import { HttpError } from "../lib/errors";
import { randomId, randomToken, sha256Hex } from "../lib/crypto";
import { sendMail } from "../lib/mail";
import { burst, count, DAY, inviteMailCounters, LIMITS } from "../lib/limits";
import { commitment } from "../engine/random";
import { emailOf } from "../db/accounts";

type Room = Pick<GameRoom, "again" | "create" | "addComputers">;
const room = (c: Context<AppEnv>, id: string) => c.env.GAME.get(c.env.GAME.idFromName(id)) as unknown as Room;

export interface Again {
  id: string;
  inviteUrl: string;
  /** How many of the other players were mailed an invitation (a deleted account cannot be). */
  invited: number;
  game: GameView;
}

export async function playAgain(c: Context<AppEnv>, fromId: string): Promise<Again> {
  const user = requireUser(c);
  const setup = await room(c, fromId).again(user.id);
  if (!setup.ok) throw refusalError(setup);
  const { ruleset, options, daysPerMove, rated, opponents, computers } = setup.value;
  const addresses = (await Promise.all(opponents.map((id) => emailOf(c.env, id)))).filter((a): a is string => !!a);
  // The limits of any new game and of its invitation mails: a refused request starts nothing and mails nobody.
  await burst(c.env, c.env.GAME_CREATE_LIMIT, `games:${user.id}`, LIMITS.gamesPerMinute, "You have started many games in the last minute.");
  await count(c.env, [
    { key: `games:${user.id}`, limit: LIMITS.gamesPerDay, windowMs: DAY, what: `You have started ${LIMITS.gamesPerDay} games today, the most one player can start in a day.` },
    ...(await Promise.all(addresses.map((a) => inviteMailCounters(user.id, a)))).flat(),
  ]);
  const id = randomId(), invite = randomToken(), seed = randomToken();
  const inviteUrl = `${appUrl(c)}/invite/${id}?t=${invite}`;
  const created = await room(c, id).create({
    id, ruleset, options, daysPerMove, seats: engine.seatsOf(ruleset, options),
    creator: { userId: user.id, name: user.displayName }, inviteHash: await sha256Hex(invite),
    seed, commitment: commitment(seed), appUrl: appUrl(c), inviteUrl, rated,
  });
  if (!created.ok) throw refusalError(created);
  const seated = computers ? await room(c, id).addComputers(computers.strength, computers.delayMs, computers.seats, true) : created;
  if (!seated.ok) throw new HttpError(409, seated.code, seated.message);
  const name = engine.rulesets.find((r) => r.id === ruleset)?.name ?? ruleset;
  for (const to of addresses)
    await sendMail(c.env, {
      to,
      subject: "An invitation to a game of Mah Jongg",
      text: `"${user.displayName}" would like another game of ${name} with you and keeps a seat for you. Open this link to take it:\n\n${inviteUrl}\n\nIf you would rather not play, ignore this message.`,
      link: inviteUrl,
    });
  return { id, inviteUrl, invited: addresses.length, game: seated.value };
}
