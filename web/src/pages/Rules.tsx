import intro from "../content/rules/intro.md?raw";
import general from "../content/rules/general.md?raw";
import siamese from "../content/rules/siamese.md?raw";
import siameseMjm from "../content/rules/siamese-mjm.md?raw";
import siameseWp from "../content/rules/siamese-wp.md?raw";
import american from "../content/rules/american.md?raw";
import chineseMing from "../content/rules/chinese-ming.md?raw";
import royale from "../content/rules/royale.md?raw";
import findingGames from "../content/rules/finding-games.md?raw";
import ratings from "../content/rules/ratings.md?raw";
import correspondence from "../content/rules/correspondence.md?raw";
import { Markdown } from "../components/markdown";
import { HandListViewer } from "../table/wp/HandList";

const BEFORE_WP = [intro, general, siamese, siameseMjm, siameseWp].join("\n");
const AFTER_WP = [american, chineseMing, royale, findingGames, ratings].join("\n");

/** The rule book the engine implements, with every ruling we made marked "Ruling". */
export default function Rules() {
  return (
    <article>
      <p class="notice">
        Everything marked <strong>Ruling</strong> is a choice we made where the published rules are silent or unclear. The
        game follows these rules exactly.
      </p>
      <Markdown text={BEFORE_WP} />
      <section aria-label="The Wright-Patterson hand list">
        <h3>The Wright-Patterson hand list</h3>
        <HandListViewer />
      </section>
      <Markdown text={AFTER_WP} />
      <hr />
      <Markdown text={correspondence} />
    </article>
  );
}
