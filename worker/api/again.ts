/**
 * "Play again" (issue 27): a new game like an ended one, started by one of its players. Practice
 * (computers only) deals at once; people are invited again by mail, at the address the service
 * knows (never shown to the player asking), with the new game's invitation link.
 */
import type { Context } from "hono";
import { requireUser, type AppEnv } from "./context";
import { refusalError } from "./codes";
import type { GameRoom } from "../game/room";
import { sendMail } from "../notify/mail";
import { emailOf } from "../db/accounts";
import { randomToken } from "../lib/crypto";
import { startGame } from "./start-game";
import { headOf, seatsOf } from "../engine/rulesets";
import type { GameView } from "../game/room-support";
import { againOptions } from "./again-card";
import { recordCardGames } from "../db/cards";

type Room = Pick<GameRoom, "again">;
const room = (c: Context<AppEnv>, id: string) => c.env.GAME.get(c.env.GAME.idFromName(id)) as unknown as Room;

export interface Again {
  id: string;
  inviteUrl: string;
  /** How many of the other players were mailed an invitation (a deleted account cannot be). */
  invited: number;
  game: GameView;
}

/** `card`: the card to play with instead of the ended game's (a private card another player owns cannot be played again: again-card.ts). */
export async function playAgain(c: Context<AppEnv>, fromId: string, card?: unknown): Promise<Again> {
  const user = requireUser(c);
  const setup = await room(c, fromId).again(user.id);
  if (!setup.ok) throw refusalError(setup);
  const { ruleset, daysPerMove, rated, opponents, computers, orders } = setup.value;
  const { options, storedId } = await againOptions(c.env, user.id, ruleset, setup.value.options, card);
  const addresses = (await Promise.all(opponents.map((id) => emailOf(c.env, id)))).filter((a): a is string => !!a);
  // The limits of any new game and of its invitation mails (startGame): a refused request starts nothing and mails nobody.
  const started = await startGame(c, user, { ruleset, options, seats: seatsOf(ruleset, options), daysPerMove, seed: randomToken(), rated: !!rated, computers, inviting: addresses, startOrders: orders });
  if (!started.ok) throw refusalError(started);
  const { id, inviteUrl, game } = started.value;
  if (storedId) await recordCardGames(c.env, storedId, [id]);
  const name = headOf(ruleset).name;
  for (const to of addresses)
    await sendMail(c.env, {
      to,
      subject: "An invitation to a game of Mah Jongg",
      text: `"${user.displayName}" would like another game of ${name} with you and keeps a seat for you. Open this link to take it:\n\n${inviteUrl}\n\nIf you would rather not play, ignore this message.`,
      link: inviteUrl,
    });
  return { id, inviteUrl, invited: addresses.length, game };
}
