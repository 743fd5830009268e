/**
 * The rule book, one page per part: /rules is the index, /rules/<part> one ruleset (linked from its
 * table), the pages every ruleset shares (tiles and the card, finding a game, ratings) and how
 * correspondence play works. Each part is its own file in content/rules and is shown as written,
 * except that the engine's names for rulesets and options become the words players see in the forms.
 */
import { useEffect, useState } from "preact/hooks";
import intro from "../content/rules/intro.md?raw";
import general from "../content/rules/general.md?raw";
import findingGames from "../content/rules/finding-games.md?raw";
import ratings from "../content/rules/ratings.md?raw";
import correspondence from "../content/rules/correspondence.md?raw";
import { rulesets } from "../../../worker/engine/rulesets";
import { Markdown } from "../components/markdown";
import { webRuleset } from "../rulesets/registry";
import "./rules.css";

/** The pages every ruleset shares, in the index's order. */
const SHARED: { id: string; title: string; text: string; says: string }[] = [
  { id: "correspondence", title: "How correspondence play works", text: correspondence, says: "Moves over days, the clock, time outs and vacations." },
  { id: "general", title: "Tiles and the card", text: general, says: "The tile sets, and how the American card and your club's card are read." },
  { id: "finding-games", title: "Finding a game", text: findingGames, says: "Open challenges, Play now, and the computer players." },
  { id: "ratings", title: "Ratings and your results", text: ratings, says: "How a finished game counts, and how ratings move." },
];

/** Every word of ours in `code` the rule files use (ruleset ids, option keys and values), in the players' words. */
const WORDS: Record<string, string> = {};
for (const r of rulesets) {
  WORDS[r.id] = r.short;
  for (const o of r.options) {
    WORDS[o.key] = o.label;
    for (const v of o.values ?? []) {
      if (typeof v.value !== "string") continue;
      WORDS[v.value] = v.label;
      WORDS[`${o.key}: ${v.value}`] = `${o.label}: ${v.label}`;
    }
  }
}

/** The text as players read it: no "— `siamese`" after a heading, no ids in code. */
export function inPlayersWords(text: string): string {
  return text
    .replace(/\s+—\s+`([^`]+)`\s*$/gm, (m, id: string) => (WORDS[id] && rulesets.some((r) => r.id === id) ? "" : m))
    .replace(/`([^`]+)`/g, (m, code: string) => WORDS[code] ?? m);
}

const Ruling = () => (
  <p class="notice">
    Everything marked <strong>Ruling</strong> is a choice we made where the published rules are silent or unclear. The
    game follows these rules exactly.
  </p>
);

function Index() {
  return (
    <article class="rules-index">
      <h1>Rules</h1>
      <p>Choose a game to read its rules, or a page every game shares.</p>
      <h2>The games</h2>
      <ul class="link-list">
        {rulesets.map((r) => (
          <li key={r.id}>
            <a href={`/rules/${r.id}`}>{r.name}</a>
            <span class="small muted"> {r.description}</span>
          </li>
        ))}
      </ul>
      <h2>For every game</h2>
      <ul class="link-list">
        {SHARED.map((p) => (
          <li key={p.id}>
            <a href={`/rules/${p.id}`}>{p.title}</a>
            <span class="small muted"> {p.says}</span>
          </li>
        ))}
      </ul>
      <h2>About these rules</h2>
      {/* the intro's own title is this page's */}
      <Markdown text={inPlayersWords(intro.replace(/^#\s.*\n/, ""))} />
      <Ruling />
    </article>
  );
}

/** A ruleset's part of the rule book (its own file, loaded when asked for), or null while it loads. */
function useRulesetText(part: string): string | null {
  const [text, setText] = useState<{ part: string; text: string } | null>(null);
  useEffect(() => {
    let current = true;
    webRuleset(part)
      ?.rules()
      .then((t) => current && setText({ part, text: t }));
    return () => void (current = false);
  }, [part]);
  return text?.part === part ? text.text : null;
}

/** One part of the rule book as a page of its own; its first heading is the page's. */
export default function Rules({ part }: { part?: string }) {
  const ruleset = rulesets.find((r) => r.id === part);
  const web = ruleset && webRuleset(ruleset.id);
  const rulesetText = useRulesetText(web ? ruleset.id : "");
  if (!part) return <Index />;
  const shared = SHARED.find((p) => p.id === part);
  if (web && rulesetText === null) return <p class="loading" aria-busy="true">Loading the rules…</p>;
  const text = web ? rulesetText : shared?.text;
  if (!text)
    return (
      <p class="notice">
        There is no such part of the rules. <a href="/rules">See all the rules</a>.
      </p>
    );
  const handList = web?.handList;
  return (
    <article class="rules-page">
      <p class="crumbs">
        <a href="/rules">All the rules</a>
      </p>
      {shared ? (
        <>
          {/* a shared page may hold several parts of the book: its own title heads them */}
          <h1>{shared.title}</h1>
          {part === "correspondence" ? (
            <>
              <p>
                A game here is played by post, in a way: you make your move when it suits you, and the game waits for the
                others. We tell you by email (or a notification on your phone) when it is your turn.
              </p>
              <p>
                Each move has a time limit of days, chosen when the game is set up. Your clock runs only while it is your
                turn. If you are away, you can pause all your clocks with a vacation from Settings.
              </p>
              <p>You can have many games going at once; your games page shows which ones are waiting for you.</p>
            </>
          ) : null}
          <Markdown text={inPlayersWords(text)} top={1} />
        </>
      ) : (
        <Markdown text={inPlayersWords(text)} top={0} />
      )}
      {handList ? (
        <section aria-label={handList.title}>
          <h2>{handList.title}</h2>
          <handList.list />
        </section>
      ) : null}
      {ruleset ? <Ruling /> : null}
      {ruleset ? (
        <p>
          For every game: <a href="/rules/correspondence">how correspondence play works</a>, <a href="/rules/general">tiles and the card</a>,{" "}
          <a href="/rules/finding-games">finding a game</a> and <a href="/rules/ratings">ratings</a>.
        </p>
      ) : null}
    </article>
  );
}
