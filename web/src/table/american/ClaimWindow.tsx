/**
 * The claim window's pieces, shared by every table where any player may claim a discard (American,
 * Royale with 3–4 players): the discard with claim and pass buttons, and the call preferences.
 */
import type { Move } from "../../../../worker/engine/api";
import { tileName, type Kind } from "../../../../worker/engine/tile-kinds";
import { Tile } from "../../components/Tile";
import { PREFERENCES } from "./words";

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
          <button key={i} type="button" class="primary big" disabled={p.busy} onClick={() => p.onMove(m)}>
            {p.label(m)}
          </button>
        ) : (
          <button key={i} type="button" class={m.type === "call-mahjong" ? "win" : ""} disabled={p.busy} onClick={() => p.onChoose(m)}>
            {p.label(m)}
          </button>
        ),
      )}
    </div>
  );
}

/** The call preferences in the game menu: how claim windows treat you from the next one on. */
export function CallPreferences(p: { preference: string; windowHours: number; busy: boolean; onMove: (m: Move) => void }) {
  return (
    <details class="game-menu">
      <summary>Game menu</summary>
      <fieldset>
        <legend>When another player discards</legend>
        {PREFERENCES.map((o) => (
          <label class="check" key={o.value}>
            <input type="radio" name="call-preference" checked={p.preference === o.value} disabled={p.busy} onChange={() => p.onMove({ type: "preference", call: o.value })} />
            {o.label}
          </label>
        ))}
        <p class="muted">
          A claim window closes when everyone asked has answered, or after {p.windowHours} hours (silence is a pass). Nobody can tell from it what you hold.
        </p>
      </fieldset>
    </details>
  );
}
