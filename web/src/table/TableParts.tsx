/**
 * What the Siamese and the American tables draw the same way: a hand's exposed groups and its
 * Mah Jongg or dead-hand tag, the status bar with clocks, an error line and the confirm prompt.
 */
import type { Kind } from "../../../worker/engine/tile-kinds";
import { Tile } from "../components/Tile";
import { useTileWords } from "../components/tile-words";
import { useClockWords } from "../game/LiveCountdown";
import { groupName } from "./words";

interface TileV {
  id: number;
  kind: Kind;
}

interface Exposed {
  exposures: { kind: Kind; tiles: TileV[]; killed: boolean }[];
  mahjong: { tiles: TileV[] } | null;
}

/** The exposed groups, then the Mah Jongg tiles; each group is labelled `${owner} ${group name}`. */
export function ExposedGroups({ hand, small, owner, mahjongLabel }: { hand: Exposed; small?: boolean; owner: string; mahjongLabel: string }) {
  const words = useTileWords();
  if (!hand.exposures.length && !hand.mahjong) return null;
  return (
    <div class="exposures">
      {hand.exposures.map((e, i) => (
        <span class={`exposure${e.killed ? " killed" : ""}`} key={i} role="group" aria-label={`${owner} ${groupName(e.tiles.length, e.kind, words.name)}`}>
          {e.tiles.map((x) => (
            <Tile key={x.id} kind={x.kind} size={small ? "sm" : "md"} />
          ))}
        </span>
      ))}
      {hand.mahjong ? (
        <span class="exposure mahjong" role="group" aria-label={mahjongLabel}>
          {hand.mahjong.tiles.map((x) => (
            <Tile key={x.id} kind={x.kind} size={small ? "sm" : "md"} />
          ))}
        </span>
      ) : null}
    </div>
  );
}

/** "Mah Jongg: 50 points, jokerless" or "Dead hand: …" (nothing for a hand still open). */
export function HandTags({ hand }: { hand: { mahjong: { value: number; jokerless: boolean } | null; dead: { message: string } | null } }) {
  if (hand.mahjong) return <span class="tag win-tag">Mah Jongg: {hand.mahjong.value} points{hand.mahjong.jokerless ? ", jokerless" : ""}</span>;
  if (hand.dead) return <span class="tag dead-tag">Dead hand: {hand.dead.message}</span>;
  return null;
}

export interface ClockM {
  seat: number;
  toAct: boolean;
  deadline: number | null;
}

/** The status line (what to do now), the running clocks, the wall and the latest event. */
export function StatusBar<C extends ClockM>(p: { status: string; yourTurn: boolean; clocks: C[]; name: (c: C) => string; wall: number; lastEvent: string }) {
  // Only the clocks that run (whose turn it is); when all four choose at once, yours and how many more.
  const acting = p.clocks.filter((c) => c.toAct);
  const running = acting.length > 2 ? acting.filter((c) => p.name(c) === "You").slice(0, 1) : acting;
  const more = acting.length - running.length;
  const left = useClockWords();
  return (
    // (not read out as it changes: the announcer says each thing once, access/announce.ts)
    <div class="status" role="status" aria-live="off">
      <strong class={p.yourTurn ? "your-turn" : ""}>{p.status}</strong>
      <div class="clocks">
        {running.map((c) => (
          <span key={c.seat} class="clock running">
            {p.name(c)}: {c.deadline ? left(c.deadline) : "to play"}
          </span>
        ))}
        {more ? <span class="clock more">and {more} more to play</span> : null}
        <span class="clock">Wall: {p.wall} tiles</span>
      </div>
      <div class="last-event">{p.lastEvent ? `Last: ${p.lastEvent}.` : ""}</div>
    </div>
  );
}

export const ErrorLine = ({ error }: { error: string }) =>
  error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;

/** "Discard the 5 Bam?" with Yes and Cancel (and an optional note between). */
export function ConfirmMove(p: { label: string; note?: string; busy: boolean; onYes: () => void; onCancel: () => void }) {
  return (
    <div class="confirm">
      <p>
        <strong>{p.label}?</strong>
      </p>
      {p.note ? <p class="muted small">{p.note}</p> : null}
      <div class="row">
        <button class="primary big" type="button" disabled={p.busy} onClick={p.onYes}>
          Yes, do it
        </button>
        <button type="button" aria-keyshortcuts="Escape" onClick={p.onCancel}>Cancel</button>
      </div>
    </div>
  );
}
