/**
 * Who is at the table (pure; the DO asks its sockets): the message that tells everyone who is here
 * (computers always are), and the document with its claim window timed for live play or for
 * correspondence again (live.ts); the same document when nothing changes.
 */
import { isLive, timedFor } from "./live";
import type { GameDoc } from "./store";

export function presence(doc: GameDoc, here: (seat: number) => boolean, now: number): { message: string; doc: GameDoc } {
  const live = isLive(doc, here);
  return { message: JSON.stringify({ type: "presence", here: doc.players.map((p, seat) => !!p?.computer || here(seat)), live }), doc: timedFor(doc, live, now) };
}
