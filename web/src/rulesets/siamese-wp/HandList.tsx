/** The Wright-Patterson hand list (RULES §5), as the game page's viewer, the card viewer and the rules page show it. */
import { parseTiles } from "../../../../worker/engine/tiles";
import { handListView } from "../../../../worker/engine/variants/siamese-wp/list-view";
import { Tile } from "../../components/Tile";
import { TileWordsContext } from "../../components/tile-words";
import { WP_WORDS } from "./tile-words";
import "./wp.css";

const LIST = handListView();

/** The hand list as the card viewer shows it: each hand in words, an example in tiles, its limit. */
export function HandListViewer() {
  return (
    <TileWordsContext.Provider value={WP_WORDS}>
      <div class="wp-hand-list">
        <p class="small">{LIST.limits.map((l) => `${l.words} ${l.points}`).join(" · ")}</p>
        {LIST.hands.map((h) => (
          <section key={h.id} class="wp-hand" aria-label={h.name}>
            <h4>
              {h.name} <span class="small">— {h.limitWords} ({h.points}){h.concealed ? ", concealed" : ""}</span>
            </h4>
            <p>{h.text}</p>
            {h.example ? (
              <div class="tiles wrap wp-example" role="group" aria-label={`Example: ${h.exampleWords}`}>
                {parseTiles(h.example).map((k, i) => (
                  <Tile key={i} kind={k} size="sm" />
                ))}
              </div>
            ) : null}
          </section>
        ))}
      </div>
    </TileWordsContext.Provider>
  );
}

export default HandListViewer;
