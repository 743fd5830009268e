/** The game-over sheet's rating line: "Your rating: +12 · Bob: −12" (nothing for an unrated game). */
import type { GameInfo } from "../api";
import { signed } from "./data";

export function RatingChanges({ game, seat }: { game: GameInfo; seat: number }) {
  const changes = game.ratingChanges;
  if (game.status !== "ended" || !changes || changes.every((c) => c === null)) return null;
  return (
    <p class="rating-changes" role="status">
      {changes.map((c, s) =>
        c === null ? null : (
          <span key={s} class="rating-change">
            {s === seat ? "Your rating" : `${game.players[s]?.name ?? `Player ${s + 1}`}`}: <strong>{signed(c)}</strong>{" "}
          </span>
        ),
      )}
    </p>
  );
}
