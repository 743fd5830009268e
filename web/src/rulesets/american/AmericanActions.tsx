/** Your move at the American table outside the Charleston: a choice to confirm, the claim window's answers, or your turn's moves. */
import type { Move } from "../../../../worker/engine/api";
import type { Kind } from "../../../../worker/engine/tile-kinds";
import type { AmericanView } from "../../../../worker/engine/variants/american/view";
import { tileLabel } from "../../components/Tile";
import { ConfirmMove, ErrorLine } from "../../table/TableParts";
import { ClaimWindowChoices } from "./ClaimWindow";

export function AmericanActions(p: {
  view: AmericanView;
  who: (s: number) => string;
  acting: boolean;
  windowMoves: Move[];
  turnMoves: Move[];
  discardMove: Move | undefined;
  /** The kind of the one selected tile when it can be discarded. */
  discardKind: Kind | null;
  pending: Move | null;
  setPending: (m: Move | null) => void;
  label: (m: Move) => string;
  busy: boolean;
  error: string;
  onMove: (m: Move) => void;
}) {
  const { view, who, acting, windowMoves, turnMoves, discardMove, discardKind, pending, setPending, label, busy, error, onMove } = p;
  return (
    <section class="actions" aria-label="Your move">
      <ErrorLine error={error} />
      {pending ? (
        <ConfirmMove label={label(pending)} busy={busy} onYes={() => onMove(pending)} onCancel={() => setPending(null)} />
      ) : windowMoves.length ? (
        <ClaimWindowChoices tile={view.window ? view.window.tile.kind : null} discarder={view.window?.discarder ?? 0} who={who} moves={windowMoves} label={label} busy={busy} onMove={onMove} onChoose={setPending} />
      ) : view.phase === "discard" && acting ? (
        <div class="choices">
          {discardMove ? (
            <button class="primary big" type="button" aria-keyshortcuts="D" disabled={busy} onClick={() => onMove(discardMove)}>
              Discard {tileLabel(discardKind!)}
            </button>
          ) : (
            <p class="hint-line">Tap a tile in your rack to discard it.</p>
          )}
          {turnMoves.map((m, i) => (
            <button key={i} type="button" class={m.type === "mahjong" ? "win" : ""} aria-keyshortcuts={m.type === "mahjong" ? "M" : undefined} disabled={busy} onClick={() => setPending(m)}>
              {label(m)}
            </button>
          ))}
        </div>
      ) : (
        <p class="muted idle">Nothing to do now. We will tell you when it is your turn.</p>
      )}
    </section>
  );
}
