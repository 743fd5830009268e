/**
 * After the game: play again with the same people (they are mailed an invitation) or the same
 * computers (dealt at once), the same ruleset and options; or go back to your games.
 */
import { useState } from "preact/hooks";
import { api, ApiError, type GameInfo } from "../api";
import { navigate } from "../router";
import { CardPicker, DEFAULT_CARD } from "../cards/CardPicker";
import "./game-actions.css";

/** The service's answer when the game's card is someone else's private card (worker/api/again-card.ts). */
const PRIVATE_CARD = "again/private-card";

export function PlayAgain({ game }: { game: GameInfo }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // The game's card is another player's private card: the same players, with a card of your own.
  const [ownCard, setOwnCard] = useState<{ why: string; card: string } | null>(null);
  // A resignation is said at the top: the result's own words cover every kind of abandonment.
  const gone = game.events.find((e) => (e.event as { resigned?: boolean } | null)?.resigned);
  const resigned = gone && ((gone.event as { seat?: number }).seat === game.seat ? "You resigned" : gone.text);
  const people = game.players.filter((p, i) => i !== game.seat && p.userId && !p.computer).length;
  const again = async (card?: string) => {
    setBusy(true);
    setError("");
    try {
      const g = await api.playAgain(game.id, card);
      navigate(`/game/${g.id}`);
    } catch (e) {
      if (e instanceof ApiError && e.code === PRIVATE_CARD) setOwnCard({ why: e.message, card: DEFAULT_CARD });
      else setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <section class="play-again" aria-label="After the game">
      <p class="over">
        <strong>This game is over.{resigned ? ` ${resigned}.` : ""}</strong>
      </p>
      {ownCard ? (
        <div class="play-again-card">
          <p role="alert">{ownCard.why}</p>
          <CardPicker id="again-card" value={ownCard.card} onChange={(card) => setOwnCard({ ...ownCard, card })} />
          <div class="row">
            <button type="button" class="primary" disabled={busy} onClick={() => again(ownCard.card)}>
              {busy ? "Starting…" : "Play again with this card"}
            </button>
            <a class="button" href="/">
              Your games
            </a>
          </div>
        </div>
      ) : (
        <div class="row">
          <button type="button" class="primary" disabled={busy} onClick={() => again()}>
            {busy ? "Starting…" : "Play again"}
          </button>
          <a class="button" href="/">
            Your games
          </a>
        </div>
      )}
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
