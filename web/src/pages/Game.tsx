import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { Move } from "../../../worker/engine/api";
import { api, ApiError, type GameInfo, type Me } from "../api";
import { lazy } from "../lazy";
import { useRefreshOnWake, useSocket } from "../live";
import { readTable } from "../table/model";
import { Table } from "../table/Table";
import { Chat } from "../table/Chat";
import { lineTitle, useGameCard } from "../table/card";
import { PlayerName } from "../profile/PlayerName";
import { RatingChanges } from "../profile/RatingChanges";
import { MoveList } from "../table/MoveList";
import { SeatPlayers } from "../table/seat-players";

const GameOver = lazy(() => import("../table/GameOver"));
const ChineseGame = lazy(() => import("../table/chinese/ChineseGame"));
const AmericanGame = lazy(() => import("../table/american/AmericanGame"));
const Hints = lazy(() => import("../table/Hints"));

/** After a 409: the move was made from an older table than the game's. */
export const MOVED_ON = "This game moved on in another tab or device; here is where it stands now.";

const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

export function GamePage({ me, id }: { me: Me; id: string }) {
  const [game, setGame] = useState<GameInfo | null>(null);
  const [error, setError] = useState("");
  const [loadError, setLoadError] = useState("");
  const [busy, setBusy] = useState(false);
  const [showHints, setShowHints] = useState(() => localStorage.getItem("hints") !== "off");
  const version = useRef(-1);

  const accept = (g: GameInfo) => {
    if (g.version < version.current) return; // an older answer arriving late never rolls the table back
    version.current = g.version;
    setGame(g);
  };
  const refresh = useCallback(
    () =>
      api.getGame(id).then(
        (g) => {
          accept(g);
          setLoadError("");
        },
        (e) => setLoadError((e as Error).message),
      ),
    [id],
  );
  useEffect(() => {
    version.current = -1;
    setGame(null);
    refresh();
  }, [id]);
  useRefreshOnWake(refresh);
  const [chatTick, setChatTick] = useState(0);
  const ended = game?.status === "ended";
  const socket = useSocket(
    ended ? null : api.liveUrl(id),
    (msg) => {
      const m = msg as { type?: string; game?: GameInfo };
      if (m?.type === "game" && m.game) accept(m.game);
      else if (m?.type === "chat") setChatTick((n) => n + 1);
      else refresh();
    },
    refresh,
  );

  const send = async (move: Move) => {
    if (!game) return;
    setBusy(true);
    setError("");
    try {
      accept(await api.move(id, game.version, move, newKey()));
    } catch (e) {
      const err = e as ApiError;
      // A stale version comes back with the current game: show it, and say why the table changed.
      setError(err.status === 409 && err.code === "game/stale" ? MOVED_ON : err.message);
      const body = err.body as { game?: GameInfo } | undefined;
      if (body?.game) accept(body.game);
      else refresh();
    } finally {
      setBusy(false);
    }
  };

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

  const ratingLine = <RatingChanges game={game} seat={game.seat ?? game.players.findIndex((p) => p.userId === me.id)} />;
  const seated = { ruleset: game.ruleset, players: game.players };
  if (game.ruleset === "american") return <SeatPlayers.Provider value={seated}>{ratingLine}<AmericanGame game={game} me={me} busy={busy} error={error} onMove={send} /></SeatPlayers.Provider>;
  if (game.ruleset === "chinese-ming") return <SeatPlayers.Provider value={seated}>{ratingLine}<ChineseGame game={game} me={me} busy={busy} error={error} onMove={send} /></SeatPlayers.Provider>;

  const table = readTable(game.view);
  const seat = game.seat ?? game.players.findIndex((p) => p.userId === me.id);
  const hintsAllowed = game.options?.hints !== false && game.options?.deadHands !== "enforce";
  // The card the table and the hints measure against: the one the game keeps (a built-in id, or its own card's data).
  const cardId = useGameCard(game.options?.card);

  return (
    <SeatPlayers.Provider value={seated}>
    <div>
      <div class="row game-head">
        <h1>Game with {game.players.filter((p) => p.seat !== seat).map((p, i) => <>{i ? ", " : ""}<PlayerName userId={p.userId} name={p.name ?? "—"} ruleset={game.ruleset} /></>)}</h1>
        {socket !== "open" && !ended ? <span class="muted" role="status">Reconnecting…</span> : null}
      </div>
      {ratingLine}
      {game.status === "ended" ? <GameOver game={game} seat={seat} /> : null}
      {ended ? null : table && seat >= 0 ? (
        <Table
          gameId={id}
          version={game.version}
          table={table}
          seat={seat}
          players={game.players.map((p) => ({ seat: p.seat, name: p.name, toAct: p.toAct, deadline: p.deadline }))}
          legal={game.legalMoves as Move[]}
          busy={busy}
          error={error}
          lineText={lineTitle}
          card={cardId}
          lastEvent={game.events.filter((e) => e.text).at(-1)?.text ?? ""}
          onMove={send}
          onClearError={() => setError("")}
        />
      ) : (
        <p class="notice">This game cannot be shown here.</p>
      )}
      {game.status === "active" ? <MoveList events={game.events} /> : null}
      {hintsAllowed && game.status === "active" && table ? (
        <section class="hints" aria-label="Hints">
          <label class="check">
            <input
              type="checkbox"
              checked={showHints}
              onChange={(e) => {
                setShowHints(e.currentTarget.checked);
                localStorage.setItem("hints", e.currentTarget.checked ? "on" : "off");
              }}
            />
            Show hints: the closest card lines for each rack, in tiles
          </label>
          {showHints ? <Hints gameId={id} table={table} seat={seat} card={cardId} /> : null}
        </section>
      ) : null}
      <Chat gameId={id} me={seat} players={game.players} version={game.version + chatTick * 1e6} />
      <p class="row">
        <a href={typeof game.options?.card === "object" ? `/card?game=${id}` : "/card"}>See the card</a>
        {game.status === "ended" ? <a href={`/replay/${id}`}>Replay this game</a> : null}
      </p>
    </div>
    </SeatPlayers.Provider>
  );
}
