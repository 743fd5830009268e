/** The Siamese game page body (Siamese editions and Royale): the table while it runs, your standing orders in the game menu, the result after, hints, chat. */
import { useMemo } from "preact/hooks";
import { GameHead } from "../game/GameHead";
import { hintsShown } from "../game/hints";
import type { TableProps } from "../table-types";
import { lineTitle, useGameCard } from "./card";
import { readTable } from "./model";
import { gameTableProps, Table } from "./Table";
// The game menu (folded until opened), and what shows only after the end: loaded after the tiles.
import { Chat, GameOver, MoveList, OrdersPanel, Pinned, RatingChanges } from "../game/parts";
import { laterPart } from "../lazy";
// Royale's folded racks, which its table draws from the first drawing: game-tables.ts loads them with the table.
export { FoldedRacks } from "./SiameseRacks";

/** The hints' switch and the hints, under the table: after the tiles, as the hints always were. */
const HintsSection = laterPart(() => import("./HintsSection"), "HintsSection");


export function SiameseGame({ game, seat, sync }: TableProps) {
  const id = game.id;
  const table = useMemo(() => readTable(game.view), [game.view]);
  const ended = game.status === "ended";
  // The card the table and the hints measure against: the one the game keeps (a built-in id, or its own card's data).
  const cardId = useGameCard(game.options?.card);

  return (
    <div>
      <GameHead game={game} seat={seat} title="Game with" linked socket={sync.status} />
      {ended ? <RatingChanges game={game} seat={seat} /> : null}
      {ended ? <GameOver game={game} seat={seat} /> : null}
      {ended ? null : table && seat >= 0 ? (
        <Table {...gameTableProps(game, sync)} table={table} seat={seat} lineText={lineTitle} card={cardId} />
      ) : (
        <p class="notice">This game cannot be shown here.</p>
      )}
      {/* The game menu under the table (the table keeps the screen); claim windows only where any player may claim (Royale with 3–4 players) */}
      {!ended && seat >= 0 ? (
        <OrdersPanel game={game} seat={seat} busy={sync.busy} onMove={sync.send} windowHours={table?.preference ? ((game.options as { windowHours?: number } | undefined)?.windowHours ?? 12) : null} lineName={lineTitle} />
      ) : null}
      <MoveList events={game.events} />
      {hintsShown(game) && game.status === "active" && table ? (
        <Pinned game={game} seat={seat} busy={sync.busy} onMove={sync.send}>
          <HintsSection gameId={id} table={table} seat={seat} card={cardId} />
        </Pinned>
      ) : null}
      <Chat gameId={id} me={seat} players={game.players} version={game.version} chatSeq={sync.chatSeq} />
      <p class="row">
        <a href={typeof game.options?.card === "object" ? `/card?game=${id}` : "/card"}>See the card</a>
        {ended ? <a href={`/replay/${id}`}>Replay this game</a> : null}
      </p>
    </div>
  );
}
