/**
 * What a deleted account leaves behind in a game (RULES, deleting an account): a game not started
 * yet is withdrawn (the one it made, an invitation or a Play again, is called off; its seat in
 * another's is free again); a running game is resigned as an organiser's forfeit (not rated).
 */
import type { Env } from "../lib/env";
import type { GameRoom } from "../game/room";

type Room = Pick<GameRoom, "withdraw" | "forfeit">;

export async function leaveGame(env: Env, gameId: string, userId: string): Promise<void> {
  const room = env.GAME.get(env.GAME.idFromName(gameId)) as unknown as Room;
  const withdrawn = await room.withdraw(userId);
  if (!withdrawn.ok && withdrawn.code === "game/started") await room.forfeit(userId);
}
