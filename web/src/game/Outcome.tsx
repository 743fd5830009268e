/**
 * The end of a game says who won (issue 36): "You won", or the winner and your place ("Carol won ·
 * you came 2nd of 4"), your points, and your rating change once a rated game's is posted; a game that
 * ended because someone's time ran out three turns in a row says so. The same for every ruleset: it
 * reads only the result's totals (places as the ratings count them: equal totals share a place).
 */
import type { GameInfo } from "../api";
import { placeWords, signed } from "../lobby/when";
import "./correspondence.css";

const and = (xs: string[]) => (xs.length < 2 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);

export function Outcome({ game, seat }: { game: GameInfo; seat: number }) {
  const r = game.result;
  if (game.status !== "ended" || !r || !r.totals.length) return null;
  const totals = r.totals;
  const n = totals.length;
  const best = Math.max(...totals);
  const winners = totals.flatMap((t, s) => (t === best ? [s] : []));
  const name = (s: number) => (s === seat ? "you" : (game.players[s]?.name ?? `Player ${s + 1}`));
  const mine = seat >= 0 ? totals[seat] : undefined;
  const place = mine === undefined ? 0 : 1 + totals.filter((t) => t > mine).length;
  const shared = mine !== undefined && totals.filter((t) => t === mine).length > 1;
  const winnersWords = `${and(winners.map(name))} ${winners.length > 1 ? "shared first place" : "won"}`;
  // yours first: "You won", "2nd of 4" (then who won); a watcher reads who won
  const headline =
    winners.length === n
      ? "Nobody won: every player scored the same"
      : mine === undefined
        ? winnersWords
        : place === 1 && !shared
          ? "You won"
          : `${shared ? "Joint " : ""}${placeWords(place)} of ${n}`;
  const sub = mine !== undefined && winners.length < n && !(place === 1 && !shared) ? `${winnersWords.charAt(0).toUpperCase()}${winnersWords.slice(1)}. ` : "";
  const rating = seat >= 0 ? game.ratingChanges?.[seat] : null;
  // the reason, when the game ended because someone's time ran out (a resignation is said by Play again)
  const timedOut = game.events.findLast((e) => (e.event as { type?: string; timedOut?: number } | null)?.type === "abandoned" && !!(e.event as { timedOut?: number }).timedOut);
  return (
    <section class="outcome" aria-label="Result">
      <h2>{headline[0]!.toUpperCase() + headline.slice(1)}</h2>
      {mine !== undefined ? (
        <p>
          {sub}Your points: <strong>{signed(mine)}</strong>
          {rating !== null && rating !== undefined ? <> · Your rating: <strong>{signed(rating)}</strong></> : null}
        </p>
      ) : null}
      {timedOut ? <p class="muted">{timedOut.text}.</p> : null}
    </section>
  );
}
