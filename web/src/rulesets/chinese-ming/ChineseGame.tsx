/** The chinese-ming game page body: the table while the match runs, the final standings and every hand's sheets after. */
import type { Move } from "../../../../worker/engine/api";
import type { ChineseView } from "../../../../worker/engine/variants/chinese-ming/view";
import { GameHead } from "../../game/GameHead";
import type { TableProps } from "../../table-types";
import { ChineseTable } from "./ChineseTable";
import { LastHand, RunningPoints } from "./parts";
import { ScoreSheet } from "./ScoreSheet";
import { Chat, MoveList, OrdersPanel, RatingChanges, Verify } from "../../game/parts";

/** What a game of each length is called: a game stored without one is a whole match. */
const LENGTH_WORDS: Record<string, string> = { hand: "hand", round: "round", match: "match" };
/** How long this game lasts, said while it runs. */
const LENGTH_LINE: Record<string, string> = {
  hand: "One hand: the game ends with this hand.",
  round: "One round: the game ends when the Jong has gone round the table once.",
  match: "Whole match: four rounds, East, South, West and North.",
};

export default function ChineseGame({ game, seat, sync }: TableProps) {
  const { busy, error, send: onMove } = sync;
  const view = game.view as ChineseView | null;
  const names = game.players.map((p) => p.name);
  const rating = <RatingChanges game={game} seat={seat} />;
  if (!view) return <>{rating}<p class="notice">Waiting for four players: the game starts when the fourth accepts the invitation.</p></>;
  const played = LENGTH_WORDS[String(view.options?.length)] ?? "match";
  return (
    <>
    {rating}
    <div>
      <GameHead game={game} seat={seat} title="Chinese Mah Jongg with" />
      {game.status !== "ended" ? <p class="muted cm-length">{LENGTH_LINE[played]}</p> : null}
      {game.status === "ended" ? (
        <section class="cm-over">
          <h2>The {played} is over</h2>
          <ul>
            {game.result?.lines.map((l, i) => (
              <li key={i}>
                {names[l.seat] ?? `Seat ${l.seat + 1}`}: {l.points > 0 ? "+" : ""}
                {l.points} — {l.detail}
              </li>
            ))}
          </ul>
          <RunningPoints view={view} names={names} />
          {view.hands.map((h) => (
            <details key={h.number}>
              <summary>Hand {h.number + 1}: score sheets</summary>
              {h.sheets.map((sheet, s) => <ScoreSheet key={s} sheet={sheet} caption={`${names[s] ?? `Seat ${s + 1}`}: ${sheet.score}`} />)}
            </details>
          ))}
          <Verify game={game} seed={(view as { seed?: string }).seed ?? null} />
        </section>
      ) : seat >= 0 ? (
        <>
          <ChineseTable view={view} version={game.version} seat={seat} names={names} legal={game.legalMoves as Move[]} busy={busy} error={error} lastEvent={game.events.filter((e) => e.text).at(-1)?.text ?? ""} clocks={game.players} onMove={onMove} />
          <OrdersPanel game={game} seat={seat} busy={busy} onMove={onMove} windowHours={(view.options as { windowHours?: number }).windowHours ?? 12} throws="chinese" />
          <MoveList events={game.events} />
          <RunningPoints view={view} names={names} />
          <LastHand view={view} names={names} />
        </>
      ) : (
        <RunningPoints view={view} names={names} />
      )}
      <Chat gameId={game.id} me={seat} players={game.players} version={game.version} chatSeq={sync.chatSeq} />
      {game.status === "ended" ? <a href={`/replay/${game.id}`}>Replay this {played === "match" ? "match" : "game"}</a> : null}
    </div>
    </>
  );
}
