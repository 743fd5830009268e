/** The sample card, as a player reads a printed card: lines by category, colours for suits, value, X or C. */
import { SAMPLE_CARD, lineName } from "../table/card";
import { builtinCards } from "../../../worker/engine/card/index";
import { exampleTiles } from "../table/closest";
import { HintTiles } from "../table/Hints";

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

export default function CardViewer() {
  const card = builtinCards[SAMPLE_CARD.id];
  const categories: string[] = [];
  for (const l of SAMPLE_CARD.lines) if (!categories.includes(l.category)) categories.push(l.category);
  return (
    <section class="card-viewer">
      <h1>{SAMPLE_CARD.name}</h1>
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
      {categories.map((cat) => (
        <div key={cat}>
          <h2>{cat}</h2>
          {SAMPLE_CARD.lines.some((l) => l.category === cat && l.atomic) ? (
            <p class="notice atomic-card-note">
              Siamese only. Go for an Atomic hand on your first turn, before your first discard: rack 1 keeps 13 tiles for it and no tile moves between your racks
              unless you give it up. No number may repeat in it.
            </p>
          ) : null}
          <ul class="card-lines">
            {SAMPLE_CARD.lines
              .filter((l) => l.category === cat)
              .map((l) => {
                const [pattern, ...restrictions] = l.text.split(";");
                const example = card ? exampleTiles(card, l.id) : null;
                return (
                  <li key={l.id}>
                    <div class="card-line-name">
                      <strong>{lineName(l.id)}</strong>
                      {l.note ? <span class="muted"> — {l.note}</span> : null}
                    </div>
                    {example ? <HintTiles groups={example} plain /> : null}
                    <div class="card-pattern" aria-label={`Line ${l.id}: ${l.text}`}>
                      {pattern!.trim().split(/\s+/).map((t, i) => (
                        <Token key={i} token={t} />
                      ))}
                    </div>
                    <div class="card-meta">
                      <span class="card-value">{l.value} points</span>
                      <span class="card-xc" title={l.concealed ? "concealed" : "exposed allowed"}>{l.concealed ? "C" : "X"}</span>
                    </div>
                    <div class="muted card-note">
                      {restrictions.map((r) => r.trim()).filter(Boolean).join("; ")}
                    </div>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </section>
  );
}
