/**
 * The game page's one sync hook: it loads the game, keeps it live over the socket (refetching
 * whatever was missed after a reconnect or a wake), sends moves with an idempotency key, never
 * lets an older answer roll the table back, and turns a 409 into the "moved on" notice.
 * Components only render what it returns.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { Move } from "../../../worker/engine/api";
import { api, ApiError, type GameInfo } from "../api";
import { useRefreshOnWake, useSocket, type SocketState } from "../live";

/** After a 409: the move was made from an older table than the game's. */
export const MOVED_ON = "This game moved on in another tab or device; here is where it stands.";

/** Someone came to the table or left it (the service's presence message): the same game, who is here changed. */
type Presence = { here: boolean[]; live: boolean };
const present = (g: GameInfo, m: Presence): GameInfo => ({ ...g, live: g.status === "active" && m.live, players: g.players.map((p, i) => ({ ...p, here: m.here[i] ?? p.here })) });

const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

export interface GameSync {
  /** The newest game seen so far (null while loading). */
  game: GameInfo | null;
  /** The live socket's state (the game's own status is `game.status`). */
  status: SocketState;
  /**
   * Sends a move made from the table as drawn (or, given `at`, from that version); resolves to the
   * refusal when it was refused (the page shows it already), nothing when made.
   */
  send: (move: Move, at?: number) => Promise<ApiError | undefined>;
  /** The last move's error in words ("" when none). */
  error: string;
  clearError: () => void;
  /** Loading failed before any game arrived. */
  loadError: string;
  busy: boolean;
  /** Goes up by one on each chat message heard, so the chat reloads. */
  chatSeq: number;
  refresh: () => Promise<void>;
}

/** A move's refusal in words: stale (the game moved on since the table it was made from), or the service's own. */
export const refusalWords = (err: ApiError) => (err.status === 409 && err.code === "game/stale" ? MOVED_ON : err.message);

/** The game the page was opened on, read as the app started (main.tsx): its first drawing needs no other. */
export const opened: { game?: GameInfo } = {};

export function useGame(id: string): GameSync {
  // (taken by the first game page drawn, which is the first drawing once the player is known: never an old answer)
  const [game, setGame] = useState<GameInfo | null>(() => (opened.game?.id === id && opened.game) || null);
  const [error, setError] = useState("");
  const [loadError, setLoadError] = useState("");
  const [busy, setBusy] = useState(false);
  const [chatSeq, setChatSeq] = useState(0);
  const version = useRef(game?.version ?? -1);

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
    const drawn = game === opened.game;
    opened.game = undefined;
    if (drawn) return; // drawn from the answer the page opened with
    version.current = -1;
    setGame(null);
    refresh();
  }, [id]);
  useRefreshOnWake(refresh);
  const ended = game?.status === "ended";
  const status = useSocket(
    !game || ended ? null : api.liveUrl(id),
    (msg) => {
      const m = msg as { type?: string; game?: GameInfo };
      if (m?.type === "game" && m.game) accept(m.game);
      else if (m?.type === "presence") setGame((g) => g && present(g, m as unknown as Presence));
      else if (m?.type === "chat") setChatSeq((n) => n + 1);
      else refresh();
    },
    // Each (re)connect starts with the game as it is now (the socket's first message): asking for it again would read it twice.
    () => {},
  );

  const send = async (move: Move, at?: number) => {
    if (!game) return;
    setBusy(true);
    setError("");
    try {
      accept(await api.move(id, at ?? game.version, move, newKey()));
    } catch (e) {
      const err = e as ApiError;
      // A stale version comes back with the current game: show it, and say why the table changed.
      setError(refusalWords(err));
      const body = err.body as { game?: GameInfo } | undefined;
      if (body?.game) accept(body.game);
      else refresh();
      return err;
    } finally {
      setBusy(false);
    }
  };
  return { game, status, send, error, clearError: () => setError(""), loadError, busy, chatSeq, refresh };
}
