/** Your move at the Siamese table: the selection's buttons, a choice to confirm, or the moves the engine allows now. */
import { useState } from "preact/hooks";
import type { Move } from "../../../worker/engine/api";
import { Tile } from "../components/Tile";
import { useTileWords } from "../components/tile-words";
import { lazy, lazyPart } from "../lazy";
import type { Choices } from "./choices";
import type { TableAction, TableM, TableState, T } from "./model";
import { ConfirmMove, ErrorLine } from "./TableParts";
import { rackName } from "./words";

// The Atomic picker needs the card matcher: it loads only when the player opens it.
const AtomicPicker = lazy(() => import("./AtomicPicker"));
// A claim window opens only at Royale with 3–4 players: its buttons load then.
const ClaimWindowChoices = lazyPart(() => import("../rulesets/american/ClaimWindow"), "ClaimWindowChoices");
// More than four Mah Jongg lines at once (a Royale deal): grouped by rack, loaded only then.
/** (exported for the worker, which loads it before drawing a Royale table: worker/web/game-page.tsx) */
export const MahjongGroups = lazyPart(() => import("../rulesets/royale/MahjongGroups"), "MahjongGroups");

export interface ActionsProps {
  t: TableM;
  c: Choices;
  s: TableState;
  dispatch: (a: TableAction) => void;
  pool: T[];
  busy: boolean;
  error: string;
  card: string;
  label: (m: Move) => string;
  who: (s: number) => string;
  onMove: (m: Move) => void;
}

/** A declared rack of yours takes no more tiles (those left on it are moved to the open racks). */
const declaredRack = (t: TableM, rack: number) => !!t.seats.find((x) => x.pool)?.racks[rack]?.mahjong;

export function SiameseActions({ t, c, s, dispatch, pool, busy, error, card, label, who, onMove }: ActionsProps) {
  const { selected, pending } = s;
  const words = useTileWords();
  // The claims of one discard stay folded until asked for (a Mah Jongg claim never is).
  const [openFor, setOpenFor] = useState<number | null>(null);
  const claimsOpen = !!t.claimable && openFor === t.claimable.tile.id;
  const winClaims = c.claims.filter((m) => m.type === "claim-mahjong");
  const plainClaims = c.claims.filter((m) => m.type !== "claim-mahjong");
  // M declares Mah Jongg, C claims (access/keyboard.ts)
  const choice = (m: Move, i: number) => (
    <button key={`${m.type}-${i}`} type="button" class={m.type.includes("mahjong") ? "win" : ""} aria-keyshortcuts={m.type.includes("mahjong") ? "M" : m.type === "claim" || m.type === "chow" ? "C" : undefined} disabled={busy} onClick={() => dispatch({ type: "choose", move: m })}>
      {label(m)}
    </button>
  );
  return (
    <section class="actions" aria-label="Your move">
      <ErrorLine error={error} />
      {selected.length ? (
        <div class="row selection">
          {c.discardMove ? (
            <button class="primary big" type="button" aria-keyshortcuts="D" disabled={busy} onClick={() => onMove(c.discardMove!)}>
              Discard {words.label(c.single!.kind)}
              {c.fromAtomicRack && c.apart ? ` (the ${words.label(c.apart.kind)} takes its place on rack 1)` : ""}
            </button>
          ) : c.fromAtomicRack && c.myTurn && t.phase === "discard" ? (
            <p class="hint-line">Rack 1 keeps its 13 tiles: one leaves it only for a tile you have just drawn from the wall. Discard from rack 2.</p>
          ) : null}
          {c.sameRack && c.selRack !== null && !c.atomic && s.arr.length <= 2 && !declaredRack(t, 1 - c.selRack) ? (
            <button type="button" onClick={() => dispatch({ type: "move", to: 1 - c.selRack! })}>
              {selected.length === 1 ? "Move" : `Move ${selected.length}`} to {rackName(1 - c.selRack)}
            </button>
          ) : null}
          {c.sameRack && c.selRack !== null && !c.atomic && s.arr.length > 2
            ? s.arr.map((_, to) =>
                to === c.selRack || declaredRack(t, to) ? null : (
                  <button key={to} type="button" onClick={() => dispatch({ type: "move", to })}>
                    {selected.length === 1 ? "Move" : `Move ${selected.length}`} to {rackName(to)}
                  </button>
                ),
              )
            : null}
          <button type="button" aria-keyshortcuts="Escape" onClick={() => dispatch({ type: "unselect" })}>Unselect</button>
        </div>
      ) : null}
      {pending ? (
        <ConfirmMove
          label={label(pending)}
          note={pending.type === "abandon-atomic" ? "Rack 1 then takes tiles again like rack 2, and the Atomic lines can no longer be declared." : "Nothing is sent until you confirm."}
          busy={busy}
          onYes={() => onMove(pending)}
          onCancel={() => dispatch({ type: "choose", move: null })}
        />
      ) : c.windowMoves.length && t.window ? (
        <>
          <ClaimWindowChoices tile={t.window.tile.kind} discarder={t.window.discarder} who={who} moves={c.windowMoves} label={label} busy={busy} onMove={onMove} onChoose={(m) => dispatch({ type: "choose", move: m })} />
          {t.window.answered ? <p class="hint-line window-answer">Your answer so far: {t.window.yourAnswer ? label(t.window.yourAnswer as Move) : "pass"}. Nobody else sees it until the window closes.</p> : null}
        </>
      ) : c.myTurn ? (
        <div class="choices">
          {c.mahjongs.length > 4 ? <MahjongGroups moves={c.mahjongs} label={label} busy={busy} onChoose={(m: Move) => dispatch({ type: "choose", move: m })} /> : c.mahjongs.map(choice)}
          {winClaims.map(choice)}
          {/* the usual choice first: drawing; the claims, often ten or more, folded under it in one group */}
          {c.draw ? (
            <button class="primary big" type="button" data-decision disabled={busy} onClick={() => onMove(c.draw!)}>
              {label(c.draw)}
            </button>
          ) : null}
          {plainClaims.length && t.claimable && c.draw ? (
            <div class="claim-list claim-group">
              <button type="button" class="claim-head claim-toggle" aria-expanded={claimsOpen} aria-keyshortcuts={claimsOpen ? undefined : "C"} onClick={() => setOpenFor(claimsOpen ? null : t.claimable!.tile.id)}>
                <Tile kind={t.claimable.tile.kind} size="sm" note="may be claimed" />
                <span>
                  Or claim {who(t.claimable.seat) === "You" ? "your" : `${who(t.claimable.seat)}'s`} {words.name(t.claimable.tile.kind)}
                  <span class="small"> ({plainClaims.length === 1 ? "1 way" : `${plainClaims.length} ways`})</span>
                </span>
                <span aria-hidden="true" class="claim-fold">{claimsOpen ? "▲" : "▼"}</span>
              </button>
              {claimsOpen ? plainClaims.map(choice) : null}
            </div>
          ) : (
            <>
              {plainClaims.length && t.claimable ? (
                <p class="choice-head claim-head">
                  <Tile kind={t.claimable.tile.kind} size="md" note="may be claimed" />
                  <span>
                    Claim {who(t.claimable.seat) === "You" ? "your" : `${who(t.claimable.seat)}'s`} {words.name(t.claimable.tile.kind)}:
                  </span>
                </p>
              ) : null}
              <div class="claim-list">{plainClaims.map(choice)}</div>
            </>
          )}
          {c.rest.map(choice)}
          {t.phase === "discard" && !selected.length ? <p class="hint-line">Tap a tile in your racks to discard it.</p> : null}
          {c.atomicMoves.length ? (
            <div class="atomic-offer">
              <button type="button" disabled={busy} onClick={() => dispatch({ type: "picker", open: true })}>
                {label(c.atomicMoves[0]!)}
              </button>
              <p class="hint-line">
                A rare choice, only now: rack 1 keeps 13 tiles for one Atomic line of the card, and no tile moves between your
                racks unless you give it up.
              </p>
            </div>
          ) : null}
        </div>
      ) : (
        <p class="muted idle">Nothing to do now. We will tell you when it is your turn.</p>
      )}
      {s.picking && c.atomicMoves.length ? (
        <AtomicPicker
          pool={pool}
          suggestions={c.atomicMoves}
          card={card}
          busy={busy}
          onConfirm={(tiles) => {
            dispatch({ type: "atomic-sent" });
            onMove({ type: "atomic", tiles });
          }}
          onCancel={() => dispatch({ type: "picker", open: false })}
        />
      ) : null}
    </section>
  );
}
