/**
 * Players seated (a join, computers in the empty seats), and a game that deals so started with its
 * standing orders: each person seat's orders (start-orders.ts: kept from the game before, else its
 * player's default as the API read it before the call) are that seat's first orders move, a record
 * entry like any move (verify replays it). Defaults that could not be read (null) leave the game
 * without them: a player's choice is never guessed.
 */
import type { Commits } from "./commits";
import { clockSeats } from "./doc";
import { ok, type Result } from "./room-support";
import { startingOrders, unread, type Defaults } from "./start-orders";
import type { GameStore } from "./store";
import { played, type Played } from "./turns";

/**
 * Stores the seats taken (or answers the refusal), then plays the first orders when that dealt. A
 * deal lacking the defaults of someone seated meanwhile is refused unchanged (start-orders.ts `unread`).
 */
export async function seatPlayers(game: Commits, store: GameStore, next: Played | { code: string; message: string }, defaults: Defaults): Promise<Result<null>> {
  const lacking = "doc" in next ? unread(next.doc, defaults) : null;
  if (lacking) return lacking;
  const r = await game.apply(next, [], () => null);
  if (r.ok) await playFirstOrders(game, store, defaults);
  return r.ok ? ok(null) : r;
}

export async function playFirstOrders(game: Commits, store: GameStore, defaults: Defaults): Promise<void> {
  if (game.doc?.status !== "active" || store.moves().length) return;
  for (const { seat, moves } of startingOrders(game.doc, defaults)) {
    if (game.doc.status !== "active") break;
    const before = clockSeats(game.doc);
    for (const move of moves) {
      const next = played(game.doc, game.state, seat, move, game.now());
      if (!("doc" in next)) continue;
      game.commit(next);
      await game.after(before);
      break;
    }
  }
}
