/**
 * Start a game: the rules, then only the options those rules have, as the ruleset's head describes
 * them (worker/engine/rulesets.ts: labels, choices, defaults), and the seats the service fills apart
 * (computer players, an invitation).
 */
import { useState } from "preact/hooks";
import { HEADS, headOf, seatsOf } from "../../../worker/engine/rulesets";
import { api, type ApiError, type Me } from "../api";
import { navigate } from "../router";
import { formOptions, RulesetOptions, type Chosen } from "../components/RulesetOptions";
import { MOVE_DAYS, type Strength } from "../lobby/client";
import { StrengthSelect } from "../lobby/StrengthSelect";

export default function NewGame({ me: _me }: { me: Me }) {
  const [ruleset, setRuleset] = useState<string>(HEADS[0]!.id);
  const [chosen, setChosen] = useState<Chosen>({});
  const [days, setDays] = useState(3);
  const [invite, setInvite] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const head = headOf(ruleset);
  const options = formOptions(head, "game", chosen);
  const seats = seatsOf(head.id, options);
  // Computer players in some of the other seats (a table of three or four): a practice game, never rated
  const [computers, setComputers] = useState(0);
  const [strength, setStrength] = useState<Strength>("medium");
  const bots = seats > 2 ? Math.min(computers, seats - 1) : 0;
  // the people to invite besides the player; one address is mailed, the link is for the rest
  const invited = seats - 1 - bots;

  const submit = async (e: Event) => {
    e.preventDefault();
    setError("");
    setBusy(true);
    try {
      const seed = new URLSearchParams(location.search).get("seed") ?? undefined;
      const to = invite.trim();
      // with computers in every other seat there is nobody to invite
      const g = await api.createGame({ ruleset: head.id, options: { daysPerMove: days, ...options }, seed, ...(to && invited ? { invite: to } : {}), ...(bots ? { computers: { seats: bots, strength } } : {}) });
      // every other seat a computer: the game is dealt, nobody to invite
      if (!invited) return navigate(`/game/${g.id}`, true);
      localStorage.setItem(`invite:${g.id}`, g.inviteUrl);
      // The invitation page says the mail went out (this device only; the service never shows the address).
      if (to) sessionStorage.setItem(`invite-mailed:${g.id}`, JSON.stringify({ to, sent: g.inviteMail !== "retrying" && g.inviteMail !== "refused", refused: g.inviteMail === "refused" }));
      navigate(`/invite/${g.id}`, true);
    } catch (err) {
      const e = err as ApiError;
      setError(e.code === "bad-field" && /invite/.test(e.message) ? "That invitation address does not look like a whole email address. Please check it: it should look like ann@example.com." : e.message);
      setBusy(false);
    }
  };

  return (
    <section class="new-game">
      <h1>Start a game</h1>
      <form onSubmit={submit}>
        <label for="ruleset">Rules</label>
        <select id="ruleset" value={head.id} onChange={(e) => setRuleset(e.currentTarget.value)}>
          {HEADS.map((h) => (
            <option key={h.id} value={h.id}>
              {h.choice}
            </option>
          ))}
        </select>
        <RulesetOptions head={head} form="game" part="table" chosen={chosen} onChange={setChosen} />
        {seats > 2 ? (
          <>
            <label for="computers">Computer players</label>
            <select id="computers" aria-describedby="computers-help" value={String(bots)} onChange={(e) => setComputers(Number(e.currentTarget.value))}>
              {Array.from({ length: seats }, (_, n) => (
                <option key={n} value={String(n)}>
                  {n === 0 ? "None: I invite the other players" : n === seats - 1 ? `${n}: just me and the computers` : `${n}, and I invite ${seats - 1 - n === 1 ? "one more player" : `${seats - 1 - n} more players`}`}
                </option>
              ))}
            </select>
            <p id="computers-help" class="muted">A game with a computer player is for practice: it is never rated.</p>
            {bots ? <StrengthSelect id="computer-strength" value={strength} onChange={setStrength} /> : null}
          </>
        ) : null}
        <label for="days">Days for each move</label>
        <select id="days" value={String(days)} onChange={(e) => setDays(Number(e.currentTarget.value))}>
          {MOVE_DAYS.map((d) => (
            <option key={d} value={d}>
              {d} {d === 1 ? "day" : "days"}
            </option>
          ))}
        </select>
        <RulesetOptions head={head} form="game" part="rest" chosen={chosen} onChange={setChosen} />
        <label for="invite-email">Invite by email (optional)</label>
        <input id="invite-email" type="email" autocomplete="off" inputMode="email" maxLength={254} value={invite} onInput={(e) => setInvite(e.currentTarget.value)} aria-describedby="invite-email-help" />
        <p id="invite-email-help" class="muted">
          We mail the invitation link to this address{invited > 1 ? " (one person; share the link with the others)" : ""}. You can also share the link yourself on the next page.
        </p>
        {error ? <p class="error" role="alert">{error}</p> : null}
        <p>
          <button class="primary" type="submit" disabled={busy}>{busy ? "Creating…" : "Create the game"}</button>
        </p>
      </form>
    </section>
  );
}
