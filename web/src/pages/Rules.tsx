import rules from "../content/RULES.md?raw";
import timeout from "../content/timeout.md?raw";
import { Markdown } from "../components/markdown";

/** The rule book the engine implements, with every ruling we made marked "Ruling". */
export default function Rules() {
  return (
    <article>
      <p class="notice">
        Everything marked <strong>Ruling</strong> is a choice we made where the published rules are silent or unclear. The
        game follows these rules exactly.
      </p>
      <Markdown text={rules} />
      <hr />
      <Markdown text={timeout} />
    </article>
  );
}
