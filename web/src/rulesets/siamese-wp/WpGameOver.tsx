/** The Wright-Patterson game-over sheet: every payment of every game (Bouquet, limits, offsets, pot), the hands named as the list names them. */
import type { ComponentChildren } from "preact";
import type { GameInfo } from "../../api";
import { GameOver } from "../../game/parts";
import { handTitle } from "./names";

/** Why a Wright-Patterson match ended (RULES §5: a game ends on two Mah Jonggs of one player, both hands dead, or the wall used up). */
const WP_REASONS: Record<string, string> = {
  mahjong: "The game is over. Only declared Mah Jonggs are paid.",
  wall: "The wall was used up without a Mah Jongg: a wall game, 25 each into the pot.",
  dead: "A player's two hands were both dead.",
  match: "The match is over: every game's payments are listed.",
  abandoned: "A player resigned, or a player's time ran out three turns in a row, so the match was abandoned.",
};

export function WpGameOver({ game, seat, beside }: { game: GameInfo; seat: number; beside: (seat: number) => ComponentChildren }) {
  return <GameOver game={game} seat={seat} lineText={handTitle} reasons={WP_REASONS} beside={beside} />;
}
