/**
 * Royale claims with 3–4 players (RULES §3 "more than two players", §8, issue 17): turns go to the
 * right (seat + 1, seat + 2, …); after each discard ANY player still playing may claim it, through
 * the claim windows and call preferences of the American game (game/claim-window.ts, reused as is:
 * it is generic over the call type and the number of players). Leak-free: who is asked depends only
 * on public facts (who discarded, who has stopped, whether the tile is a joker) and on the players'
 * call preferences; answers stay secret until the window closes.
 *
 * Priority at close, as the seeds give it (Siamese rules §10D, MahJong Masters "Claiming a
 * Discard"; RULES §3, §8, issue 28): the claimant nearest in turn after the discarder wins, whether
 * the claim is for an exposure or for a first or later Mah Jongg; only a claim that declares two or
 * more hands in that turn (a Double Mah Jongg, carried over to four racks) takes precedence, and
 * among those the nearest wins too. A claim names the rack it is for.
 *
 * With 2 players Royale keeps the Siamese turn: the next player claims the discard or draws
 * (there is nobody else who could claim), so no window opens.
 */
import type { Seat } from "../../api";
import type { WindowCall } from "../siamese/state";
import { answer, closeWindow, isAsked, isOpen, openWindow, ranked, turnOrderAfter, windowView, type CallPreference, type ClaimWindow } from "../../game/claim-window";

export { answer, closeWindow, isAsked, isOpen, windowView };
export type { CallPreference, ClaimWindow };

/** A call on a discard: an exposure for one rack, or a Mah Jongg completing one rack (`hands`: declared in that turn, the claimed one included, 2 = a Double Mah Jongg; default 1). The state keeps it as is (siamese/state.ts). */
export type RoyaleCall = WindowCall;

export interface Claim {
  seat: Seat;
  call: RoyaleCall;
}

/** Whether claims go through a window: only with 3–4 players (2 players keep the Siamese claim-or-draw). */
export const usesWindow = (players: number): boolean => players > 2;

/** Rank of a call: 2 for a Mah Jongg declaring two or more hands in the turn, else 1 (an exposure and a single Mah Jongg are equal: the nearer wins). */
export const claimRank = (c: RoyaleCall): number => (c.type === "call-mahjong" && (c.hands ?? 1) >= 2 ? 2 : 1);

/** How far `seat` sits after `discarder` in turn order (to the right): 1 = next player. */
export const turnDistance = (discarder: Seat, seat: Seat, players: number): number => (((seat - discarder) % players) + players) % players;

/**
 * The claims on one discard, best first: higher rank first (a claim declaring two or more hands
 * before any other), then nearer in turn after the discarder. The first is the winner; the rest are what is left if the
 * winner's Mah Jongg turns out to be in error (deadHands "enforce"). Throws on a claim by the
 * discarder, by a seat that does not exist, or two claims by one seat.
 */
export function resolveClaims(discarder: Seat, claims: readonly Claim[], players: number): Claim[] {
  const seen = new Set<Seat>();
  for (const { seat } of claims) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= players) throw new Error(`there is no seat ${seat}`);
    if (seat === discarder) throw new Error("a player cannot claim their own discard");
    if (seen.has(seat)) throw new Error(`seat ${seat} claimed twice`);
    seen.add(seat);
  }
  return claims
    .slice()
    .sort((a, b) => claimRank(b.call) - claimRank(a.call) || turnDistance(discarder, a.seat, players) - turnDistance(discarder, b.seat, players));
}

/**
 * Opens the window after `discarder` discarded `tile`. Eligible: every other player who has not
 * stopped; nobody for a joker (a discarded joker can never be claimed). Seats with preference
 * "ask" are asked (even when they could not claim anything); "mahjong" seats are resolved at close;
 * "never" seats pass. A window nobody is asked in is closed at once (`isOpen` is false).
 */
export function openRoyaleWindow(o: {
  players: number;
  discarder: Seat;
  tile: number;
  joker: boolean;
  stopped: readonly boolean[];
  preferences: readonly CallPreference[];
}): ClaimWindow<RoyaleCall> {
  const eligible = o.joker ? [] : turnOrderAfter(o.discarder, o.players).filter((s) => !o.stopped[s]);
  return openWindow<RoyaleCall>({ players: o.players, discarder: o.discarder, tile: o.tile, eligible, preferences: o.preferences });
}

/**
 * The claims once the window is closed (every asked seat answered, or `closeWindow` at the
 * deadline: silence is a pass), best first, in the same order as `resolveClaims`. `autoCall(seat)`
 * is asked only now, for "mahjong" seats: their best Mah Jongg with the tile, or null.
 */
export function windowClaims(w: ClaimWindow<RoyaleCall>, autoCall: (seat: Seat) => RoyaleCall | null): Claim[] {
  return ranked(w, claimRank, autoCall);
}

/** Who plays next when nobody claims: the first player after `after`, to the right, who has not stopped (null: all stopped). */
export function nextInTurn(after: Seat, players: number, stopped: readonly boolean[]): Seat | null {
  return [...turnOrderAfter(after, players), after].find((s) => !stopped[s]) ?? null;
}

/** What carrying out one claim came to: it stood, or it was a Mah Jongg in error (that rack is now dead). */
export type ClaimOutcome = "done" | "error";

/**
 * Carries out the claims in order (`windowClaims` or `resolveClaims`) until one stands: a Mah
 * Jongg claim in error (deadHands "enforce") kills the rack it named and the next claim is
 * considered, as in American games. Returns the claim that stood, or null (then the next player
 * to the right draws). `carryOut` does the state change for one claim.
 */
export function settleClaims(claims: readonly Claim[], carryOut: (c: Claim) => ClaimOutcome): Claim | null {
  for (const c of claims) if (carryOut(c) === "done") return c;
  return null;
}
