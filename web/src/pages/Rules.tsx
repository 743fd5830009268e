import rules from "../content/RULES.md?raw";
import timeout from "../content/timeout.md?raw";
import { Markdown } from "../components/markdown";
import { HandListViewer } from "../table/wp/HandList";

// The Wright-Patterson hand list (data, like a card) is shown right after §5 of the rule book.
const WP_END = rules.indexOf("\n## 6.");

/** The rule book the engine implements, with every ruling we made marked "Ruling". */
export default function Rules() {
  return (
    <article>
      <p class="notice">
        Everything marked <strong>Ruling</strong> is a choice we made where the published rules are silent or unclear. The
        game follows these rules exactly.
      </p>
      <Markdown text={WP_END > 0 ? rules.slice(0, WP_END) : rules} />
      {WP_END > 0 ? (
        <section aria-label="The Wright-Patterson hand list">
          <h3>The Wright-Patterson hand list</h3>
          <HandListViewer />
        </section>
      ) : null}
      {WP_END > 0 ? <Markdown text={rules.slice(WP_END)} /> : null}
      <hr />
      <Markdown text={timeout} />
    </article>
  );
}
