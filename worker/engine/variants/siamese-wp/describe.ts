/** siamese-wp events in plain words (the engine's describeEvent asks here for the events only this edition has). */
import type { GameEvent } from "../../api";
import type { TileRef } from "../../game/physical";
import { wpTileName } from "./tiles";

const tile = (t: unknown) => wpTileName((t as TileRef).kind);

export function describeWpEvent(event: GameEvent, who: string, other: (s: unknown) => string): string | null {
  switch (event.type) {
    case "game":
      return `Game ${event.game} of ${event.games}: ${other(event.dealer)} deals${(event.pot as number) > 0 ? `; the pot holds ${event.pot}` : ""}`;
    case "game-end": {
      const r = event.result as { reason: string; totals: number[] };
      const why = r.reason === "wall" ? "the wall is used up" : r.reason === "dead" ? "both hands of a player are dead" : r.reason === "abandoned" ? "abandoned" : "Mah Jongg";
      return `Game ${event.game} ended (${why}): ${r.totals.map((t, s) => `${other(s)} ${t > 0 ? "+" : ""}${t}`).join(", ")}`;
    }
    case "end": {
      // the match's end (each game's own end is "game-end")
      const r = event.result as { reason: string; totals: number[] } | null;
      const why = r?.reason === "abandoned" ? "abandoned" : "every game is played";
      return `The match ended (${why})${r ? `: ${r.totals.map((t, s) => `${other(s)} ${t > 0 ? "+" : ""}${t}`).join(", ")}` : ""}`;
    }
    case "bouquet":
      return `${who} has a Bouquet: all four ${event.colour === "red" ? "Flowers" : "Seasons"} (25 from the opponent)`;
    case "flower":
      return `${who} laid out ${tile(event.tile)} and takes a replacement`;
    case "replacement":
      return `${who} takes a replacement for the kong`;
    case "wp-kong":
      return `${who} laid out a concealed kong of ${tile((event.tiles as unknown[])[0])} on rack ${(event.rack as number) + 1}`;
    default:
      return null;
  }
}
