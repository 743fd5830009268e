/**
 * The claim window's pieces, shared by every table where any player may claim a discard (American,
 * Royale with 3–4 players): the discard with claim and pass buttons (how claim windows treat you is
 * your standing orders, in the game menu: ../Orders.tsx).
 */
import type { Move } from "../../../../worker/engine/api";
import { tileName, type Kind } from "../../../../worker/engine/tile-kinds";
import { Tile } from "../../components/Tile";

/** Mah Jongg first, then the usual answer (pass), then the claims, however many. */
const rank = (m: Move) => (m.type === "call-mahjong" ? 0 : m.type === "pass" ? 1 : 2);

/** The discard that may be claimed (when known), then one button per answer: pass at once, a claim to confirm (`onChoose`). */
export function ClaimWindowChoices(p: { tile: Kind | null; discarder: number; who: (s: number) => string; moves: Move[]; label: (m: Move) => string; busy: boolean; onMove: (m: Move) => void; onChoose: (m: Move) => void }) {
  const moves = p.moves.map((m, i) => ({ m, i })).sort((a, b) => rank(a.m) - rank(b.m) || a.i - b.i).map((x) => x.m);
  return (
    <div class="choices am-claim" role="group" aria-label="Claim the discard">
      {p.tile !== null ? (
        <p class="choice-head claim-head">
          <Tile kind={p.tile} size="md" note="may be called" />
          <span>{p.who(p.discarder)}'s {tileName(p.tile)}:</span>
        </p>
      ) : null}
      {moves.map((m, i) =>
        m.type === "pass" ? (
          <button key={i} type="button" class="primary big" data-decision aria-keyshortcuts="P" disabled={p.busy} onClick={() => p.onMove(m)}>
            {p.label(m)}
          </button>
        ) : (
          <button key={i} type="button" class={m.type === "call-mahjong" ? "win" : ""} aria-keyshortcuts={m.type === "call-mahjong" ? "M" : "C"} disabled={p.busy} onClick={() => p.onChoose(m)}>
            {p.label(m)}
          </button>
        ),
      )}
    </div>
  );
}
