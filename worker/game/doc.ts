/** The game document made and read, pure: a new game's document, the published record. */
import * as engine from "./engine";
import type { NewGame } from "./room-support";
import type { Facts, GameState } from "./engine";
import type { GameDoc, GameStore, Player } from "./store";
import type { Step } from "./turns";

/** The facts of a game not dealt yet: no result, nobody to act, nobody timed. */
export const UNDEALT: Facts = { result: null, toAct: [], pace: { key: "", hours: null } };

/** A change of the document only (the engine state stays). */
export const DOC_ONLY: Step = { state: null, events: [], moves: [] };

/** The seats whose clocks run (those to act). */
export const clockSeats = (doc: GameDoc) => doc.clocks.map((c) => c.seat);

/** A new game's document: the creator in the first seat, the others free. */
export function newDoc(g: NewGame, now: number): GameDoc {
  return { ...g, players: [g.creator, ...Array<Player | null>(g.seats - 1).fill(null)], status: "open", version: 1, createdAt: now, clocks: [], vacations: {}, timeouts: Array(g.seats).fill(0), ledger: "none", ledgerAttempts: 0, facts: UNDEALT };
}

/**
 * The facts of a state the room did not get from a change (the deal, or a document stored before
 * it kept them): the one place the room asks the engine for them.
 */
export const factsOf = (state: GameState | null): Facts => (state === null ? UNDEALT : engine.factsOf(state));

/** The document as loaded: one stored before it kept the engine's facts gets them from its state, once. */
export const loaded = (doc: GameDoc | null, state: GameState | null): GameDoc | null => (!doc || doc.facts ? doc : { ...doc, facts: factsOf(state) });

/** An ended game's record: the seed with every move, so anyone can replay and check it. */
export function recordOf(doc: GameDoc, moves: ReturnType<GameStore["moves"]>, events: unknown[]) {
  const { id, ruleset, options, seed, commitment } = doc;
  return { id, ruleset, options, seed, commitment, moves, events, result: doc.facts.result };
}
