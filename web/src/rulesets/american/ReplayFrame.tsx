/** An American replay frame: the four hands laid open (exposures, Mah Jongg, dead), the discard on the table, the wall. */
import { tileName } from "../../../../worker/engine/tile-kinds";
import type { AmericanView } from "../../../../worker/engine/variants/american/view";
import { Tile } from "../../components/Tile";
import type { FrameProps } from "../../table-types";
import { byKind, Exposures, SeatTags } from "./AmericanTable";

export default function AmericanReplayFrame({ frame, names }: FrameProps) {
  const v = frame.view as AmericanView;
  const last = v.window ? { seat: v.window.discarder, tile: v.window.tile } : v.discards.at(-1);
  return (
    <div class="am-replay">
      <p class="muted">
        {v.phase === "charleston" && v.charleston ? `Charleston: ${v.charleston.name}. ` : ""}
        Wall: {v.wallCount} tiles. Discards so far: {v.discards.length}.
        {last ? ` On the table: ${tileName(last.tile.kind)} from ${names[last.seat]}.` : ""}
      </p>
      {v.seats.map((s, i) => (
        <div key={i} class={`hands${v.toAct === i ? " acting" : ""}`} aria-label={`${names[i]}'s hand`}>
          <h2>
            {names[i]} {v.toAct === i ? <span class="tag">to play</span> : null} <SeatTags seat={s} />
          </h2>
          <Exposures seat={s} />
          <div class="tiles wrap">
            {byKind(s.concealed ?? []).map((t) => (
              <Tile key={t.id} kind={t.kind} size="md" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
