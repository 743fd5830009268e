import { useState } from "preact/hooks";
import { api, type Me } from "../api";
import { navigate } from "../router";

export default function NewGame({ me: _me }: { me: Me }) {
  const [ruleset, setRuleset] = useState("siamese");
  const [deadHands, setDeadHands] = useState<"prevent" | "enforce">("prevent");
  const [days, setDays] = useState(3);
  const [hints, setHints] = useState(true);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const tournament = deadHands === "enforce";

  const submit = async (e: Event) => {
    e.preventDefault();
    setError("");
    setBusy(true);
    try {
      const seed = new URLSearchParams(location.search).get("seed") ?? undefined;
      const g = await api.createGame({ ruleset, options: { card: "sample-2026", deadHands, hints: hints && !tournament, daysPerMove: days }, seed });
      localStorage.setItem(`invite:${g.id}`, g.inviteUrl);
      navigate(`/invite/${g.id}`, true);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <section>
      <h1>Start a game</h1>
      <form onSubmit={submit}>
        <label for="ruleset">Rules</label>
        <select id="ruleset" value={ruleset} onChange={(e) => setRuleset(e.currentTarget.value)}>
          <option value="siamese">Siamese (two players, two hands each)</option>
          <option value="siamese-mjm">Siamese, MahJong Masters rules</option>
          <option value="american">American (four players, one hand each)</option>
          <option value="chinese-ming">Chinese, Ming family rules (four players, a match of 16+ hands)</option>
        </select>
        <label for="card">Card</label>
        <select id="card" value="sample-2026" disabled>
          <option value="sample-2026">Sample card 2026</option>
        </select>
        <fieldset style="border: 0; padding: 0; margin: 0.75rem 0 0">
          <legend style="font-weight: 600">A move that would kill a hand</legend>
          <label class="check">
            <input type="radio" name="dead" checked={deadHands === "prevent"} onChange={() => setDeadHands("prevent")} />
            Friendly: refuse it and say why
          </label>
          <label class="check">
            <input type="radio" name="dead" checked={deadHands === "enforce"} onChange={() => setDeadHands("enforce")} />
            Tournament: accept it, the hand is dead
          </label>
        </fieldset>
        <label for="days">Days for each move</label>
        <select id="days" value={String(days)} onChange={(e) => setDays(Number(e.currentTarget.value))}>
          {[1, 2, 3, 4, 5, 7].map((d) => (
            <option key={d} value={d}>
              {d} {d === 1 ? "day" : "days"}
            </option>
          ))}
        </select>
        <label class="check">
          <input type="checkbox" checked={hints && !tournament} disabled={tournament} onChange={(e) => setHints(e.currentTarget.checked)} />
          Show hints (closest card lines){tournament ? " — off in tournament games" : ""}
        </label>
        {error ? <p class="error" role="alert">{error}</p> : null}
        <p>
          <button class="primary" type="submit" disabled={busy}>{busy ? "Creating…" : "Create the game"}</button>
        </p>
      </form>
    </section>
  );
}
