/** A Wright-Patterson replay frame: the Siamese frame in the edition's tile words, each player's flowers under their name. */
import { TileWordsContext } from "../../components/tile-words";
import type { FrameProps } from "../../table-types";
import SiameseFrame from "../../table/replay-siamese";
import { SeatFlowers, type WpSeat } from "./SeatFlowers";
import { WP_WORDS } from "./tile-words";
import "./wp.css";

export default function WpReplayFrame(props: FrameProps) {
  const seats = ((props.frame.view ?? {}) as { seats?: WpSeat[] }).seats ?? [];
  return (
    <TileWordsContext.Provider value={WP_WORDS}>
      <SiameseFrame {...props} beside={(s) => <SeatFlowers seat={seats[s]} whose={props.names[s] === "You" ? "Your" : `${props.names[s] ?? `Player ${s + 1}`}'s`} />} />
    </TileWordsContext.Provider>
  );
}
