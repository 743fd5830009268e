/** What a game puts on the NOTIFY queue, captured: the real binding is replaced inside its Durable Object. */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { GameRoom } from "../../worker/game/room";
import type { NotifyMessage } from "../../worker/notify/types";

export const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));

/** The notices game `id` sends from now on, in order. */
export async function spyNotices(id: string): Promise<NotifyMessage[]> {
  const sent: NotifyMessage[] = [];
  await runInDurableObject(stubOf(id), (room: GameRoom) => {
    (room as any).env = { ...(room as any).env, NOTIFY: { sendBatch: async (msgs: any[]) => sent.push(...msgs.map((m) => m.body)) } };
  });
  return sent;
}
