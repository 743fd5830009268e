/**
 * The first game's one line about standing orders (issue 35): what is played for you and where to
 * change it. Shown on a running game whose orders play for you, to a player who never chose orders
 * in Settings, until they dismiss it; the service keeps that, so it stays gone on every device.
 */
import { useState } from "preact/hooks";
import { api, type GameInfo, type Me } from "../api";
import { ordersIn, ordersOn } from "../table/orders-value";

/** Dismissed on this page since `me` was read. */
let dismissed = false;

export function OrdersNote({ me, game, seat }: { me: Me; game: GameInfo; seat: number }) {
  const [gone, setGone] = useState(dismissed);
  if (gone || me.ordersNoted || me.ordersChosen || seat < 0 || game.status !== "active" || !ordersOn(ordersIn(game))) return null;
  const dismiss = () => {
    dismissed = true;
    setGone(true);
    api.updateMe({ ordersNoted: true }).catch(() => {});
  };
  return (
    <p class="notice orders-note" role="note">
      Your easy turns are played for you, as the strong computer would. Change this in the game menu or <a href="/settings">Settings</a>.{" "}
      <button type="button" onClick={dismiss}>
        Got it
      </button>
    </p>
  );
}
