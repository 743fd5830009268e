/** A Wright-Patterson seat's flowers, as the table, the game-over sheet and the replay show them beside its racks. */
import type { Kind } from "../../../../worker/engine/tile-kinds";
import { Tile } from "../../components/Tile";

/** One seat of the view as the WP pages read it: its flowers laid out and its racks' seat winds (wind kinds). */
export interface WpSeat {
  flowers?: { id: number; kind: Kind }[];
  winds?: number[];
}

/** A seat's flowers laid out, beside its racks: small tiles in one wrapping row (RULES §5 Deal and flowers). */
export function SeatFlowers({ seat, whose, size = "sm" }: { seat: WpSeat | undefined; whose: string; size?: "md" | "sm" }) {
  const flowers = seat?.flowers ?? [];
  return (
    <div class="wp-flowers" role="group" aria-label={`${whose} flowers`}>
      <span class="small">Flowers:</span>
      {flowers.length ? flowers.map((f) => <Tile key={f.id} kind={f.kind} size={size} note="laid out" />) : <span class="muted small">none yet</span>}
    </div>
  );
}
