/**
 * The game page's parts that a first turn does not need, shared by every ruleset's table: each is
 * a chunk of its own that starts loading once the player's tiles are on screen (lazy.tsx `later`),
 * so that it never delays them. A new part of the game page that is not needed to draw the tiles
 * belongs here; `npm run build:web` holds the first script to its budget and test/web/page-budget.test.ts
 * counts every script a game page loads before its tiles.
 */
import { later, laterPart } from "../lazy";

/** The game menu: your standing orders (folded until opened). */
export const OrdersPanel = laterPart(() => import("../table/Orders"), "OrdersPanel");
/** The hints' pins (a target hand for your orders), around the hints under every table. */
export const Pinned = laterPart(() => import("../table/pins"), "Pinned");
/** The hints under the table. */
export const Hints = later(() => import("../table/hints-entry"));
/** Leaving a running game, below the table. */
export const Resign = laterPart(() => import("./Resign"), "Resign");
/** After the end (a game over shows no tiles: these load at once). */
export const GameOver = later(() => import("../table/GameOver"));
/** The deal's proof under a finished game (American, Chinese). */
export const Verify = laterPart(() => import("../table/GameOver"), "Verify");
/** The link to a finished game's review. */
export const ReviewLink = laterPart(() => import("./ReviewLink"), "ReviewLink");
export const PlayAgain = laterPart(() => import("./PlayAgain"), "PlayAgain");
export const RatingChanges = laterPart(() => import("../profile/RatingChanges"), "RatingChanges");
/** Keys, the announcer's live regions and play by typing (access/): mounted as soon as the tiles are drawn. */
export const Access = laterPart(() => import("../access/Access"), "Access");
/** "Your turn in 2 more games → Next", asked for after your move. */
export const NextGame = laterPart(() => import("./NextGame"), "NextGame");
/** The moves so far, folded, under the table. */
export const MoveList = laterPart(() => import("../table/MoveList"), "MoveList");
/** Chat, folded, under the table (its messages load when it is opened). */
export const Chat = laterPart(() => import("../table/Chat"), "Chat");
/** The first game's one line about standing orders. */
export const OrdersNote = laterPart(() => import("./OrdersNote"), "OrdersNote");
