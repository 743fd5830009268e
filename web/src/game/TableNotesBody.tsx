/**
 * The notes above the table (./TableNotes.tsx draws them when a game has any): what a player coming back over days must read first, above every table (issue 36): a time-out
 * ("Your time ran out on move 41: we drew and threw for you. Two more in a row and the game ends as
 * abandoned by you.", the others reading it in the third person) while its streak lasts, and who
 * is away on vacation with their clock stopped ("Dave is away until Sat 3 pm; their clock is
 * stopped."). The service words the time-outs for each seat (worker/game/timeouts.ts).
 */
import type { GameInfo } from "../api";
import { untilWords, awayWords } from "../../../worker/lib/away";

type Shown = GameInfo["events"][number];

/** The latest time-out of `seat` that counts towards an abandonment (not a claim window's pass). */
const lastTimeout = (events: Shown[], seat: number) =>
  events.findLast((e) => {
    const ev = e.event as { type?: string; seat?: number; window?: boolean; streak?: number } | null;
    return ev?.type === "timeout" && ev.seat === seat && !ev.window && typeof ev.streak === "number";
  });

export default function TableNotesBody({ game, seat }: { game: GameInfo; seat: number }) {
  if (game.status !== "active") return null;
  const timedOut = game.players.flatMap((p) => {
    const e = p.timeouts > 0 ? lastTimeout(game.events, p.seat) : undefined;
    return e ? [{ seat: p.seat, text: e.text }] : [];
  });
  const away = game.players.filter((p) => p.onVacationUntil !== null && p.name);
  if (!timedOut.length && !away.length) return null;
  return (
    <div class="table-notes">
      {timedOut.map((t) => (
        <p key={`t${t.seat}`} class={`note timeout-note${t.seat === seat ? " yours" : ""}`}>
          {t.text}.
        </p>
      ))}
      {away.map((p) => (
        <p key={`v${p.seat}`} class="note away-note">
          {p.seat === seat ? (
            <>
              You are away until {untilWords(p.onVacationUntil!, game.now)}; your clocks are stopped. <a href="/settings">Back early?</a>
            </>
          ) : (
            `${awayWords(p.name!, p.onVacationUntil!, game.now)}.`
          )}
        </p>
      ))}
    </div>
  );
}
