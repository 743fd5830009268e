/**
 * The ratings the game page shows beside the other players' names (GET /api/games/:id?me), kept by the
 * game: read from D1 once for the seated players (at the first visit that lacks one), kept with the
 * game's document (store.ts), and shown from there, each one's RD grown to the moment it is shown, as
 * D1's row would give it. A player's rating moves only when a rated game of theirs ends (db/ratings.ts
 * postGame): that game's object then drops the player's kept rating from their other running games of
 * the same family (`ratingsMoved`, from ledger.ts, retried with the ledger), whose next visit reads it
 * again. An ended game keeps nothing: its page reads D1 (a rare visit).
 */
import type { Env } from "../lib/env";
import { ratingRowsIn, shownRating, type ShownRating, type StoredRating } from "../db/profiles";
import { familyOf, type Family } from "../rating/result";
import { liveGamesOf } from "../db/games";
import type { GameDoc, GameStore } from "./store";

export class TableRatings {
  /** Bumped when kept ratings are dropped: a read from D1 under way meanwhile may have the rating from before the drop, and is not kept. */
  private drops = 0;

  constructor(
    private readonly store: GameStore,
    private readonly env: () => Env,
  ) {}

  /** The seated people's ratings beside `me`'s table (me and computers aside), as shown now; D1 read only for players not kept yet. */
  async shown(doc: GameDoc, me: string, now = Date.now()): Promise<Record<string, ShownRating>> {
    const people = [...new Set(doc.players.flatMap((p) => (p && !p.computer ? [p.userId] : [])))];
    const others = people.filter((id) => id !== me);
    if (!others.length) return {};
    const family = familyOf(doc.ruleset);
    const kept = doc.status === "ended" ? {} : this.store.keptRatings();
    const missing = doc.status === "ended" ? others : people.filter((id) => !(id in kept));
    let read: Record<string, StoredRating | null> = {};
    if (missing.length) {
      const drops = this.drops;
      const rows = await ratingRowsIn(this.env(), family, missing);
      read = Object.fromEntries(missing.map((id) => [id, rows[id] ?? null]));
      // kept with the document's next write (a visit makes a move, which writes it); not for an ended game, whose ratings no game's end drops
      if (doc.status !== "ended" && drops === this.drops) this.store.keepRatings(read);
    }
    return Object.fromEntries(others.map((id) => [id, shownRating(id in read ? read[id] : kept[id], now)]));
  }

  /** These players' ratings moved (another game of theirs ended): dropped, read again at the next visit. True when any was kept. */
  drop(userIds: readonly string[]): boolean {
    this.drops++;
    const kept = this.store.keptRatings();
    if (!userIds.some((id) => id in kept)) return false;
    this.store.keepRatings({}, userIds);
    return true;
  }
}

/**
 * A game ended and moved these players' ratings in `family`: each of their other open or running games of
 * that family (as the D1 games index lists them) drops what it keeps of them. Throws when D1 or a game
 * did not answer: the ledger's post is tried again, and this with it.
 */
export async function ratingsMoved(env: Env, gameId: string, family: Family, userIds: string[]): Promise<void> {
  const games = (await liveGamesOf(env, userIds, gameId)).filter((g) => familyOf(g.ruleset) === family);
  await Promise.all(games.map((g) => (env.GAME.get(env.GAME.idFromName(g.id)) as unknown as { ratingsMoved(ids: string[]): Promise<void> }).ratingsMoved(userIds)));
}
