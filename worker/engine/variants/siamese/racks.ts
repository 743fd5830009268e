/**
 * What every Siamese ruleset shares, whatever its hands are made of (an American card, Royale's
 * four racks, Wright-Patterson's hand list): one pool of concealed tiles over several racks, each
 * rack declared, dead or open, and the dead-hand rules (RULES §3, §5):
 * - an exposure no hand can take is refused under deadHands "prevent"; under "enforce" it is laid
 *   out and kills its rack;
 * - a player whose every hand is declared or dead, one of them declared, stops at their discard;
 * - within a turn, every hand declared (or every hand dead) ends the game;
 * - a player who times out discards the tile they received last, else their highest.
 * Plain functions over the racks; each ruleset's play calls them with its own rack shape.
 */
import type { GameEvent, Pace, RuleError, Seat } from "../../api";
import type { RackHint } from "../../game/hints";
import type { Dead } from "../../game/exposure";

/** A rack as these rules see it: its exposures, its declaration (void: not paid, siamese-mjm), whether it is dead. */
export interface RackLike {
  exposures: { killed?: true }[];
  mahjong: { turn: number; void?: true } | null;
  dead: Dead | null;
}

/** `n` empty racks for a player's share of the deal. */
export const emptyRacks = (n: number): { exposures: never[]; mahjong: null; dead: null }[] => Array.from({ length: n }, () => ({ exposures: emptyObjects<never>(), mahjong: null, dead: null }));

/**
 * A new empty list (of exposures, of discards) that V8 stores as a list of objects from the start.
 * A `[]` starts as a list of small integers (an "elements kind"), its copies (`slice`) too, and the
 * first object pushed converts it: code made fast for lists of objects was thrown away when it met
 * one of these. A copy of an empty list of objects is one too.
 */
const OBJECTS: unknown[] = [null].slice(1);
export const emptyObjects = <T>(): T[] => OBJECTS.slice() as T[];

/** How a rack stands for hints and lists. */
export const rackStatus = (r: RackLike): RackHint["status"] => (r.mahjong ? "declared" : r.dead ? "dead" : "open");

/** Hands validly declared (a void declaration is not) and hands dead. */
export function handCounts(racks: readonly RackLike[]): { declared: number; dead: number } {
  const t = tally(racks);
  return { declared: t >> 8, dead: t & 255 };
}

/**
 * Does a player stop at this discard? Every hand declared or dead and one of them declared
 * (`noneDeclared`: a ruleset with its own end, Royale, stops a player whose hands are all dead too).
 */
export function stopsAtDiscard(racks: readonly RackLike[], noneDeclared = false): boolean {
  const t = tally(racks);
  const declared = t >> 8;
  return (declared > 0 || noneDeclared) && declared + (t & 255) === racks.length;
}

/** After a move inside a turn: every hand declared ends the game ("mahjong"), every hand dead too ("dead"). */
export function turnEnd(racks: readonly RackLike[]): "mahjong" | "dead" | null {
  const t = tally(racks);
  if (t >> 8 === racks.length) return "mahjong";
  if ((t & 255) === racks.length) return "dead";
  return null;
}

/** Hands declared (not void) × 256 + hands dead (racks are far fewer than 256): asked on every move, without an object; handCounts reads it. */
function tally(racks: readonly RackLike[]): number {
  let declared = 0;
  let dead = 0;
  for (let i = 0; i < racks.length; i++) {
    const r = racks[i]!;
    if (r.dead) dead++;
    if (r.mahjong && !r.mahjong.void) declared++;
  }
  return declared * 256 + dead;
}

/** An exposure that would kill rack `rackNo` (`reason` says why no hand can take it): refused unless deadHands is "enforce". */
export function deadRefusal(reason: string | null, enforce: boolean, what: string, rackNo: number): ({ ok: false } & RuleError) | null {
  return reason !== null && !enforce ? { ok: false, code: "hand/dead", message: `${reason}: that ${what} would make rack ${rackNo + 1} dead` } : null;
}

/** deadHands "enforce": exposure `e`, laid out on `rack`, killed it. Marks both and returns the event that says so. */
export function killRack(rack: RackLike, e: { killed?: true }, message: string, turn: number, seat: Seat, rackNo: number): GameEvent {
  e.killed = true;
  rack.dead = { reason: "exposure", message, turn };
  return { type: "dead", seat, rack: rackNo, message };
}

/** The timeout ruling's discard: the tile received last this turn if it is still among `tiles`, else the highest. */
export const timeoutTile = (drawn: number | null, tiles: readonly number[]): number => (drawn !== null && tiles.includes(drawn) ? drawn : Math.max(...tiles));

/** A turn's clock runs over its several moves (draw or claim, act, discard): never a fresh clock. */
export const turnPace = (): Pace => ({ key: "", hours: null });
