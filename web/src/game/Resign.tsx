/**
 * Leaving a running game, below the table: one button opens a plain-words confirmation (what
 * resigning means for the score), a second one resigns. Nothing happens on the first tap.
 */
import { useState } from "preact/hooks";
import { api, type GameInfo } from "../api";
import "./game-actions.css";

export function Resign({ game, onDone }: { game: GameInfo; onDone: () => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const others = game.players.length > 2 ? "The other players" : "Your opponent";
  const resign = async () => {
    setBusy(true);
    setError("");
    try {
      await api.resign(game.id);
      setAsking(false);
      onDone();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="resign" aria-labelledby="resign-h">
      <h2 id="resign-h" class="sr-only">Leave this game</h2>
      {asking ? (
        <div class="resign-ask" role="group" aria-label="Resign this game?">
          <p>
            <strong>Resign this game?</strong>
          </p>
          <p>
            The game ends now and is scored as an abandoned game, the same as when a player runs out of time three turns in a row. {others} will see that you
            resigned. This cannot be undone.
          </p>
          <div class="row">
            <button type="button" class="danger" disabled={busy} onClick={resign}>
              {busy ? "Resigning…" : "Yes, resign"}
            </button>
            <button type="button" disabled={busy} onClick={() => setAsking(false)}>
              No, keep playing
            </button>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => setAsking(true)}>
          Resign this game…
        </button>
      )}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
