/**
 * Standing orders: a player's own rules for the turns that need no thought, played by the game at
 * once (the engine's {type:"orders"} move). The game menu of every table sets them for this game
 * (in place of the old call preferences); Settings keeps a default for new games.
 */
import { useEffect, useState } from "preact/hooks";
import type { Move } from "../../../worker/engine/api";
import type { GameInfo } from "../api";
import { ordersIn, ordersMove, ordersOn, type OrdersValue } from "./orders-value";

export { NO_ORDERS, type OrdersValue } from "./orders-value";

/** Each choice with what it costs, in plain words (issue 35: Settings says what each choice costs). */
const CLAIMS = [
  { value: "judged", label: "Like the strong computer", note: "Claims a discard or lets it go as the strong computer would. You are always asked when it would give you Mah Jongg." },
  { value: "mahjong-only", label: "Only for Mah Jongg", note: "Asks you only when a discard would give you Mah Jongg; otherwise lets it go. You never pung or kong a discard, which costs wins: in Chinese you almost never go Mah Jongg." },
  { value: "ask", label: "Ask me", note: "Every discard waits for you. A game takes months." },
] as const;

/** What "throw what my lines don't need" throws: by target lines, or in Chinese play by what the tile makes with yours. */
const THROW_NOTES = {
  lines: "a tile I draw that none of my target lines needs is thrown at once (never a joker, never a tile that lets me declare).",
  chinese: "a tile I draw that makes no pung, kong or pair with my tiles is thrown at once (never when I could Woo or declare a kong).",
};

const THROWS = [
  { value: "judged", label: "Like the strong computer", note: () => "Throws the tile you drew only when the strong computer would throw that very tile; otherwise you choose." },
  { value: "unneeded", label: "Throw what my lines don't need", note: (n: string) => `${n} Quick, but it often throws a tile a good player keeps: in Wright-Patterson a winning player ends up losing.` },
  { value: "none", label: "Ask me", note: () => "You throw every tile yourself." },
] as const;

/** The choices themselves, big enough for a finger; `name` keeps two sets on one page apart; `throwNote` says what is thrown in this game (both kinds in Settings). */
export function OrdersFields({ value, name, disabled, onChange, throwNote }: { value: OrdersValue; name: string; disabled?: boolean; onChange: (next: OrdersValue) => void; throwNote?: keyof typeof THROW_NOTES }) {
  const lines = throwNote ? THROW_NOTES[throwNote] : `${THROW_NOTES.lines} Chinese: ${THROW_NOTES.chinese}`;
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
      <fieldset class="orders-throws">
        <legend>When you draw a tile from the wall</legend>
        {THROWS.map((t) => (
          <label class="check orders-choice" key={t.value}>
            <input type="radio" name={`${name}-throws`} checked={value.throws === t.value} disabled={disabled} onChange={() => onChange({ ...value, throws: t.value })} />
            <span>
              {t.label}
              <small class="muted"> — {t.note(lines)}</small>
            </span>
          </label>
        ))}
      </fieldset>
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
  const on = ordersOn(value);
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
