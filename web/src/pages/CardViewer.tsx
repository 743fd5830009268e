/**
 * A card, as a player reads a printed card: lines by category, colours for suits, value, X or C.
 * The sample card at /card; a game's own card at /card?game=ID (the card the game keeps); a
 * stored card at /cards/:id (the editor shows it read-only to those who may not change it).
 * A ruleset played from a hand list instead of a card (Wright-Patterson Siamese) is chosen here, or
 * at /card?ruleset=<id>: its hands are shown with their limits.
 */
import { useEffect, useState } from "preact/hooks";
import { lineName } from "../table/card";
import { builtinCards, type Card, type CardLine } from "../../../worker/engine/card/index";
import { exampleTiles } from "../table/closest";
import { HintTiles } from "../table/Hints";
import { api } from "../api";
import { WEB_RULESETS, webRuleset, type HandList } from "../rulesets/registry";

/** The rulesets played from a hand list, by id (each list loads only when chosen). */
const HAND_LISTS = Object.entries(WEB_RULESETS).flatMap(([id, r]) => (r.handList ? [{ id, ...r.handList }] : []));
const handListOf = (id: string | null): HandList | undefined => (id ? webRuleset(id)?.handList : undefined);

// On a printed card, colour tells suits apart: each letter of the notation is a different suit.
const SUIT_CLASS: Record<string, string> = { a: "suit-a", b: "suit-b", c: "suit-c", B: "tone-bam", C: "tone-crak", D: "tone-dot" };

function Token({ token }: { token: string }) {
  const last = token[token.length - 1]!;
  let body = token, cls = "suit-none";
  if ("abc".includes(last)) {
    body = token.slice(0, -1);
    cls = SUIT_CLASS[last]!;
  } else if ((last === "B" || last === "C" || (last === "D" && !token.slice(0, -1).includes("D"))) && token.length > 1) {
    body = token.slice(0, -1);
    cls = SUIT_CLASS[last]!;
  }
  return <span class={`card-token ${cls}`}>{body}</span>;
}

/** One line of a card: example tiles, the printed pattern coloured by suit letter, value and C/X. */
export function CardLineView({ card, line, title }: { card: Card; line: CardLine; title?: string }) {
  const [pattern, ...restrictions] = line.text.split(";");
  const example = exampleTiles(card, line.id);
  return (
    <>
      <div class="card-line-name">
        <strong>{title ?? lineName(line.id)}</strong>
        {line.note ? <span class="muted"> — {line.note}</span> : null}
      </div>
      {example ? <HintTiles groups={example} plain /> : null}
      <div class="card-pattern" aria-label={`Line ${line.id}: ${line.text}`}>
        {pattern!.trim().split(/\s+/).map((t, i) => (
          <Token key={i} token={t} />
        ))}
      </div>
      <div class="card-meta">
        <span class="card-value">{line.value} points</span>
        <span class="card-xc" title={line.concealed ? "concealed" : "exposed allowed"}>{line.concealed ? "C" : "X"}</span>
      </div>
      <div class="muted card-note">
        {restrictions.map((r) => r.trim()).filter(Boolean).join("; ")}
      </div>
    </>
  );
}

export function CardLegend() {
  return (
    <div class="notice card-legend">
      <p>Each line is one hand of 14 tiles, shown in tiles (one way to make it) above the printed line. How to read the printed line:</p>
      <ul>
        <li>
          <strong class="suit-a">a</strong> <strong class="suit-b">b</strong> <strong class="suit-c">c</strong>: three different suits of your choice
        </li>
        <li>
          <strong>n</strong>, <strong>n+1</strong>: any number, then the next one
        </li>
        <li>
          <strong>D</strong>: the dragon of that suit (Green with Bams, Red with Craks, Soap with Dots); <strong>0</strong>: Soap
        </li>
        <li>
          <strong>F</strong>: flower; <strong>N E W S</strong>: winds; <strong>X</strong>: may be exposed; <strong>C</strong>: concealed until Mah Jongg
        </li>
      </ul>
    </div>
  );
}

/** A whole card, by category. */
export function CardView({ card }: { card: Card }) {
  const categories: string[] = [];
  for (const l of card.lines) if (!categories.includes(l.category)) categories.push(l.category);
  return (
    <>
      {categories.map((cat) => {
        const lines = card.lines.filter((l) => l.category === cat);
        return (
          <div key={cat}>
            <h2>{cat}</h2>
            {lines.some((l) => l.atomic) ? (
              <p class="notice atomic-card-note">
                Siamese only. Go for an Atomic hand on your first turn, before your first discard: rack 1 keeps 13 tiles for it and no tile moves between your racks
                unless you give it up. No number may repeat in it.
              </p>
            ) : null}
            <ul class="card-lines">
              {lines.map((l, i) => (
                <li key={l.id}>
                  <CardLineView card={card} line={l} title={`${cat}, line ${i + 1}`} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}

/** Which hands to show: the card (American and Siamese) or a ruleset's hand list. */
function RulesetChoice({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <p class="row">
      <label>
        Rules{" "}
        <select value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
          <option value="card">The card (American, Siamese)</option>
          {HAND_LISTS.map((h) => (
            <option key={h.id} value={h.id}>
              {h.choice}
            </option>
          ))}
        </select>
      </label>
    </p>
  );
}

export default function CardViewer() {
  const params = new URLSearchParams(location.search);
  const gameId = params.get("game");
  const [ruleset, setRuleset] = useState(handListOf(params.get("ruleset")) ? params.get("ruleset")! : "card");
  const choose = (v: string) => {
    setRuleset(v);
    history.replaceState(null, "", handListOf(v) ? `/card?ruleset=${encodeURIComponent(v)}` : "/card");
  };
  const handList = handListOf(ruleset);
  const [card, setCard] = useState<Card | null>(gameId ? null : builtinCards["sample-2026"]!);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!gameId) return;
    api.getGame(gameId).then(
      (g) => {
        const c = g.options?.card;
        // A private card is shown to the game's players only; anyone else gets its name.
        if (c && typeof c === "object" && !Array.isArray((c as Partial<Card>).lines)) return setError(`This game was played with “${(c as { name?: string }).name ?? "a club's card"}”, a private card: only the game's players can read it.`);
        setCard(c && typeof c === "object" ? (c as Card) : (builtinCards[String(c ?? "sample-2026")] ?? builtinCards["sample-2026"]!));
      },
      (e) => setError((e as Error).message),
    );
  }, [gameId]);
  if (error) return <p class="error" role="alert">{error}</p>;
  if (!gameId && handList)
    return (
      <section class="card-viewer">
        <h1>{handList.title}</h1>
        <RulesetChoice value={ruleset} onChange={choose} />
        <p class="muted">{handList.about}</p>
        <handList.list />
      </section>
    );
  if (!card) return <p class="loading">Loading the card…</p>;
  return (
    <section class="card-viewer">
      <h1>{card.name}</h1>
      {gameId ? null : <RulesetChoice value={ruleset} onChange={choose} />}
      {gameId ? <p class="muted">The card of this game, as it was when the game started.</p> : null}
      <CardLegend />
      <CardView card={card} />
    </section>
  );
}
