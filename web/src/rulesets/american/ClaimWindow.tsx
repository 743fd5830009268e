/**
 * The claim window's pieces, shared by every table where any player may claim a discard (American,
 * Royale with 3–4 players): the discard with claim and pass buttons (how claim windows treat you is
 * your standing orders, in the game menu: ../Orders.tsx).
 */
import type { Move } from "../../../../worker/engine/api";
import { tileName, type Kind } from "../../../../worker/engine/tile-kinds";
import { Tile } from "../../components/Tile";
import { Countdown } from "../../game/LiveCountdown";
import { ClaimKinds } from "../../table/ClaimKinds";

/**
 * The discard that may be claimed (when known), then Mah Jongg, the usual answer (pass, at once) and
 * the claims, each kind of claim one button whose ways unfold under it (../../table/ClaimKinds.tsx);
 * a claim is confirmed before it is sent (`onChoose`).
 */
export function ClaimWindowChoices(p: { tile: Kind | null; discarder: number; who: (s: number) => string; moves: Move[]; label: (m: Move) => string; busy: boolean; onMove: (m: Move) => void; onChoose: (m: Move) => void }) {
  const wins = p.moves.filter((m) => m.type === "call-mahjong");
  const pass = p.moves.find((m) => m.type === "pass");
  const claims = p.moves.filter((m) => m.type !== "call-mahjong" && m.type !== "pass");
  return (
    <div class="choices am-claim" role="group" aria-label="Claim the discard">
      {p.tile !== null ? (
        <p class="choice-head claim-head">
          <Tile kind={p.tile} size="md" note="may be called" />
          <span>{p.who(p.discarder)}'s {tileName(p.tile)}:</span>
          <Countdown />
        </p>
      ) : null}
      <ClaimKinds moves={wins} label={p.label} busy={p.busy} onChoose={p.onChoose} />
      {pass ? (
        <button type="button" class="primary big" data-decision aria-keyshortcuts="P" disabled={p.busy} onClick={() => p.onMove(pass)}>
          {p.label(pass)}
        </button>
      ) : null}
      <ClaimKinds moves={claims} label={p.label} busy={p.busy} onChoose={p.onChoose} />
    </div>
  );
}
