/** The game page: one hook keeps the game in sync, the ruleset's table draws it. */
import type { Me } from "../api";
import { seatOf } from "../game/seat";
import { tableOf } from "../game/tables";
import { useGame } from "../game/useGame";
import { SeatPlayers } from "../table/seat-players";
import { lazyPart, noTiles } from "../lazy";
import { Access, OrdersNote, PlayAgain, Resign, ReviewLink } from "../game/parts";
import { LiveGame } from "../game/LiveCountdown";

export { MOVED_ON } from "../game/useGame";

// Drawn only before the deal or after the end: loaded then.
const Waiting = lazyPart(() => import("../game/Waiting"), "Waiting");
const Outcome = lazyPart(() => import("../game/Outcome"), "Outcome");

export function GamePage({ me, id }: { me: Me; id: string }) {
  const sync = useGame(id);
  const { game, loadError, refresh } = sync;
  // A page that shows no tiles of yours (an error, a game not dealt or over, a seat you do not have) lets the parts that wait for them load.
  if (loadError || (game && (game.status !== "active" || seatOf(game, me) < 0 || !tableOf(game.ruleset)))) noTiles();

  if (!game)
    return loadError ? (
      <>
        <p class="error" role="alert">
          {loadError} <button type="button" onClick={refresh}>Try again</button>
        </p>
        {/* a game that is not there (a mistyped link) is a dead end but for this */}
        <p>
          <a class="button" href="/">Your games</a>
        </p>
      </>
    ) : (
      <div class="table-skeleton" aria-busy="true">
        <p class="loading">Loading the table…</p>
      </div>
    );

  // an open challenge or a game waiting for its invited players, each said as it is
  if (game.status === "open") return <Waiting game={game} />;

  const GameTable = tableOf(game.ruleset);
  if (!GameTable) return <p class="notice">This table is not available.</p>;
  const seat = seatOf(game, me);
  return (
    <SeatPlayers.Provider value={{ ruleset: game.ruleset, players: game.players }}>
      <LiveGame.Provider value={game}>
      {game.status === "ended" ? <Outcome game={game} seat={seat} /> : null}
      {seat >= 0 && game.status === "ended" ? <PlayAgain game={game} /> : null}
      <OrdersNote me={me} game={game} seat={seat} />
      {seat >= 0 && game.status === "ended" ? <ReviewLink id={game.id} /> : null}
      {/* keys, the announcer's live regions, play by typing: every table alike */}
      <Access game={game} seat={seat} sync={sync} />
      <GameTable game={game} seat={seat} sync={sync} />
      {seat >= 0 && game.status === "active" ? <Resign game={game} onDone={refresh} /> : null}
      </LiveGame.Provider>
    </SeatPlayers.Provider>
  );
}
