/**
 * Your cards (/cards) and the card editor (/cards/new, /cards/:id). Type or paste one line per
 * hand — category | hand | value | C or X | note — and every line is checked as you type: a
 * mistake is shown on its line in plain words, a good line is previewed in tiles with its value
 * and C/X. Import a file, export, duplicate (to start next year's card), share a read-only copy.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { cardFromText, cardToText, checkTextLine, validateCard, type Card, type CardLine } from "../../../worker/engine/card/index";
import { cardsApi, problemsOf, type CardSummary, type Problem, type StoredCard } from "../cards/client";
import { leagueApi } from "../league/client";
import { CardLegend, CardLineView, CardView } from "./CardViewer";
import { navigate } from "../router";
import type { Me } from "../api";

const EXAMPLE = `2468 | FF 2222a 44a 6666b 88b | 25 | X | any two suits
2468 | 2468a 2468b 2468c FF | 75 | C`;

type Checked = { ok: true; line: CardLine | null } | { ok: false; messages: string[] };
const checks = new Map<string, Checked>();
/** Each distinct line is checked once, so typing re-checks only the line being typed. */
function check(line: string, above = ""): Checked {
  const key = `${above}\u0000${line}`;
  let c = checks.get(key);
  if (!c) {
    if (checks.size > 2000) checks.clear();
    checks.set(key, (c = checkTextLine(line, above)));
  }
  return c;
}

/** The category each line's empty category stands for: the one of the hand line above. */
function categoriesAbove(lines: string[]): string[] {
  let cat = "";
  return lines.map((l) => {
    const here = cat;
    const t = l.trim();
    if (t && !t.startsWith("#") && t.includes("|")) cat = t.split("|")[0]!.trim() || cat;
    return here;
  });
}

/**
 * Your cards (/cards), or one league's (/cards?league=…, the league's "The league's cards"): the
 * cards that belong to that league, from the same list (it holds your leagues' cards).
 */
function CardList({ league }: { league?: string }) {
  const [cards, setCards] = useState<CardSummary[] | null>(null);
  const [error, setError] = useState("");
  const [leagueName, setLeagueName] = useState("");
  useEffect(() => {
    cardsApi.list().then((r) => setCards(r.cards), (e) => setError((e as Error).message));
    if (league) leagueApi.get(league).then((p) => setLeagueName(p.league.name), (e) => setError((e as Error).message));
  }, [league]);
  const shown = league ? cards?.filter((c) => c.leagueId === league) ?? null : cards;
  return (
    <section class="cards-page">
      {league ? (
        <>
          <h1>{leagueName ? `${leagueName}'s cards` : "The league's cards"}</h1>
          <p>The cards that belong to the league: its members can read them, and a new season can be played with one.</p>
          <p class="row">
            <a class="button primary" href={`/cards/new?league=${encodeURIComponent(league)}`}>Type in a card for the league</a> <a href="/cards">All your cards</a>
          </p>
        </>
      ) : (
        <>
          <h1>Your cards</h1>
          <p>
            Type in the card your club plays this year. It stays private: only you, your league's members and those you send its sharing link to can see it; the players of a game with it see it only at that table, as the game plays it.
          </p>
          <p>
            <a class="button primary" href="/cards/new">New card</a> <a href="/card">See the sample card</a>
          </p>
        </>
      )}
      {error ? <p class="error" role="alert">{error}</p> : null}
      {shown === null ? <p class="loading">Loading…</p> : shown.length === 0 ? <p class="muted">{league ? "The league has no cards yet." : "No cards yet."}</p> : null}
      <ul class="card-list">
        {(shown ?? []).map((c) => (
          <li key={c.id}>
            <a href={`/cards/${c.id}`}>{c.name}</a>
            <span class="muted">
              {c.lines} hands · {c.leagueName ? `${c.leagueName}'s card` : "your card"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LineRow({ n, text, above }: { n: number; text: string; above: string }) {
  const c = check(text, above);
  if (c.ok && !c.line) return null;
  if (!c.ok)
    return (
      <li class="editor-line bad" data-line={n}>
        <span class="line-no">Line {n}</span>
        <span class="mono">{text}</span>
        {c.messages.map((m, i) => (
          <p key={i} class="error">
            line {n}: {m}
          </p>
        ))}
      </li>
    );
  const line = c.line!;
  const one: Card = { id: "preview", name: "preview", lines: [line] };
  return (
    <li class="editor-line good" data-line={n}>
      <span class="line-no">Line {n}</span>
      <CardLineView card={one} line={line} title={line.category} />
    </li>
  );
}

function download(name: string, body: string, type: string) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([body], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function Editor({ id }: { id: string | null }) {
  const params = new URLSearchParams(location.search);
  const share = params.get("share");
  const league = params.get("league") ?? undefined;
  const [stored, setStored] = useState<StoredCard | null>(null);
  const [name, setName] = useState("");
  const [text, setText] = useState(id ? "" : EXAMPLE);
  const [loadError, setLoadError] = useState("");
  const [msg, setMsg] = useState("");
  // a new card is saved, then opened at its own address: that page says it was saved
  const [saved, setSaved] = useState(params.get("saved") === "1" ? "Saved. Your card is stored under its name in Your cards." : "");
  const [serverProblems, setServerProblems] = useState<Problem[]>([]);
  const [shareUrl, setShareUrl] = useState("");
  const [busy, setBusy] = useState(false);
  // a new card for a league says so: the organiser came from the league's tools and the card will be the league's
  const [leagueName, setLeagueName] = useState("");
  useEffect(() => {
    if (!id && league) leagueApi.get(league).then((p) => setLeagueName(p.league.name), () => setLeagueName(""));
  }, [id, league]);

  useEffect(() => {
    if (!id) return;
    cardsApi.get(id, share).then(
      (c) => {
        setStored(c);
        setName(c.name);
        setText(c.text.replace(/^name:.*\n\n?/i, ""));
      },
      (e) => setLoadError((e as Error).message),
    );
  }, [id]);

  const lines = text.split("\n");
  const above = categoriesAbove(lines);
  const whole = useMemo(() => cardFromText(text, { id: "draft", name: name || "draft" }), [text, name]);
  const cardProblems = whole.ok ? [] : whole.problems.filter((p) => p.line === null || !lines[p.line - 1] || check(lines[p.line - 1]!, above[p.line - 1]).ok);

  if (loadError) return <p class="error" role="alert">{loadError}</p>;
  if (id && !stored) return <p class="loading">Loading the card…</p>;
  if (stored && !stored.canEdit)
    return (
      <section class="card-viewer">
        <h1>{stored.name}</h1>
        <p class="muted">{stored.league ? `${stored.league.name}'s card.` : share ? "Shared with you to read. Duplicate it to make a copy of your own." : "A card you can read."}</p>
        <p class="row">
          <button type="button" onClick={() => cardsApi.duplicate(stored.id, { share }).then((r) => navigate(`/cards/${r.id}`), (e) => setMsg((e as Error).message))}>Duplicate</button>
          <a href={cardsApi.exportUrl(stored.id, "text", share)} download>Export (text)</a>
        </p>
        {msg ? <p role="status">{msg}</p> : null}
        <CardLegend />
        <CardView card={stored.card} />
      </section>
    );

  const save = async () => {
    setBusy(true);
    setMsg("");
    setSaved("");
    setServerProblems([]);
    try {
      if (id) {
        await cardsApi.update(id, { name, text });
        setSaved(`Saved at ${new Date().toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })}. Games already started keep the card they started with.`);
      } else {
        const r = await cardsApi.create({ name, text, league });
        navigate(`/cards/${r.id}?saved=1`, true);
      }
    } catch (e) {
      setServerProblems(problemsOf(e));
      setMsg((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const importFile = async (file: File) => {
    const body = await file.text();
    let data: unknown = null;
    try {
      data = JSON.parse(body);
    } catch {
      setText(body.replace(/^name:.*\n\n?/i, ""));
      const m = /^name:\s*(.*)$/im.exec(body);
      if (m) setName(m[1]!.trim());
      return;
    }
    const v = validateCard(data);
    if (!v.ok) return setMsg(`That file is not a card: ${v.problems.slice(0, 3).map((p) => (p.line ? `${p.line}: ` : "") + p.message).join("; ")}`);
    setName(v.card.name);
    setText(cardToText(v.card).replace(/^name:.*\n\n?/i, ""));
  };

  const good = lines.filter((l, i) => { const c = check(l, above[i]); return c.ok && c.line; }).length;
  const bad = lines.filter((l, i) => !check(l, above[i]).ok).length;
  // Why Save cannot be pressed yet, said beside it.
  const blocked = !name.trim()
    ? "Give the card a name (at the top) to save it."
    : bad
      ? `Put right the ${bad === 1 ? "line" : `${bad} lines`} marked in red to save the card.`
      : !whole.ok
        ? "Put right what is said in red above the button to save the card."
        : "";

  return (
    <section class="card-editor">
      <h1>{id ? `Edit ${stored?.name ?? "card"}` : leagueName ? `New card for ${leagueName}` : "New card"}</h1>
      {!id && leagueName ? <p class="muted">The card will belong to the league “{leagueName}”: its members can read it, and a new season can be played with it.</p> : null}
      <label for="card-name">Name of the card</label>
      <input id="card-name" value={name} maxLength={100} placeholder="Our club card 2027" onInput={(e) => setName(e.currentTarget.value)} />
      <label for="card-text">Hands, one per line: category | hand | value | C or X | note</label>
      <textarea
        id="card-text"
        rows={10}
        spellcheck={false}
        autocapitalize="off"
        autocomplete="off"
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <p class="muted small">
        Example: <span class="mono">2468 | FF 2222a 44a 6666b 88b | 25 | X | any two suits</span>. Letters a, b, c are suits; n, m are any number; F flower; 0 Soap; D the
        suit's dragon. Leave the category empty to repeat the one above. <a href="/rules/general#your-club-s-card">How to write a hand</a>
      </p>
      <p role="status" class="editor-summary">
        {good} {good === 1 ? "hand" : "hands"} ready{bad ? `, ${bad} with a mistake` : ""}.
      </p>
      <ul class="editor-lines card-lines" aria-label="Lines, checked as you type">
        {lines.map((l, i) => (
          <LineRow key={i} n={i + 1} text={l} above={above[i]!} />
        ))}
      </ul>
      {cardProblems.concat(serverProblems.filter((p) => p.line === null)).map((p, i) => (
        <p key={i} class="error">{p.line ? `line ${p.line}: ` : ""}{p.message}</p>
      ))}
      {msg ? <p role="status" class="error">{msg}</p> : null}
      <p class="row">
        <button class="primary" type="button" disabled={busy || !!blocked} aria-describedby={blocked ? "save-why" : undefined} onClick={save}>
          {busy ? "Saving…" : "Save the card"}
        </button>
      </p>
      {blocked ? <p id="save-why" class="hint-line save-why">{blocked}</p> : null}
      <p role="status" class={saved ? "notice saved" : "saved"}>{saved}</p>
      <p class="row">
        <label class="button">
          Import a file <input type="file" accept=".txt,.json,text/plain,application/json" style="display:none" onChange={(e) => e.currentTarget.files?.[0] && importFile(e.currentTarget.files[0])} />
        </label>
        <button type="button" onClick={() => download(`${(name || "card").replace(/[^A-Za-z0-9 _-]+/g, "").trim() || "card"}.txt`, `name: ${name}\n\n${text}`, "text/plain")}>Export</button>
      </p>
      {stored ? (
        <p class="row">
          <button type="button" onClick={() => cardsApi.duplicate(stored.id, { name: `${stored.name} (next year)` }).then((r) => navigate(`/cards/${r.id}`), (e) => setMsg((e as Error).message))}>
            Duplicate to start next year's
          </button>
          <button type="button" onClick={() => cardsApi.share(stored.id).then((r) => setShareUrl(r.url), (e) => setMsg((e as Error).message))}>
            Share a read-only copy
          </button>
        </p>
      ) : null}
      {shareUrl ? (
        <p>
          Send this link to another organiser; they can read the card and make their own copy: <input readOnly value={shareUrl} onFocus={(e) => e.currentTarget.select()} />
        </p>
      ) : null}
    </section>
  );
}

export default function CardsPage({ me: _me, id }: { me: Me; id?: string }) {
  if (id === undefined) {
    const league = new URLSearchParams(location.search).get("league") ?? undefined;
    return <CardList key={league ?? ""} league={league} />;
  }
  return <Editor key={id} id={id === "new" ? null : id} />;
}
