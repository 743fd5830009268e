/**
 * Finding a game without an invitation: practise against the computer (one tap), play now, open
 * challenges by ruleset with Accept, your own with Cancel, and a form to post one.
 */
import { useEffect, useState } from "preact/hooks";
import { navigate } from "../router";
import { HEADS, headOf, isRulesetId, seatsOf } from "../../../worker/engine/rulesets";
import { formOptions, RulesetOptions, type Chosen } from "../components/RulesetOptions";
import { challengeApi, MOVE_DAYS, STRENGTH_WORDS, STRENGTHS, type Challenge, type Strength } from "./client";
import { StrengthSelect } from "./StrengthSelect";

// Every ruleset the engine plays, from its head (seats, options, name): a new ruleset needs no edit here.
const rulesetName = (r: string) => (isRulesetId(r) ? headOf(r).short : r);
const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

export function FindGame() {
  return (
    <>
      <Practice />
      <Challenges />
    </>
  );
}

/** The words after each number of computers offered, from all the other seats (you alone with them) down to one (friends you invite take the rest). */
const COMPUTER_WORDS = ["just me and the computers", "I invite one friend", "I invite two friends"];

function Practice() {
  const [ruleset, setRuleset] = useState<string>(HEADS[0]!.id);
  const [strength, setStrength] = useState<Strength>("medium");
  const [computers, setComputers] = useState(3);
  const [chosen, setChosen] = useState<Chosen>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // how many play follows the options (Royale: the player's choice); the others have their seats
  const head = headOf(ruleset);
  const options = formOptions(head, "practice", chosen);
  const seats = seatsOf(head.id, options);
  const others = Math.min(computers, seats - 1);
  const start = async () => {
    setBusy(true);
    setError("");
    try {
      // Royale: `others` computers may leave seats for friends, who join by the invitation
      const g = await challengeApi.practise(head.id, strength, others, options);
      navigate(`/game/${g.id}`);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <section class="practice" aria-labelledby="practice-h">
      <h2 id="practice-h">Practise against the computer</h2>
      <p class="muted">A game at once, never rated. The computer sees only its own tiles.</p>
      <fieldset class="row strength">
        <legend>How strong a computer?</legend>
        {STRENGTHS.map((s) => (
          <button type="button" key={s} class={`big${strength === s ? " primary" : ""}`} aria-pressed={strength === s} onClick={() => setStrength(s)}>
            {STRENGTH_WORDS[s]}
          </button>
        ))}
      </fieldset>
      <label for="practice-ruleset">Game</label>
      <select id="practice-ruleset" value={head.id} onChange={(e) => setRuleset((e.target as HTMLSelectElement).value)}>
        {HEADS.map((h) => (
          <option key={h.id} value={h.id}>
            {h.short}
          </option>
        ))}
      </select>
      <RulesetOptions head={head} form="practice" chosen={chosen} onChange={setChosen} idPrefix="practice-" />
      {seats > 2 ? (
        <>
          <label for="practice-computers">Computer players</label>
          <select id="practice-computers" value={others} onChange={(e) => setComputers(Number((e.target as HTMLSelectElement).value))}>
            {Array.from({ length: seats - 1 }, (_, i) => seats - 1 - i).map((n, i) => (
              <option key={n} value={n}>
                {n} ({COMPUTER_WORDS[i]})
              </option>
            ))}
          </select>
        </>
      ) : null}
      <p>
        <button type="button" class="primary big" disabled={busy} onClick={start}>
          {busy ? "Starting…" : `Play ${head.short} against the computer`}
        </button>
      </p>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </section>
  );
}

function Challenges() {
  const [filter, setFilter] = useState("");
  const [list, setList] = useState<Challenge[] | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState("");
  const load = () =>
    challengeApi.list(filter || undefined).then(
      (l) => {
        setList(l);
        setError("");
      },
      (e) => setError(e.message),
    );
  useEffect(() => {
    load();
    const t = setInterval(load, 60000);
    return () => clearInterval(t);
  }, [filter]);

  const act = async (what: string, f: () => Promise<unknown>) => {
    setBusy(what);
    setError("");
    try {
      await f();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy("");
      load();
    }
  };
  const open = (list ?? []).filter((c) => !c.mine && !c.seated);
  const mine = (list ?? []).filter((c) => c.mine);
  const playNowRuleset = filter || HEADS[0]!.id;
  // a ruleset played by two, three or four (Royale): play now asks how many, and pairs only with that many
  const playersField = headOf(playNowRuleset).optionsSchema.fields.find((f) => f.key === "players");
  const [nowPlayers, setNowPlayers] = useState<unknown>(null);
  const players = playersField ? (playersField.values.some((v) => v.value === nowPlayers) ? nowPlayers : playersField.default) : undefined;
  const playNow = async () => {
    const r = await challengeApi.playNow(playNowRuleset, players === undefined ? {} : { players });
    // nobody was waiting: the open challenge posted for you says so
    navigate(`/game/${r.gameId}${r.posted ? "?posted=now" : ""}`);
  };

  return (
    <section class="challenges" aria-labelledby="challenges-h">
      <h2 id="challenges-h">Find a player</h2>
      <label for="challenge-filter">Show games of</label>
      <select id="challenge-filter" value={filter} onChange={(e) => setFilter((e.target as HTMLSelectElement).value)}>
        <option value="">Every kind</option>
        {HEADS.map((h) => (
          <option key={h.id} value={h.id}>
            {h.short}
          </option>
        ))}
      </select>
      {playersField ? (
        <>
          <label for="play-now-players">Players</label>
          <select id="play-now-players" value={String(players)} onChange={(e) => setNowPlayers(Number((e.target as HTMLSelectElement).value))}>
            {playersField.values.map((v) => (
              <option key={String(v.value)} value={String(v.value)}>
                {v.label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <p>
        <button type="button" class="primary big" disabled={!!busy} onClick={() => act("play-now", playNow)}>
          Play {rulesetName(playNowRuleset)} now
        </button>
      </p>
      <p class="muted">Play now takes a seat in the oldest open challenge{playersField ? " for as many players" : ""}. If nobody is waiting, it posts an open challenge for you: the game starts when someone takes it, or at once if you would rather play a computer.</p>
      {error ? <p class="error" role="alert">{error}</p> : null}
      <h3>Open challenges</h3>
      {list === null && !error ? <p class="loading" aria-busy="true">Loading…</p> : null}
      {list !== null && !open.length ? <p class="muted">No open challenge right now. Post one below.</p> : null}
      <ul class="card-list">
        {open.map((c) => (
          <li key={c.id}>
            <div>
              <strong>
                {rulesetName(c.ruleset)} with {c.by.name}
              </strong>
              <div class="muted">{describe(c)}</div>
            </div>
            <button type="button" class="primary" disabled={!!busy} onClick={() => act(c.id, async () => navigate(`/game/${(await challengeApi.accept(c.id)).gameId}`))}>
              Accept
            </button>
          </li>
        ))}
      </ul>
      {mine.length ? (
        <>
          <h3>Your challenges</h3>
          <ul class="card-list">
            {mine.map((c) => (
              <li key={c.id}>
                <div>
                  <strong>{rulesetName(c.ruleset)}</strong>
                  <div class="muted">{describe(c)}</div>
                </div>
                <button type="button" disabled={!!busy} onClick={() => act(c.id, () => challengeApi.cancel(c.id))}>
                  Cancel
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <PostChallenge onPosted={load} initial={playNowRuleset} />
    </section>
  );
}

function describe(c: Challenge): string {
  const parts = [`${days(c.daysPerMove)} a move`, `${c.taken} of ${c.seats} seats taken`, c.rated ? "rated" : "not rated"];
  if (c.options.deadHands === "enforce") parts.push("tournament dead hands");
  const length = isRulesetId(c.ruleset) ? headOf(c.ruleset).optionsSchema.fields.find((f) => f.key === "length")?.values.find((v) => v.value === c.options.length) : undefined;
  if (length) parts.push(length.label.toLowerCase());
  const card = c.options.card as { name?: string } | string | undefined;
  if (card && typeof card === "object" && card.name) parts.push(`card: ${card.name}`);
  if (c.computersAfterDays) parts.push(`computers fill empty seats after ${days(c.computersAfterDays)}`);
  return parts.join(" · ");
}

function PostChallenge({ onPosted, initial }: { onPosted: () => void; initial: string }) {
  const [ruleset, setRuleset] = useState(initial);
  const [pace, setPace] = useState(3);
  const [rated, setRated] = useState(false);
  const [fill, setFill] = useState(0);
  const [fillStrength, setFillStrength] = useState<Strength>("medium");
  const [chosen, setChosen] = useState<Chosen>({});
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState("");
  const head = headOf(ruleset);
  const options = formOptions(head, "challenge", chosen);
  const seats = seatsOf(head.id, options);
  const [error, setError] = useState("");
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    setSaid("");
    try {
      await challengeApi.post({
        ruleset: head.id,
        daysPerMove: pace,
        options,
        rated,
        ...(fill ? { computersAfterDays: fill, computerStrength: fillStrength } : {}),
      });
      setSaid("Posted. It stays open for 7 days; the game starts when every seat is taken.");
      onPosted();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="post-challenge" onSubmit={submit}>
      <h3>Post a challenge</h3>
      <label for="post-ruleset">Game</label>
      <select id="post-ruleset" value={head.id} onChange={(e) => setRuleset((e.target as HTMLSelectElement).value)}>
        {HEADS.map((h) => (
          <option key={h.id} value={h.id}>
            {h.short}
          </option>
        ))}
      </select>
      <RulesetOptions head={head} form="challenge" part="table" chosen={chosen} onChange={setChosen} idPrefix="post-" />
      <label for="post-pace">Time for each move</label>
      <select id="post-pace" value={pace} onChange={(e) => setPace(Number((e.target as HTMLSelectElement).value))}>
        {MOVE_DAYS.map((d) => (
          <option key={d} value={d}>
            {days(d)}
          </option>
        ))}
      </select>
      <RulesetOptions head={head} form="challenge" part="rest" chosen={chosen} onChange={setChosen} idPrefix="post-" />
      {seats > 2 ? (
        <>
          <label for="post-fill">If seats are still empty</label>
          <select id="post-fill" value={fill} onChange={(e) => setFill(Number((e.target as HTMLSelectElement).value))}>
            <option value={0}>Wait for players</option>
            {[1, 2, 3, 5].map((d) => (
              <option key={d} value={d}>
                Computer players take them after {days(d)}
              </option>
            ))}
          </select>
          {fill ? <StrengthSelect id="post-fill-strength" value={fillStrength} onChange={setFillStrength} /> : null}
        </>
      ) : null}
      <label class="check">
        <input type="checkbox" checked={rated} onChange={(e) => setRated((e.target as HTMLInputElement).checked)} /> Rated game
      </label>
      <p>
        <button type="submit" class="big" disabled={busy}>
          {busy ? "Posting…" : "Post the challenge"}
        </button>
      </p>
      {said ? <p role="status">{said}</p> : null}
      {error ? <p class="error" role="alert">{error}</p> : null}
    </form>
  );
}
