/**
 * Settings: the standing orders each new game starts with (each game's menu changes them for that
 * game). Two plain choices, each one tap and saved at once — the recommended orders, or "ask me
 * every time" — and the player's own mix of the two questions, with what each answer costs.
 */
import { useState } from "preact/hooks";
import { api, type Me } from "../api";
import { OrdersFields } from "../table/Orders";
import { readOrders, type OrdersValue } from "../table/orders-value";

const PRESETS = [
  {
    id: "judged",
    value: { claims: "judged", throws: "judged" },
    label: "Play my easy turns like the strong computer (recommended)",
    note: "Claims, passes and throws the strong computer would make are played at once; you are asked whenever you could go Mah Jongg or the choice is close. A game takes weeks.",
  },
  { id: "ask", value: { claims: "ask", throws: "none" }, label: "Ask me every time", note: "Every discard and every draw waits for you. A game takes months." },
] as const satisfies readonly { id: string; value: OrdersValue; label: string; note: string }[];

const presetOf = (o: OrdersValue) => PRESETS.find((p) => p.value.claims === o.claims && p.value.throws === o.throws)?.id ?? "own";

export function DefaultOrders({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const [value, setValue] = useState<OrdersValue>(readOrders(me.orders));
  const [own, setOwn] = useState(presetOf(readOrders(me.orders)) === "own");
  const [msg, setMsg] = useState("");
  const save = async (next: OrdersValue) => {
    setValue(next);
    setMsg("");
    try {
      await api.updateMe({ orders: { claims: next.claims, throws: next.throws } });
      onSaved();
      setMsg("Saved: your new games start with these orders.");
    } catch (err) {
      setMsg((err as Error).message);
    }
  };
  const chosen = own ? "own" : presetOf(value);
  return (
    <form class="orders-default" onSubmit={(e) => e.preventDefault()}>
      <h2>Orders for new games</h2>
      <p>Orders play the turns that need no thought for you, at once, even while you are away. Each game's menu changes them for that game; only you see them.</p>
      <fieldset class="orders-presets">
        <legend class="sr-only">Orders for new games</legend>
        {PRESETS.map((p) => (
          <label class="check orders-choice" key={p.id}>
            <input type="radio" name="orders-preset" checked={chosen === p.id} onChange={() => (setOwn(false), save({ ...p.value }))} />
            <span>
              {p.label}
              <small class="muted"> — {p.note}</small>
            </span>
          </label>
        ))}
        <label class="check orders-choice">
          <input type="radio" name="orders-preset" checked={chosen === "own"} onChange={() => setOwn(true)} />
          <span>Let me choose each part</span>
        </label>
      </fieldset>
      {chosen === "own" ? <OrdersFields value={value} name="default-orders" onChange={save} /> : null}
      {msg ? (
        <p role="status" class={msg.startsWith("Saved") ? "notice" : "error"}>
          {msg}
        </p>
      ) : null}
    </form>
  );
}
