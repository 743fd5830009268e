/** Who sits where, for the table's parts that name a seat (an opponent's name links to their profile). */
import { createContext } from "preact";

export interface SeatPlayer {
  seat: number;
  userId: string | null;
  name: string | null;
}

export const SeatPlayers = createContext<{ ruleset: string; players: SeatPlayer[] } | null>(null);
