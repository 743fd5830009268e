/** The Wright-Patterson hand list (RULES §5), as the game page's viewer and the rules page show it. */
import { handListView } from "../../../../worker/engine/variants/siamese-wp/list-view";

const LIST = handListView();

/** The hand list as the card viewer shows it: each hand in words, an example in tiles, its limit. */
export function HandListViewer() {
  return (
    <div class="wp-hand-list">
      <p class="small">{LIST.limits.map((l) => `${l.words} ${l.points}`).join(" · ")}</p>
      {LIST.hands.map((h) => (
        <section key={h.id} class="wp-hand" aria-label={h.name}>
          <h4>
            {h.name} <span class="small">— {h.limitWords} ({h.points}){h.concealed ? ", concealed" : ""}</span>
          </h4>
          <p>{h.text}</p>
          {h.example ? <p class="small">Example: {h.exampleWords}</p> : null}
        </section>
      ))}
    </div>
  );
}
