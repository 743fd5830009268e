/**
 * After your move, the next game waiting for you is one tap away: "Your turn in 2 more games → Next"
 * (issue 36), Next opening the one with the least time left (the games list puts it first). Asked
 * for when the game page opens and each time your turn here ends; nothing while this game waits for
 * you (one thing at a time).
 */
import { useEffect, useState } from "preact/hooks";
import { api, type GameInfo } from "../api";
import "./correspondence.css";

/** Is `seat` to act in this game now? */
const toActHere = (game: GameInfo, seat: number) => game.status === "active" && !!game.players[seat]?.toAct;

export function NextGame({ game, seat }: { game: GameInfo; seat: number }) {
  const [next, setNext] = useState<{ id: string; more: number } | null>(null);
  const mine = toActHere(game, seat);
  useEffect(() => {
    if (mine) return setNext(null);
    let gone = false;
    api.listGames().then(
      (games) => {
        const waiting = games.filter((g) => g.status === "active" && g.myTurn && g.id !== game.id);
        if (!gone) setNext(waiting.length ? { id: waiting[0]!.id, more: waiting.length } : null);
      },
      () => undefined, // the table does not need it: no line rather than an error
    );
    return () => void (gone = true);
  }, [game.id, mine]);
  if (mine || !next) return null;
  return (
    <p class="next-game" role="status">
      Your turn in {next.more} more {next.more === 1 ? "game" : "games"}{" "}
      <a class="button primary" href={`/game/${next.id}`}>
        Next <span aria-hidden="true">→</span>
      </a>
    </p>
  );
}
