/**
 * The Wright-Patterson Siamese game page (RULES §5): the Siamese table (two racks, the pool, the
 * discards, the moves the engine allows) with what this edition adds: the match (game, dealer, pot,
 * totals), each player's flowers laid out beside their racks with the racks' seat winds, every tile
 * named and drawn in the edition's own set (Bamboo, Characters, Circles; Flowers and Seasons), the hints
 * the service sends (nearest hands of the list per rack), the hand list viewer, and after the end the
 * game-over sheet with every payment of every game (Bouquet, limits, offsets, pot).
 */
import { useMemo, useState } from "preact/hooks";
import type { Hints } from "../../../../worker/engine/game/hints";
import { laterPart } from "../../lazy";
import { handName } from "./names";
import { TileWordsContext } from "../../components/tile-words";
import { GameHead } from "../../game/GameHead";
import { hintsShown, sentHints } from "../../game/hints";
import type { TableProps } from "../../table-types";
import { readTable } from "../../table/model";
import { gameTableProps, Table, type SeatNotes } from "../../table/Table";
import { Chat, MoveList, OrdersPanel, Pinned, RatingChanges } from "../../game/parts";
import { SeatFlowers, type WpSeat } from "./SeatFlowers";
import { WP_WORDS } from "./tile-words";
import "./wp.css";

// The hints and the hand list viewer load after the tiles; the table names hands from the list's data (./names.ts).
const WpHints = laterPart(() => import("./WpHints"), "WpHints");
const HandListViewer = laterPart(() => import("./HandList"), "HandListViewer");
/** After the end (a game over shows no tiles: it loads at once). */
const WpGameOver = laterPart(() => import("./WpGameOver"), "WpGameOver");
const WIND_WORDS: Record<number, string> = { 27: "North", 28: "East", 29: "West", 30: "South" };
interface WpExtra {
  game?: number;
  dealer?: number;
  match?: { games: number; played: number; pot: number; totals: number[] };
  seats?: WpSeat[];
  games?: { reason: string; lines: { seat: number; points: number; detail: string }[] }[];
}

/** The racks' seat winds ("East and South") and the flowers, as the shared table shows them beside a seat. */
function seatNotes(extra: WpExtra, me: number, name: (s: number) => string) {
  return (s: number): SeatNotes => {
    const p = extra.seats?.[s];
    const winds = (p?.winds ?? []).map((w) => WIND_WORDS[w] ?? "?");
    return {
      wind: winds.length ? winds.join(" and ") : undefined,
      east: extra.dealer === undefined ? undefined : extra.dealer === s,
      racks: winds.map((w) => `${w} wind`),
      // yours in the size of your exposures, the opponent's small on the felt
      beside: <SeatFlowers seat={p} whose={s === me ? "Your" : `${name(s)}'s`} size={s === me ? "md" : "sm"} />,
    };
  };
}

export default function WpGame({ game, seat, sync }: TableProps) {
  const table = useMemo(() => readTable(game.view), [game.view]);
  const extra = (game.view ?? {}) as WpExtra;
  const ended = game.status === "ended";
  const [listOpen, setListOpen] = useState(false);
  const hints = sentHints<Hints>(game);
  const name = (s: number) => (s === seat ? "You" : (game.players[s]?.name ?? `Player ${s + 1}`));
  const m = extra.match;
  return (
    <TileWordsContext.Provider value={WP_WORDS}>
      <div class="wp-game">
        <GameHead game={game} seat={seat} title="Game with" linked socket={sync.status} />
        <RatingChanges game={game} seat={seat} />
        {m ? (
          <p class="wp-match" data-testid="wp-match">
            Game {Math.min(extra.game ?? 1, m.games)} of {m.games} · dealer {name(extra.dealer ?? 0)} · pot {m.pot} · match {name(0)} {m.totals[0]}, {name(1)} {m.totals[1]}
          </p>
        ) : null}
        {ended ? <WpGameOver game={game} seat={seat} beside={(s) => <SeatFlowers seat={extra.seats?.[s]} whose={s === seat ? "Your" : `${name(s)}'s`} />} /> : null}
        {ended ? null : table && seat >= 0 ? (
          <Table {...gameTableProps(game, sync)} table={table} seat={seat} lineText={handName} seatNotes={seatNotes(extra, seat, name)} />
        ) : (
          <p class="notice">This game cannot be shown here.</p>
        )}
        {!ended ? <OrdersPanel game={game} seat={seat} busy={sync.busy} onMove={sync.send} lineName={handName} /> : null}
        {!ended && (extra.games?.length ?? 0) > 0 ? (
          <details class="wp-last-game">
            <summary>The last game's payments</summary>
            <ul>
              {extra.games!.at(-1)!.lines.map((l, i) => (
                <li key={i}>
                  {name(l.seat)}: {l.detail} ({l.points > 0 ? `+${l.points}` : l.points})
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <MoveList events={game.events} />
        {hintsShown(game) && game.status === "active" && hints ? (
          <Pinned game={game} seat={seat} busy={sync.busy} onMove={sync.send}>
            <WpHints hints={hints} />
          </Pinned>
        ) : null}
        <Chat gameId={game.id} me={seat} players={game.players} version={game.version} chatSeq={sync.chatSeq} />
        <p class="row">
          <button type="button" onClick={() => setListOpen(!listOpen)} aria-expanded={listOpen}>
            {listOpen ? "Hide the hand list" : "See the hand list"}
          </button>
          {ended ? <a href={`/replay/${game.id}`}>Replay this game</a> : null}
        </p>
        {listOpen ? <HandListViewer /> : null}
      </div>
    </TileWordsContext.Provider>
  );
}
