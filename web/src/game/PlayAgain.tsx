/**
 * After the game: play again with the same people (they are mailed an invitation) or the same
 * computers (dealt at once), the same ruleset and options; or go back to your games.
 */
import { useState } from "preact/hooks";
import { api, type GameInfo } from "../api";
import { navigate } from "../router";
import "./game-actions.css";

export function PlayAgain({ game }: { game: GameInfo }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // A resignation is said at the top: the result's own words cover every kind of abandonment.
  const gone = game.events.find((e) => (e.event as { resigned?: boolean } | null)?.resigned);
  const resigned = gone && ((gone.event as { seat?: number }).seat === game.seat ? "You resigned" : gone.text);
  const people = game.players.filter((p, i) => i !== game.seat && p.userId && !p.computer).length;
  const again = async () => {
    setBusy(true);
    setError("");
    try {
      const g = await api.playAgain(game.id);
      navigate(`/game/${g.id}`);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <section class="play-again" aria-label="After the game">
      <p class="over">
        <strong>This game is over.{resigned ? ` ${resigned}.` : ""}</strong>
      </p>
      <div class="row">
        <button type="button" class="primary" disabled={busy} onClick={again}>
          {busy ? "Starting…" : "Play again"}
        </button>
        <a class="button" href="/">
          Your games
        </a>
      </div>
      <p class="muted">
        {people ? `Play again starts the same kind of game and mails ${people === 1 ? "your opponent" : "the other players"} an invitation.` : "Play again starts the same kind of game against the computer at once."}
      </p>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
