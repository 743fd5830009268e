/** What a game tells, captured: where its notices are handed over (to D1 and the NOTIFY queue) is replaced inside its Durable Object. */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import type { NotifyMessage } from "../../worker/notify/types";

export const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));

/** The notices game `id` sends from now on, in order. */
export async function spyNotices(id: string): Promise<NotifyMessage[]> {
  const sent: NotifyMessage[] = [];
  await runInDurableObject(stubOf(id), (room: GameRoom) => {
    (room as any).notices.handOver = async (_env: unknown, msgs: any[]) => void sent.push(...msgs);
  });
  return sent;
}
