/**
 * A game not dealt yet, as it really is (issue 36): an open challenge anyone may take (it has no
 * invitation link; "Play now" posts one when nobody is waiting, `?posted=now` says so), or a game
 * waiting for the players invited by its link.
 */
import { useState } from "preact/hooks";
import type { GameInfo } from "../api";
import { challengeApi } from "../lobby/client";
import { navigate } from "../router";

export function Waiting({ game }: { game: GameInfo }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const seats = game.players.length;
  const free = game.players.filter((p) => !p.userId).length;
  const freeWords = `${free} ${free === 1 ? "seat" : "seats"} still free`;
  const posted = new URLSearchParams(location.search).get("posted") === "now";
  if (game.inviteUrl || game.seat !== 0)
    return (
      <section>
        <h1>{seats > 2 ? "Waiting for players" : "Waiting for your opponent"}</h1>
        <p>
          {seats > 2 ? `The game starts when all ${seats} seats are taken (${free} still free).` : "The game starts when the invited player accepts."} You need
          not wait here: we will tell you when it is your turn.
        </p>
        <div class="row">
          {game.inviteUrl ? (
            <a class="button primary" href={`/invite/${game.id}`}>Show the invitation link</a>
          ) : null}
          <a class={`button${game.inviteUrl ? "" : " primary"}`} href="/">Your games</a>
        </div>
      </section>
    );
  const cancel = async () => {
    setBusy(true);
    setError("");
    try {
      await challengeApi.cancel(game.id);
      navigate("/");
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  const computersNow = async () => {
    setBusy(true);
    setError("");
    try {
      await challengeApi.computersNow(game.id);
      location.assign(`/game/${game.id}`);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <section>
      <h1>Your open challenge</h1>
      {posted ? <p class="notice">Nobody was waiting for a game like this, so we posted an open challenge for you. Nobody was invited: anyone looking for a game can take a seat.</p> : null}
      <p>
        The game starts when {seats > 2 ? `all ${seats} seats are taken (${freeWords})` : "another player takes the free seat"}. It stays open for 7 days; we
        will tell you when it is your turn.
      </p>
      {free === seats - 1 ? (
        <>
          <h2>Rather not wait?</h2>
          <p>
            {free === 1 ? "A computer can take the free seat now" : "Computers can take the free seats now"}: the game starts at once and goes on as any
            game does, a move when it suits you. Games with a computer are never rated.
          </p>
          <button type="button" disabled={busy} onClick={computersNow}>
            {busy ? "Starting…" : free === 1 ? "Play a computer now" : "Play computers now"}
          </button>
        </>
      ) : null}
      <div class="row">
        <a class="button primary" href="/">Your games</a>
        <button type="button" disabled={busy} onClick={cancel}>
          {busy ? "Cancelling…" : "Cancel the challenge"}
        </button>
      </div>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </section>
  );
}
