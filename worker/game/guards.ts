/**
 * What each of the game's RPC methods checks before it changes anything, one entry per method:
 * pure functions of the stored document (null: no such game). An entry answers `Pass` (the
 * document and the seat the call concerns) or the `Refusal` the method sends back unchanged.
 * Someone without a seat learns nothing about a game that is not theirs: "not-found".
 */
import { refuse, type Refusal } from "./room-support";
import type { GameDoc } from "./store";
import { seatOf } from "./turns";

/** Go on with `doc`; `seat` is the caller's (or the named player's) seat, -1 when the call concerns none. */
export interface Pass {
  ok: true;
  doc: GameDoc;
  seat: number;
}
export type Checked = Pass | Refusal;
type Doc = GameDoc | null;

/** The answer to someone holding a valid invitation once every seat is taken. */
export const FULL = "This game has already started; all seats are taken.";
/** What anyone is told of a game that is not there for them (never whether it exists). */
export const NO_GAME = "No such game. The link may be cut short or mistyped, or the game was called off before it started; a game in play opens only for its players.";
const noGame = () => refuse("not-found", NO_GAME);
const noSeat = () => refuse("not-found", "That player has no seat in this game.");
const pass = (doc: GameDoc, seat = -1): Pass => ({ ok: true, doc, seat });

/** The game exists (`seat` -1). */
const game = (doc: Doc): Checked => (doc ? pass(doc) : noGame());
/** `userId` has a seat in the game; else `missing`. */
const player = (doc: Doc, userId: string, missing = noGame): Checked => {
  const seat = doc ? seatOf(doc, userId) : -1;
  return doc && seat >= 0 ? pass(doc, seat) : missing();
};
/** `check`, then `more` on what it let through. */
const then = (check: Checked, more: (p: Pass) => Checked | Refusal | null): Checked => (check.ok ? (more(check) ?? check) : check);

export const guard = {
  create: (doc: Doc): Refusal | null => (doc ? refuse("game/exists", "This game already exists.") : null),

  /** `seat`: where the player already sits (`seated`), else the free seat the invitation gives them. */
  join: (doc: Doc, userId: string, inviteHash: string | null): (Pass & { seated: boolean }) | Refusal => {
    if (!doc) return noGame();
    const seat = seatOf(doc, userId);
    if (seat >= 0) return { ...pass(doc, seat), seated: true };
    if (inviteHash !== doc.inviteHash) return refuse("not-found", "No such game, or the invitation is not valid.");
    if (doc.status !== "open") return refuse("game/full", FULL);
    return { ...pass(doc, doc.players.indexOf(null)), seated: false };
  },

  addComputers: (doc: Doc) => then(game(doc), ({ doc }) => (doc.status !== "open" ? refuse("game/full", "All seats of this game are taken.") : null)),

  /** A deleted account leaves a game that has not started (`seat`: theirs; seat 0 made the game). */
  withdraw: (doc: Doc, userId: string) => then(player(doc, userId), ({ doc }) => (doc.status !== "open" ? refuse("game/started", "The game has started; it can no longer be called off.") : null)),

  discardOpen: (doc: Doc) => then(game(doc), ({ doc }) => (doc.status !== "open" ? refuse("game/started", "The game has started; it can no longer be called off.") : null)),

  /** Players see their seat; anyone sees an ended game; an open game's invitation shows it. */
  get(doc: Doc, userId: string, inviteHash: string | null): Checked {
    if (!doc) return noGame();
    const seat = seatOf(doc, userId);
    const invited = doc.status === "open" && inviteHash === doc.inviteHash;
    // Someone holding the real invitation to a game that filled up meanwhile is told so; anyone else learns nothing.
    if (seat < 0 && doc.status === "active" && inviteHash === doc.inviteHash) return refuse("game/full", FULL);
    if (seat < 0 && doc.status !== "ended" && !invited) return noGame();
    return pass(doc, seat);
  },

  /** A player's move, before its idempotency key is looked up (a retry is answered whatever the game did since). */
  mover: (doc: Doc, userId: string) => player(doc, userId),

  /** A new move (not a retry) on the running game at the version the player saw; `current`: the view a stale move gets. */
  move: (p: Pass, version: number, current: () => object): Refusal | null => {
    const { doc } = p;
    if (doc.status === "open") return refuse("game/not-started", "The game has not started: seats are still free.");
    if (doc.status !== "active") return refuse("game/over", "The game is over.");
    if (version !== doc.version) return refuse("game/stale", `The game moved on (version ${doc.version}, you sent ${version}). Here is the current view.`, { game: current() });
    return null;
  },

  /**
   * A stale move that still stands: `seat`, still awaited in the claim window open now, answers it
   * from a version it saw this window at (others answering meanwhile changed nothing it decides on).
   */
  sameWindow: (doc: GameDoc, seat: number, version: number): boolean =>
    doc.status === "active" && !!doc.window && doc.window.key === doc.facts.pace.key && version >= doc.window.from && version <= doc.version && doc.facts.toAct.includes(seat),

  record: (doc: Doc) => then(game(doc), ({ doc }) => (doc.status !== "ended" ? refuse("record/not-yet", "The replay and the game's record open when the game ends.") : null)),

  chat: (doc: Doc, userId: string) => player(doc, userId),

  /** A player's review of their own decisions: only once the game has ended (before, it would coach a running game). */
  review: (doc: Doc, userId: string) =>
    then(player(doc, userId), ({ doc }) => (doc.status !== "ended" ? refuse("review/not-yet", "A game's review opens when the game has ended: finish it first.") : null)),

  vacation: (doc: Doc) => then(game(doc), ({ doc }) => (doc.status === "ended" ? refuse("game/over", "The game is over.") : null)),

  extendDeadline: (doc: Doc) => then(game(doc), ({ doc }) => (doc.status !== "active" ? refuse("game/not-running", "Only a running game's deadline can be extended.") : null)),

  /** `seat`: the leaver's. */
  replacePlayer: (doc: Doc, fromUserId: string, toUserId: string) =>
    then(player(doc, fromUserId, noSeat), ({ doc }) => {
      if (doc.status === "ended") return refuse("game/over", "The game is over; its result stays with the player who finished it.");
      return seatOf(doc, toUserId) >= 0 ? refuse("game/seated", "The newcomer already sits at this table.") : null;
    }),

  forfeit: (doc: Doc, userId: string) => then(player(doc, userId, noSeat), ({ doc }) => (doc.status !== "active" ? refuse("game/not-running", "Only a running game can be forfeited.") : null)),

  /** A player leaves a running game; anyone else learns nothing of it. */
  resign: (doc: Doc, userId: string) =>
    then(player(doc, userId), ({ doc }) =>
      doc.status === "ended" ? refuse("game/not-running", "The game is over; there is nothing to resign.") : doc.status === "open" ? refuse("game/not-running", "The game has not started yet; there is nothing to resign.") : null,
    ),

  /** "Play again" reads a game its player has finished. */
  again: (doc: Doc, userId: string) => then(player(doc, userId), ({ doc }) => (doc.status !== "ended" ? refuse("game/not-running", "This game is not over yet: finish it (or resign) first.") : null)),

  renameSeat: (doc: Doc, userId: string) => player(doc, userId),

  /** A live view: players only (of a game that has ended, its last view and no more: GameRoom.fetch). */
  socket: (doc: Doc, userId: string) => player(doc, userId),

  /** Development hooks: refused (as if there were no such game) outside development. */
  dev: (on: boolean, doc: Doc) => (on ? game(doc) : noGame()),
};
