/**
 * Standing orders: a player's own rules for the turns that need no thought, played by the game at
 * once (the engine's {type:"orders"} move). The game menu of every table sets them for this game
 * (in place of the old call preferences); Settings keeps a default for new games.
 */
import { useEffect, useState } from "preact/hooks";
import type { Move } from "../../../worker/engine/api";
import type { GameInfo } from "../api";
import { ordersIn, ordersMove, type OrdersValue } from "./orders-value";

export { NO_ORDERS, type OrdersValue } from "./orders-value";

const CLAIMS = [
  { value: "ask", label: "Ask me", note: "I decide on every discard myself." },
  { value: "mahjong-only", label: "Only for Mah Jongg", note: "Ask me only when a discard would give me Mah Jongg; otherwise let it go (in a two-player game: draw from the wall)." },
] as const;

/** What "throw draws I don't need" throws: by target lines, or in Chinese play by what the tile makes with yours. */
const THROW_NOTES = {
  lines: "a tile I draw that none of my target lines needs is thrown at once (never a joker, never a tile that lets me declare).",
  chinese: "a tile I draw that makes no pung, kong or pair with my tiles is thrown at once (never when I could Woo or declare a kong).",
};

/** The choices themselves, big enough for a finger; `name` keeps two sets on one page apart; `throwNote` says what is thrown in this game (both kinds in Settings). */
export function OrdersFields({ value, name, disabled, onChange, throwNote }: { value: OrdersValue; name: string; disabled?: boolean; onChange: (next: OrdersValue) => void; throwNote?: keyof typeof THROW_NOTES }) {
  return (
    <>
      <fieldset class="orders-claims">
        <legend>When another player discards</legend>
        {CLAIMS.map((c) => (
          <label class="check orders-choice" key={c.value}>
            <input type="radio" name={`${name}-claims`} checked={value.claims === c.value} disabled={disabled} onChange={() => onChange({ ...value, claims: c.value })} />
            <span>
              {c.label}
              <small class="muted"> — {c.note}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <label class="check orders-choice">
        <input type="checkbox" checked={value.throwUnneeded} disabled={disabled} onChange={(e) => onChange({ ...value, throwUnneeded: e.currentTarget.checked })} />
        <span>
          Throw draws I don't need
          <small class="muted"> — {throwNote ? THROW_NOTES[throwNote] : `${THROW_NOTES.lines} Chinese: ${THROW_NOTES.chinese}`}</small>
        </span>
      </label>
    </>
  );
}

/**
 * The game menu: this game's orders, saved as soon as one is changed. `windowHours`: where any
 * player may claim a discard, how long a claim window waits by correspondence. `lineName` names a
 * pinned line. `throws`: what "throw draws I don't need" goes by at this table, target lines unless
 * the table says otherwise (Chinese play has no card lines: its throws go by what a tile makes with yours).
 */
export function OrdersPanel({ game, seat, busy, onMove, windowHours, lineName, throws = "lines" }: { game: GameInfo; seat: number; busy: boolean; onMove: (m: Move) => void; windowHours?: number | null; lineName?: (id: string) => string; throws?: keyof typeof THROW_NOTES }) {
  // The choice shows at once; the game's answer (a new view) then says what stands.
  const [pending, setPending] = useState<OrdersValue | null>(null);
  useEffect(() => setPending(null), [game]);
  if (game.status !== "active" || seat < 0) return null;
  const value = pending ?? ordersIn(game);
  const set = (next: OrdersValue) => {
    setPending(next);
    onMove(ordersMove(next));
  };
  const pinned = value.targets ?? [];
  const on = value.claims !== "ask" || value.throwUnneeded;
  return (
    <details class="game-menu orders">
      <summary>Game menu · your orders{on ? ": on" : ""}</summary>
      <p>Orders play the turns that need no thought for you, at once, even while you are away.</p>
      <OrdersFields value={value} name="game-orders" disabled={busy} onChange={set} throwNote={throws} />
      {throws !== "lines" ? null : pinned.length ? (
        <div class="orders-pins">
          <p>Your target lines:</p>
          <ul>
            {pinned.map((id) => (
              <li key={id}>
                {lineName ? lineName(id) : id}{" "}
                <button type="button" disabled={busy} onClick={() => set({ ...value, targets: pinned.filter((x) => x !== id) })}>
                  Unpin
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p class="muted">Target lines: the closest line of each rack in your hints, unless you pin lines there (“Pin”).</p>
      )}
      <p class="muted">Only you see your orders; the other players learn them when the game ends. A tile thrown at once shows, as it would at a table.</p>
      {windowHours ? <p class="muted">A claim window closes when everyone asked has answered, or after {windowHours} hours (silence is a pass); while everyone is at the table, after 15 seconds.</p> : null}
    </details>
  );
}
