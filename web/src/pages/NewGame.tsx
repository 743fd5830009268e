/**
 * Start a game: the rules, then only the options those rules have (the engine's `rulesets` list
 * which options each ruleset takes, their labels, descriptions and defaults).
 */
import { useState } from "preact/hooks";
import { rulesets } from "../../../worker/engine/index";
import { api, type ApiError, type Me } from "../api";
import { navigate } from "../router";
import { CardPicker, DEFAULT_CARD } from "../cards/CardPicker";
import { OptionChoice, usual } from "../components/OptionChoice";

const CHOICES: { id: string; label: string }[] = rulesets.map((r) => ({ id: r.id, label: r.choice }));

const optionOf = (ruleset: string, key: string) => rulesets.find((r) => r.id === ruleset)?.options.find((o) => o.key === key);

// Plain words for the two jokerless rulings; the engine's description says why there are two.
const JOKERLESS: Record<string, string> = {
  "each-3x": "Each of the three others pays three times the hand (our ruling)",
  "discarder-3x": "The discarder pays three times, the others as usual (the literal reading)",
};

export default function NewGame({ me: _me }: { me: Me }) {
  const [ruleset, setRuleset] = useState("siamese");
  const [deadHands, setDeadHands] = useState<"prevent" | "enforce">("prevent");
  const [days, setDays] = useState(3);
  const [hints, setHints] = useState(true);
  const [windowHours, setWindowHours] = useState(() => Number(optionOf("american", "windowHours")?.default ?? 12));
  const [jokerless, setJokerless] = useState(() => String(optionOf("american", "jokerlessDiscard")?.default ?? "each-3x"));
  const [card, setCard] = useState(DEFAULT_CARD);
  const [games, setGames] = useState(() => Number(optionOf("siamese-wp", "games")?.default ?? 4));
  const [length, setLength] = useState(() => usual("chinese-ming", "length"));
  const [invite, setInvite] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const tournament = deadHands === "enforce";
  const [players, setPlayers] = useState(2);
  const has = (key: string) => !!optionOf(ruleset, key);
  // claim windows: American always; Royale only with 3–4 players (two play the Siamese claim-or-draw)
  const windowOpt = optionOf(ruleset, "windowHours") && !(optionOf(ruleset, "players") && players === 2) ? optionOf(ruleset, "windowHours") : undefined;
  const jokerlessOpt = optionOf(ruleset, "jokerlessDiscard");
  const gamesOpt = optionOf(ruleset, "games");
  // Royale: how many play (the form offers the choices the engine's option lists)
  const playersOpt = optionOf(ruleset, "players");
  const seats = playersOpt ? (playersOpt.values.some((v) => v.value === players) ? players : Number(playersOpt.default)) : (rulesets.find((r) => r.id === ruleset)?.players ?? 2);
  // Computer players in some of the other seats (a table of three or four): a practice game, never rated
  const [computers, setComputers] = useState(0);
  const [strength, setStrength] = useState<"easy" | "medium" | "strong">("medium");
  const bots = seats > 2 ? Math.min(computers, seats - 1) : 0;

  const submit = async (e: Event) => {
    e.preventDefault();
    setError("");
    setBusy(true);
    try {
      const seed = new URLSearchParams(location.search).get("seed") ?? undefined;
      const options: Record<string, unknown> = { daysPerMove: days };
      if (has("card")) options.card = card;
      if (has("deadHands")) options.deadHands = deadHands;
      if (has("hints")) options.hints = hints && !tournament;
      if (windowOpt) options.windowHours = windowHours;
      if (has("jokerlessDiscard")) options.jokerlessDiscard = jokerless;
      if (has("games")) options.games = games;
      if (has("length")) options.length = length;
      if (playersOpt) options.players = playersOpt.values.some((v) => v.value === players) ? players : playersOpt.default;
      const to = invite.trim();
      // with computers in every other seat there is nobody to invite
      const g = await api.createGame({ ruleset, options, seed, ...(to && bots !== seats - 1 ? { invite: to } : {}), ...(bots ? { computers: { seats: bots, strength } } : {}) });
      // every other seat a computer: the game is dealt, nobody to invite
      if (bots === seats - 1) return navigate(`/game/${g.id}`, true);
      localStorage.setItem(`invite:${g.id}`, g.inviteUrl);
      // The invitation page says the mail went out (this device only; the service never shows the address).
      if (to) sessionStorage.setItem(`invite-mailed:${g.id}`, JSON.stringify({ to, sent: g.inviteMail !== "retrying" }));
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
        <select id="ruleset" value={ruleset} onChange={(e) => setRuleset(e.currentTarget.value)}>
          {CHOICES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
        {playersOpt && playersOpt.values.length > 1 ? (
          <>
            <label for="players">{playersOpt.label}</label>
            <select id="players" aria-describedby="players-help" value={String(players)} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
              {playersOpt.values.map((v) => (
                <option key={String(v.value)} value={String(v.value)}>
                  {v.label}
                </option>
              ))}
            </select>
            <p id="players-help" class="muted">{playersOpt.description}</p>
          </>
        ) : null}
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
            {bots ? (
              <>
                <label for="computer-strength">How strong a computer?</label>
                <select id="computer-strength" value={strength} onChange={(e) => setStrength(e.currentTarget.value as "easy" | "medium" | "strong")}>
                  <option value="easy">Easy</option>
                  <option value="medium">Medium</option>
                  <option value="strong">Strong</option>
                </select>
              </>
            ) : null}
          </>
        ) : null}
        {has("card") ? <CardPicker value={card} onChange={setCard} /> : null}
        <OptionChoice ruleset={ruleset} option="length" id="length" value={length} onChange={setLength} />
        {has("deadHands") ? (
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
        ) : null}
        <label for="days">Days for each move</label>
        <select id="days" value={String(days)} onChange={(e) => setDays(Number(e.currentTarget.value))}>
          {[1, 2, 3, 4, 5, 7].map((d) => (
            <option key={d} value={d}>
              {d} {d === 1 ? "day" : "days"}
            </option>
          ))}
        </select>
        {windowOpt ? (
          <>
            <label for="window-hours">Time to call a discard</label>
            <select id="window-hours" aria-describedby="window-hours-help" value={String(windowHours)} onChange={(e) => setWindowHours(Number(e.currentTarget.value))}>
              {windowOpt.values.map((v) => (
                <option key={String(v.value)} value={String(v.value)}>
                  {v.label}
                  {v.value === windowOpt.default ? " (usual)" : ""}
                </option>
              ))}
            </select>
            <p id="window-hours-help" class="muted">
              After each discard the other players have this long to call it; then silence counts as a pass. The window closes as soon as everyone asked has answered.
            </p>
          </>
        ) : null}
        {jokerlessOpt ? (
          <fieldset style="border: 0; padding: 0; margin: 0.75rem 0 0" aria-describedby="jokerless-help">
            <legend style="font-weight: 600">Mah Jongg without jokers on a discard</legend>
            {jokerlessOpt.values.map((v) => (
              <label class="check" key={String(v.value)}>
                <input type="radio" name="jokerless" style={{ flex: "none" }} checked={jokerless === v.value} onChange={() => setJokerless(String(v.value))} />
                {JOKERLESS[String(v.value)] ?? v.label}
              </label>
            ))}
            <p id="jokerless-help" class="muted">
              The rules say a hand without jokers won on a discard pays “three times the hand value” without saying who pays it.
            </p>
          </fieldset>
        ) : null}
        {gamesOpt ? (
          <>
            <label for="match-games">{gamesOpt.label}</label>
            <select id="match-games" aria-describedby="match-games-help" value={String(games)} onChange={(e) => setGames(Number(e.currentTarget.value))}>
              {gamesOpt.values.map((v) => (
                <option key={String(v.value)} value={String(v.value)}>
                  {v.label}
                  {v.value === gamesOpt.default ? " (usual)" : ""}
                </option>
              ))}
            </select>
            <p id="match-games-help" class="muted">{gamesOpt.description}</p>
          </>
        ) : null}
        {has("hints") ? (
          <label class="check">
            <input type="checkbox" checked={hints && !tournament} disabled={tournament} onChange={(e) => setHints(e.currentTarget.checked)} />
            Show hints (closest card lines){tournament ? " — off in tournament games" : ""}
          </label>
        ) : null}
        <label for="invite-email">Invite by email (optional)</label>
        <input id="invite-email" type="email" autocomplete="off" inputMode="email" maxLength={254} value={invite} onInput={(e) => setInvite(e.currentTarget.value)} aria-describedby="invite-email-help" />
        <p id="invite-email-help" class="muted">
          We mail the invitation link to this address{ruleset === "american" || ruleset === "chinese-ming" ? " (one person; share the link with the others)" : ""}. You can also share the link yourself on the next page.
        </p>
        {error ? <p class="error" role="alert">{error}</p> : null}
        <p>
          <button class="primary" type="submit" disabled={busy}>{busy ? "Creating…" : "Create the game"}</button>
        </p>
      </form>
    </section>
  );
}
