/**
 * Pins on the hint lines (a target hand for your standing orders): the hints under every table read
 * them from `PinsContext`, which `Pinned` provides. A part of its own, loaded with the hints after
 * the tiles (web/src/game/parts.ts), out of the game page's first script.
 */
import { createContext, type ComponentChildren } from "preact";
import type { Move } from "../../../worker/engine/api";
import type { GameInfo } from "../api";
import { ordersIn, ordersMove } from "./orders-value";

/** Pins on the hint lines: which are pinned, and a tap to pin or unpin one (absent: hints without pins). */
export interface Pins {
  pinned: readonly string[];
  busy: boolean;
  toggle: (line: string) => void;
}
export const PinsContext = createContext<Pins | null>(null);

/** The pins of a running game you play; null otherwise. */
export function pinsFor(game: GameInfo, seat: number, busy: boolean, onMove: (m: Move) => void): Pins | null {
  if (game.status !== "active" || seat < 0) return null;
  const value = ordersIn(game);
  const pinned = value.targets ?? [];
  return { pinned, busy, toggle: (line) => onMove(ordersMove({ ...value, targets: pinned.includes(line) ? pinned.filter((x) => x !== line) : [...pinned, line] })) };
}

/** `children` (the hints) with the pins of `game` for `seat`. */
export function Pinned({ game, seat, busy, onMove, children }: { game: GameInfo; seat: number; busy: boolean; onMove: (m: Move) => void; children: ComponentChildren }) {
  return <PinsContext.Provider value={pinsFor(game, seat, busy, onMove)}>{children}</PinsContext.Provider>;
}
