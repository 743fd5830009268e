/** Small messages the game puts on the NOTIFY queue after it committed a change. */
import type { Env } from "../lib/env";
import type { NotifyMessage } from "../notify/types";
import { deadlineOf } from "./clock";
import type { GameDoc } from "./store";

type Kind = NotifyMessage["type"];

export function notice(doc: GameDoc, seat: number, type: Kind, text: string, now: number, live: boolean): NotifyMessage | null {
  const p = doc.players[seat];
  if (!p) return null;
  const clock = doc.clocks.find((c) => c.seat === seat);
  return {
    type,
    gameId: doc.id,
    userId: p.userId,
    text,
    url: `${doc.appUrl}/game/${doc.id}`,
    at: now,
    opponents: doc.players.filter((q, i) => q && i !== seat).map((q) => q!.name),
    ...(clock ? { deadline: deadlineOf(clock) } : {}),
    live,
  };
}

/** Best effort: a full queue must not undo a committed move (the game page shows it anyway). */
export async function enqueue(env: Env, messages: (NotifyMessage | null)[]): Promise<void> {
  const body = messages.filter((m): m is NotifyMessage => m !== null);
  if (!body.length) return;
  try {
    await env.NOTIFY.sendBatch(body.map((m) => ({ body: m, contentType: "json" as const })));
  } catch (e) {
    console.error("notify enqueue failed", e);
  }
}
