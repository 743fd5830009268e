/**
 * "Play by typing": one line to type moves and questions in plain words ("discard 3 dot", "pass",
 * "pung", "mah jongg", "hand", "discards", "clock", "who", "help"), answered in the table's live
 * region (voice.ts) and, for the eye, in the few lines above the box. The words are commands.ts's,
 * the answers reading.ts's; the ruleset reads its own table (its `reading` in the web registry) and
 * names tiles in its own words (its head's). Loaded only when opened.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Move } from "../../../worker/engine/api";
import { headOf } from "../../../worker/engine/rulesets";
import { tileName, tileSet as kindsOf, type Kind } from "../../../worker/engine/tile-kinds";
import type { GameInfo } from "../api";
import { tileLabel } from "../components/tile-words";
import { MOVED_ON, refusalWords, type GameSync } from "../game/useGame";
import { decisionOf } from "./announce";
import { webRuleset } from "../rulesets/registry";
import { parseCommand, resolveCommand, tileVocabulary } from "./commands";
import { decisionTarget } from "./keyboard";
import { clockText, discardsText, handText, helpText, lastText, statusText, whoText, type Reader } from "./reading";
import { listen, say, spoken, type Line } from "./voice";

export function CommandLine({ game, seat, sync, onClose }: { game: GameInfo; seat: number; sync: GameSync; onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [reader, setReader] = useState<Reader | null>(null);
  const [offered, setOffered] = useState<Move[]>([]);
  const [lines, setLines] = useState<Line[]>(spoken);
  useEffect(() => listen(setLines), []);
  useEffect(() => {
    input.current?.focus();
    void webRuleset(game.ruleset)?.reading().then((r) => setReader(() => r));
  }, [game.ruleset]);
  // the board below takes the rest of the screen from where it starts (table/Board.tsx measures that on a resize)
  const fit = () => window.dispatchEvent(new Event("resize"));
  useEffect(() => void fit(), [lines]);
  useEffect(() => () => void requestAnimationFrame(fit), []);
  /**
   * A move sent, and how it went: refused, it is said; refused only because the game moved on meanwhile
   * (the others' choices or answers) while your own choice stands as it was, it is sent again, once, from
   * the game it came back with. (Awaited here, not watched from the page's drawings: an effect of a
   * drawing made before the move was sent once took its record, and a refusal was then neither said nor tried again.)
   */
  const sendMove = async (move: Move) => {
    const key = decisionOf(legal, "")?.key;
    const refused = await sync.send(move);
    if (!refused) return;
    const now = (refused.body as { game?: GameInfo } | undefined)?.game;
    const legalNow = (now?.legalMoves ?? []) as Move[];
    const stands = refusalWords(refused) === MOVED_ON && decisionOf(legalNow, "")?.key === key && legalNow.some((x) => JSON.stringify(x) === JSON.stringify(move));
    const last = stands ? await sync.send(move, now!.version) : refused;
    if (last) say(refusalWords(last));
  };
  // a choice offered holds only while the table stays as it was
  useEffect(() => setOffered([]), [game.version]);

  // tiles in the ruleset's own words: its head's names (Wright-Patterson's own), and its faces' short words
  const words = useMemo(() => {
    const head = headOf(game.ruleset);
    const name = head.tileName ?? ((k: Kind) => tileName(k, head.tileSet));
    return { name, vocabulary: tileVocabulary(kindsOf(head.tileSet), [name, (k) => tileLabel(k, head.tileSet)]) };
  }, [game.ruleset]);

  const names = game.players.map((p) => p.name ?? `Seat ${p.seat + 1}`);
  const reading = () => reader?.(game.view, seat, names, game.id, words.name) ?? null;
  const legal = game.legalMoves as Move[];
  const received = useRef(Date.now());
  useEffect(() => void (received.current = Date.now()), [game]);
  const now = () => game.now + (Date.now() - received.current);

  // a command typed while the last move is on its way, or before the ruleset's reading has loaded (the
  // line takes the focus as it opens), is carried out when they have come, against the table as it is then
  const waiting = useRef<string[]>([]);
  const runLatest = useRef<(text: string) => unknown>(() => {});
  useEffect(() => {
    if (sync.busy || !reader) return;
    const next = waiting.current.shift();
    if (next !== undefined) void runLatest.current(next);
  }, [sync.busy, game.version, reader]);

  const run = async (text: string) => {
    if (sync.busy) return void waiting.current.push(text);
    const parsed = parseCommand(text, words.vocabulary);
    if (!parsed.ok) return say(parsed.message);
    if (!reader && parsed.command.verb !== "help" && parsed.command.verb !== "close") return void waiting.current.push(text);
    const r = reading();
    if (!r && parsed.command.verb !== "help" && parsed.command.verb !== "close") return say("The table is still loading: try again in a moment.");
    const out = resolveCommand(parsed.command, { legal, mine: r?.racks.flatMap((x) => x.tiles) ?? [], offered, jokerKind: r?.jokerKind, name: words.name });
    switch (out.kind) {
      case "move":
        setOffered([]);
        // what it did is said by the table's announcer, with what the others did after it
        return sendMove(out.move);
      case "choose":
        setOffered(out.choices);
        return say(`Which one? ${out.choices.map((m, i) => `${i + 1}: ${r!.label(m)}`).join(". ")}. Type its number.`);
      case "say":
        return say(out.text);
      case "close":
        return close();
      case "read": {
        const texts: Record<typeof out.what, () => string> = {
          hand: () => handText(r!, words.name),
          discards: () => discardsText(r!, words.name),
          who: () => whoText(r!, game.players),
          clock: () => clockText(game.players, seat, now()),
          status: () => (game.status === "ended" ? "The game is over." : statusText(legal, game.players, seat, r, words.name)),
          last: () => lastText(game.events, out.n),
          help: () => helpText(legal),
        };
        return say(texts[out.what]());
      }
    }
  };
  runLatest.current = run;
  const close = () => {
    onClose();
    requestAnimationFrame(() => decisionTarget()?.focus());
  };

  return (
    <section class="command-line" aria-label="Play by typing">
      <ol class="transcript" aria-hidden="true">
        {lines.slice(-4).map((l) => (
          <li key={l.n} class={l.typed ? "typed" : l.urgent ? "urgent" : undefined}>{l.text}</li>
        ))}
      </ol>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          const text = input.current?.value.trim() ?? "";
          if (input.current) input.current.value = "";
          if (text) {
            say(`› ${text}`, false, true);
            void run(text);
          }
        }}
      >
        <label for="command">Your command (help lists them)</label>
        <input
          id="command"
          ref={input}
          autocomplete="off"
          autocapitalize="off"
          spellcheck={false}
          enterkeyhint="send"
          placeholder="Type a command, or help"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              close();
            }
          }}
        />
        <button type="submit" class="primary">Send</button>
        <button type="button" onClick={close}>Close</button>
      </form>
    </section>
  );
}
