/**
 * Keyboard and screen-reader play, mounted once on the game page above every table: the keys
 * (keyboard.ts), the announcer's two live regions (announce.ts: polite, and urgent for your turn and
 * your last minute), and the command line for typed moves ("Play by typing", CommandLine.tsx),
 * loaded only when opened — with T, its button, or the setting.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { GameInfo } from "../api";
import type { GameSync } from "../game/useGame";
import { lazyPart } from "../lazy";
import { announce, heardOf, type Heard } from "./announce";
import { useKeyboardPlay } from "./keyboard";
import { useAccessPrefs } from "./prefs";
import { listen, say, spoken, type Line } from "./voice";
import "./access.css";

const CommandLine = lazyPart(() => import("./CommandLine"), "CommandLine");

/** The game's time now, as this device reckons it from the answer's own clock. */
function useGameNow(game: GameInfo): () => number {
  const skew = useMemo(() => game.now - Date.now(), [game]);
  return () => Date.now() + skew;
}

function LiveRegions() {
  const [lines, setLines] = useState<Line[]>(spoken);
  useEffect(() => listen(setLines), []);
  const spokenLines = lines.filter((l) => !l.typed);
  return (
    <div class="sr-only" data-testid="live">
      <div role="log" aria-live="polite" aria-label="What happens at the table">
        {spokenLines.filter((l) => !l.urgent).map((l) => <p key={l.n} data-n={l.n}>{l.text}</p>)}
      </div>
      <div aria-live="assertive">
        {spokenLines.filter((l) => l.urgent).map((l) => <p key={l.n} data-n={l.n}>{l.text}</p>)}
      </div>
    </div>
  );
}

export function Access({ game, seat, sync }: { game: GameInfo; seat: number; sync: GameSync }) {
  const prefs = useAccessPrefs();
  // opened or closed on this page; until then, as the setting says
  const [open, setOpen] = useState<boolean | null>(null);
  const typing = open ?? prefs.playByTyping;
  const now = useGameNow(game);
  const heard = useRef<Heard | null>(null);
  const next = useMemo(() => heardOf(game, seat, now()), [game, seat]);

  const hear = (h: Heard) => {
    const said = announce(heard.current, h);
    heard.current = h;
    if (said) say(said.text, said.urgent);
  };
  useEffect(() => hear(next), [next]);
  // your clock within its last minutes: heard again now and then, so the last minute is said when it starts
  useEffect(() => {
    if (next.deadline === null || next.deadline - next.now > 5 * 60_000) return;
    const t = setInterval(() => heard.current && hear({ ...heard.current, now: now() }), 2000);
    return () => clearInterval(t);
  }, [next]);

  useKeyboardPlay(game.status === "active" ? next.decision : null, () => setOpen(true));

  if (seat < 0) return <LiveRegions />;
  return (
    <>
      <LiveRegions />
      {typing ? (
        <CommandLine game={game} seat={seat} sync={sync} onClose={() => setOpen(false)} />
      ) : (
        <button type="button" class="access-open" onClick={() => setOpen(true)} aria-keyshortcuts="T">
          Play by typing (T)
        </button>
      )}
    </>
  );
}
