/** The sample card, as a player reads a printed card: lines by category, colours for suits, value, X or C. */
import { SAMPLE_CARD } from "../table/card";

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
  const categories: string[] = [];
  for (const l of SAMPLE_CARD.lines) if (!categories.includes(l.category)) categories.push(l.category);
  return (
    <section class="card-viewer">
      <h1>{SAMPLE_CARD.name}</h1>
      <p class="notice">
        Each line is one hand of 14 tiles. Colours stand for suits: <span class="suit-a">green</span>, <span class="suit-b">red</span> and{" "}
        <span class="suit-c">blue</span> are three different suits of your choice (any suit, unless the note says otherwise). F is a flower, D a
        dragon of that suit's colour, 0 is Soap. <strong>X</strong>: you may expose; <strong>C</strong>: concealed until Mah Jongg.
      </p>
      {categories.map((cat) => (
        <div key={cat}>
          <h2>{cat}</h2>
          <ul class="card-lines">
            {SAMPLE_CARD.lines
              .filter((l) => l.category === cat)
              .map((l) => {
                const [pattern, ...restrictions] = l.text.split(";");
                return (
                  <li key={l.id}>
                    <div class="card-pattern" aria-label={`Line ${l.id}: ${l.text}`}>
                      {pattern!.trim().split(/\s+/).map((t, i) => (
                        <Token key={i} token={t} />
                      ))}
                    </div>
                    <div class="card-meta">
                      <span class="card-value">{l.value}</span>
                      <span class="card-xc" title={l.concealed ? "concealed" : "exposed allowed"}>{l.concealed ? "C" : "X"}</span>
                    </div>
                    <div class="muted card-note">
                      {[l.note, ...restrictions.map((r) => r.trim())].filter(Boolean).join("; ")} <span class="card-id">({l.id})</span>
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
