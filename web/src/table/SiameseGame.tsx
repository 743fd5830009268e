/** The Siamese game page body (Siamese editions and Royale): the table while it runs, your standing orders in the game menu, the result after, hints, chat. */
import { useEffect, useMemo, useState } from "preact/hooks";
import { GameHead } from "../game/GameHead";
import { hintsShown } from "../game/hints";
import type { TableProps } from "../table-types";
import { lineTitle, loadSampleCard, sampleNames, useGameCard } from "./card";
import { namesLines } from "./names-lines";
import { readTable } from "./model";
import { gameTableProps, Table } from "./Table";
// The game menu (folded until opened), and what shows only after the end: loaded after the tiles.
import { Chat, GameOver, MoveList, OrdersPanel, Pinned, RatingChanges } from "../game/parts";
import { afterTiles, laterPart, type Lazy } from "../lazy";
import { opened } from "../game/useGame";
// Royale's folded racks, which its table draws from the first drawing: loaded with the table (`ready`).
import { FoldedRacks } from "./SiameseRacks";

/** The hints' switch and the hints, under the table: after the tiles, as the hints always were. */
const HintsSection = laterPart(() => import("./HintsSection"), "HintsSection");

/**
 * The table, loaded (web/src/rulesets/game-tables.ts), with what its first drawing needs: the names of the sample card's
 * lines (./card-names.ts) when the game the page opened on names a line (./names-lines.ts: the Mah Jongg choices of a
 * Royale turn), or with no game known (the whole card comes after the tiles: `SiameseGame`); Royale's folded racks (`royale`).
 */
export const ready = (royale?: boolean) =>
  Promise.all([
    opened.game && !namesLines(opened.game) ? 0 : import("./card-names").then((m) => sampleNames(m.default)),
    royale && (FoldedRacks as unknown as Lazy<object>).load(),
  ]).then(() => ({ default: SiameseGame }));

export function SiameseGame({ game, seat, sync }: TableProps) {
  const id = game.id;
  // The whole sample card after the tiles (the table came with its lines' names at most): drawn again once in (a later turn may name a line).
  const [, cardIn] = useState(false);
  useEffect(() => void afterTiles.then(loadSampleCard).then(() => cardIn(true), () => {}), []);
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
