/** The game page: one hook keeps the game in sync, the ruleset's table draws it. */
import type { Me } from "../api";
import { seatOf } from "../game/seat";
import { tableOf } from "../game/tables";
import { useGame } from "../game/useGame";
import { SeatPlayers } from "../table/seat-players";
import { Resign } from "../game/Resign";
import { PlayAgain } from "../game/PlayAgain";
import { Access } from "../access/Access";

export { MOVED_ON } from "../game/useGame";

export function GamePage({ me, id }: { me: Me; id: string }) {
  const sync = useGame(id);
  const { game, loadError, refresh } = sync;

  if (!game)
    return loadError ? (
      <p class="error" role="alert">
        {loadError} <button type="button" onClick={refresh}>Try again</button>
      </p>
    ) : (
      <div class="table-skeleton" aria-busy="true">
        <p class="loading">Loading the table…</p>
      </div>
    );

  if (game.status === "open")
    return (
      <section>
        <h1>{game.players.length > 2 ? "Waiting for players" : "Waiting for your opponent"}</h1>
        <p>{game.players.length > 2 ? `The game starts when all ${game.players.length} seats are taken (${game.players.filter((p) => !p.userId).length} still free).` : "The game starts when the invited player accepts."}</p>
        <a class="button primary" href={`/invite/${id}`}>Show the invitation link</a>
      </section>
    );

  const GameTable = tableOf(game.ruleset);
  if (!GameTable) return <p class="notice">This table is not available.</p>;
  const seat = seatOf(game, me);
  return (
    <SeatPlayers.Provider value={{ ruleset: game.ruleset, players: game.players }}>
      {seat >= 0 && game.status === "ended" ? <PlayAgain game={game} /> : null}
      {/* keys, the announcer's live regions, play by typing: every table alike */}
      <Access game={game} seat={seat} sync={sync} />
      <GameTable game={game} seat={seat} sync={sync} />
      {seat >= 0 && game.status === "active" ? <Resign game={game} onDone={refresh} /> : null}
    </SeatPlayers.Provider>
  );
}
