import type { GameInfo, Me } from "../api";

/** The player's own seat at this game: the one the service says, else found by user id (-1: watching). */
export const seatOf = (game: Pick<GameInfo, "seat" | "players">, me: Pick<Me, "id">): number => game.seat ?? game.players.findIndex((p) => p.userId === me.id);
