/**
 * The Siamese move vocabulary (what the web app renders buttons from). Every move is plain JSON;
 * legalMoves(state, seat) lists exactly the moves apply accepts. Physical copies are never named
 * except in `discard`: the engine always takes the lowest-id tiles of the kind it needs.
 *
 * Draw phase (27 tiles, your turn):
 *   {type:"draw"}                                  draw the next wall tile
 *   {type:"claim", rack, size, jokers}             take the last discard and expose it on `rack` as a
 *                                                  group of `size` (3 pung, 4 kong, 5 quint, 6 sextet)
 *                                                  with `jokers` jokers from your pool (the rest real tiles)
 *   {type:"claim-mahjong", rack, line}             take the last discard and declare `rack` as card `line`
 * Discard phase (28 tiles, your turn):
 *   {type:"discard", tile}                         discard tile id `tile`; ends the turn
 *   {type:"mahjong", rack, line}                   expose all 14 tiles of `rack` as card `line`
 *                                                  (under deadHands "enforce" every line is offered and a
 *                                                  wrong one is Mah Jongg in error)
 *   {type:"joker", seat, rack, exposure}           swap a real tile from your pool for a joker in exposure
 *                                                  #`exposure` of `seat`'s `rack` (yours or the opponent's)
 *   {type:"move-exposure", rack, exposure, to}     an exposure made this turn goes to the other rack
 *
 * Either phase, your first turn / while Atomic (RULES §3, rulings in ./atomic.ts):
 *   {type:"atomic", tiles}                         go for the Atomic hand: these 13 concealed tile ids go on
 *                                                  rack 1 (legalMoves offers the engine's pick per Atomic
 *                                                  line; any 13 concealed tiles are accepted)
 *   {type:"abandon-atomic"}                        give the Atomic hand up
 *
 * Ruling (racks): concealed tiles are one pool, so moving them between racks is arrangement on the
 * player's screen, not a move; the engine never asks which rack a concealed tile is on (except the
 * Atomic rack's 13, which the player names once).
 * Ruling: jokers are exchanged after drawing or claiming (in the discard phase), not before.
 */
import type { Move, Seat } from "../../api";
import type { Card, CardModule, Group } from "../../card/api";
import { JOKER, KIND_COUNT, type Kind } from "../../tiles";
import { isAtomicRack, loose, mayDeclare, picks, rackSource, sideOf } from "./atomic";
import { asGroup, completions, completionsOf, completionsWith, type Completion } from "./judge";
import type { SiameseEdition } from "./edition";
import type { Exposure, Rack, SeatState, SiameseState } from "./state";

/** What the card-played variants' rule code works with: the card module, the game's card, tile kinds by id. */
export interface CardCtx {
  cards: CardModule;
  card: Card;
  kinds: readonly Kind[];
}

export interface Ctx extends CardCtx {
  /** The edition's rules (./edition.ts): rule code asks these fields, never the ruleset id. */
  edition: SiameseEdition;
}

export function poolKinds(s: SeatState, kinds: readonly Kind[]): Kind[] {
  return kindsOfIds(s.pool, kinds);
}
export function kindsOfIds(ids: readonly number[], kinds: readonly Kind[]): Kind[] {
  const out = new Array<Kind>(ids.length);
  for (let i = 0; i < ids.length; i++) out[i] = kinds[ids[i]!]!;
  return out;
}
export const open = (r: Rack) => !r.mahjong && !r.dead;
export const isJokerId = (kinds: readonly Kind[], id: number) => kinds[id] === JOKER;

/** May `e` (owned by `owner`, on `rack`) give up a joker? Not from a declared hand nor from an exposure that killed its hand. */
export const jokerFree = (owner: SeatState, rack: Rack, e: Exposure, kinds: readonly Kind[]) => !owner.revealed && !rack.mahjong && !e.killed && hasJoker(e.tiles, kinds);

function hasJoker(ids: readonly number[], kinds: readonly Kind[]): boolean {
  for (let i = 0; i < ids.length; i++) if (kinds[ids[i]!] === JOKER) return true;
  return false;
}

/** How many of each kind the tiles last given to `sideKinds` hold (filled afresh by each list of moves). */
const HELD = new Int32Array(KIND_COUNT);

/**
 * The kinds of `ids` (the tiles rack 2 may use), counted into HELD on the way. The list is this
 * module's, one per length, filled afresh by the next call for as many tiles: read it before then
 * (every caller asks the card about it and lets it go; the card module copies what it keeps).
 * Listing moves asked for a new list twice a turn, most of what the simulations threw away.
 */
export function sideKinds(ids: readonly number[], kinds: readonly Kind[]): Kind[] {
  HELD.fill(0);
  const n = ids.length;
  const out = SIDES[n] ?? newSide(n);
  for (let i = 0; i < n; i++) HELD[(out[i] = kinds[ids[i]!]!)]!++;
  return out;
}
const SIDES: Kind[][] = [];
function newSide(n: number): Kind[] {
  const out = new Array<Kind>(n);
  // (filled once before it is kept: a list with holes in it is another kind of list to V8)
  for (let i = 0; i < n; i++) out[i] = 0;
  return n < 64 ? (SIDES[n] = out) : out;
}

/** The counts sideKinds made of the tiles it was given last (read them before the next call). */
export const sideCounts = (): Int32Array => HELD;

/**
 * Per rack: its groups (kind, size, jokers: all a card question reads of them), and tile counts by
 * kind of concealed tiles known to complete no line of `card` beside those groups. More concealed
 * tiles never make a complete hand incomplete, so no line is complete with any tiles the counts
 * hold; with tiles that hold more than the counts of one kind only (not a joker), a line complete
 * now has a way that needs a tile of that kind, and only those ways need be looked at (the card
 * module's `using`). A seat's turn changes one tile in and one out, so the question asked of each
 * rack on every turn, which lines it completes (almost always none), is mostly asked of the ways
 * that need the tile drawn. A fact about the groups and the card (checked on every use, so a rack
 * changed in place is asked afresh), whichever game or sample the tiles came from. Kept for the
 * racks asked about last, a few (a game has four; a WeakMap by rack cost the garbage collector more
 * than the questions it saved), `nextNothing` the slot to take next.
 */
interface Nothing {
  rack: Rack | null;
  card: Card | null;
  groups: Group[];
  counts: Int32Array;
}
const NOTHING_WITH: Nothing[] = Array.from({ length: 8 }, () => ({ rack: null, card: null, groups: [], counts: new Int32Array(KIND_COUNT) }));
let nextNothing = 0;

/**
 * Exactly `completions(cards, card, side, exposures)` for the non-Atomic rack `rack` whose groups
 * are `exposures`, with `held` the counts of `side` by kind (sideKinds' counts), asked only of the
 * ways the tiles since its last empty answer can complete.
 */
export function rackCompletions(cards: CardModule, card: Card, rack: Rack, side: Kind[], held: Int32Array, exposures: Group[]): Completion[] {
  if (!cards.declarable) return completions(cards, card, side, exposures);
  let known: Nothing | null = null;
  for (let i = 0; i < NOTHING_WITH.length; i++) if (NOTHING_WITH[i]!.rack === rack) known = NOTHING_WITH[i]!;
  let using: Kind | undefined;
  if (known !== null && known.card === card && sameGroups(known.groups, exposures)) {
    const c = known.counts;
    let more = -1;
    let n = 0;
    // (only a kind the side holds can be held more often than the counts kept: its tiles are asked, until a second such kind)
    for (let i = 0; i < side.length && n < 2; i++) {
      const k = side[i]!;
      if (k !== more && held[k]! > c[k]!) (more = k), n++;
    }
    // no more of any kind than tiles that complete nothing: nothing
    if (n === 0) return [];
    // (a bare rack's question goes through every way of the card: the card module finds the few its
    // tiles could complete faster than it goes through the many that need one kind)
    if (n === 1 && more !== JOKER && exposures.length > 0) using = more;
  }
  const away = cards.declarable(side, exposures, card, using);
  if (away.length === 0) {
    if (known === null) {
      known = NOTHING_WITH[nextNothing]!;
      nextNothing = (nextNothing + 1) % NOTHING_WITH.length;
      known.rack = rack;
    }
    known.card = card;
    known.groups = exposures;
    known.counts.set(held);
    return [];
  }
  return completionsOf(away, exposures, false);
}

/**
 * The groups of `r`'s exposures (kind, size, jokers). Kept for the racks asked about last, a few, and
 * handed out again while the exposures still make exactly those groups (checked on every call, so a
 * rack changed in place gets new ones): listing a seat's moves asks for each rack's groups on every
 * turn, and making them afresh was most of what the simulations threw away. The lists handed out
 * are only read (a kept one is never changed: a rack whose groups changed gets a new list).
 */
export function groupsOf(r: Rack, kinds: readonly Kind[]): Group[] {
  const es = r.exposures;
  for (let i = 0; i < GROUPS_KEPT.length; i++) {
    const kept = GROUPS_KEPT[i]!;
    if (kept.rack !== r) continue;
    if (sameAsGroups(es, kept.groups, kinds)) return kept.groups;
    return (kept.groups = es.map((e) => asGroup(e, kinds)));
  }
  const kept = GROUPS_KEPT[nextKept]!;
  nextKept = (nextKept + 1) % GROUPS_KEPT.length;
  kept.rack = r;
  return (kept.groups = es.map((e) => asGroup(e, kinds)));
}
const GROUPS_KEPT: { rack: Rack | null; groups: Group[] }[] = Array.from({ length: 8 }, () => ({ rack: null, groups: [] }));
let nextKept = 0;

/** Do exposures `es` make exactly `groups`, in order? */
function sameAsGroups(es: readonly Exposure[], groups: readonly Group[], kinds: readonly Kind[]): boolean {
  if (es.length !== groups.length) return false;
  for (let i = 0; i < es.length; i++) {
    const e = es[i]!;
    const g = groups[i]!;
    if (e.kind !== g.kind || e.tiles.length !== g.size) return false;
    let jokers = 0;
    for (let t = 0; t < e.tiles.length; t++) if (kinds[e.tiles[t]!] === JOKER) jokers++;
    if (jokers !== g.jokers) return false;
  }
  return true;
}

/** Same groups in the same order: two racks that answer every card question alike (both racks bare, most of a game). */
export function sameGroups(a: readonly Group[], b: readonly Group[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.kind !== b[i]!.kind || a[i]!.size !== b[i]!.size || a[i]!.jokers !== b[i]!.jokers) return false;
  return true;
}

// The moves listed on every turn are shared, frozen values (a move is plain JSON and nothing changes one).
export const DRAW: Move = Object.freeze({ type: "draw" });
const DISCARD: Move[] = [];
export const discardMove = (tile: number): Move => DISCARD[tile] ?? (DISCARD[tile] = Object.freeze({ type: "discard", tile }));
/** Is `m` the shared draw, or the shared discard of its tile (as legalMoves lists them)? Then it is well formed, and known so without reading its keys. */
export const isSharedMove = (m: Move): boolean => m === DRAW || (m.type === "discard" && typeof m.tile === "number" && DISCARD[m.tile] === m);
const CLAIM: Move[] = [];
const claimMove = (rack: number, size: number, jokers: number): Move =>
  CLAIM[(rack * 8 + size) * 8 + jokers] ?? (CLAIM[(rack * 8 + size) * 8 + jokers] = Object.freeze({ type: "claim", rack, size, jokers }));
const JOKER_MOVES: Move[] = [];
/** Shared for up to 8 seats, 8 racks and 32 exposures a rack; made afresh beyond (never in a game the engine plays). */
const jokerMove = (seat: number, rack: number, exposure: number): Move =>
  seat < 8 && rack < 8 && exposure < 32
    ? (JOKER_MOVES[(seat * 8 + rack) * 32 + exposure] ??= Object.freeze({ type: "joker", seat, rack, exposure }))
    : { type: "joker", seat, rack, exposure };
const ABANDON_ATOMIC: Move = Object.freeze({ type: "abandon-atomic" });
const declareAny = new WeakMap<Card, Move[][]>();

/** Under deadHands "enforce": every line of the card for `rack` (its Atomic lines for the Atomic rack, the others otherwise), as Mah Jongg moves. */
function everyLine(card: Card, rack: number, atomic: boolean): Move[] {
  let byRack = declareAny.get(card);
  if (!byRack) declareAny.set(card, (byRack = []));
  const i = rack * 2 + (atomic ? 1 : 0);
  return (byRack[i] ??= card.lines.filter((l) => l.atomic === atomic).map((l) => Object.freeze({ type: "mahjong", rack, line: l.id })));
}

/**
 * Adds the Atomic moves (the engine's picks on the first turn, giving up while Atomic) last, so the
 * everyday moves keep their places. `picks`: false for a lean list (none of the picks).
 */
export function atomicMoves(ctx: Ctx, state: SiameseState, seat: Seat, out: Move[], withPicks = true): Move[] {
  const me = state.seats[seat]!;
  if (me.atomic !== undefined) out.push(ABANDON_ATOMIC);
  else if (withPicks && atomicOffered(ctx, state, seat)) for (const tiles of picks(ctx.cards, ctx.card, me, ctx.kinds)) out.push({ type: "atomic", tiles });
  return out;
}

/**
 * May the seat go for the Atomic hand now (its first turn, the card has Atomic lines)? Then the
 * list holds the engine's picks: one per Atomic line at least (a line's nearest way always names
 * the kinds to keep), so a lean list's reader knows they are there without working them out.
 */
export const atomicOffered = (ctx: Ctx, state: SiameseState, seat: Seat): boolean => state.turn <= 1 && mayDeclare(ctx.card, state, seat);

/**
 * Under deadHands "enforce", in the discard phase: the Mah Jongg moves legalMoves lists for every
 * line of every open rack of `seat`, in its order (a lean list leaves them out).
 */
export function everyDeclaration(ctx: Ctx, state: SiameseState, seat: Seat): Move[] {
  const me = state.seats[seat]!;
  const out: Move[] = [];
  for (let rack = 0; rack < me.racks.length; rack++) if (open(me.racks[rack]!)) for (const m of everyLine(ctx.card, rack, isAtomicRack(me, rack))) out.push(m);
  return out;
}

/** How many moves everyDeclaration lists, without listing them. */
export function declarationCount(ctx: Ctx, state: SiameseState, seat: Seat): number {
  const me = state.seats[seat]!;
  let n = 0;
  for (let rack = 0; rack < me.racks.length; rack++) if (open(me.racks[rack]!)) n += everyLine(ctx.card, rack, isAtomicRack(me, rack)).length;
  return n;
}

/**
 * Every move apply accepts. `lean` (the simulations' fast player, which picks its discard from the
 * pool and asks for the Atomic picks the rare time it goes for the hand): the same list without the
 * discards and the Atomic picks (atomicOffered says whether there are any) and, under deadHands
 * "enforce", without the Mah Jongg moves of every line (everyDeclaration), so it skips the work it never reads.
 */
export function legalMoves(ctx: Ctx, state: SiameseState, seat: Seat, lean = false): Move[] {
  if (state.phase === "over" || state.toAct !== seat) return [];
  return state.phase === "draw" ? drawMoves(ctx, state, seat, lean) : discardMoves(ctx, state, seat, lean);
}

/**
 * legalMoves in the draw phase. (Each phase's list, and the joker exchanges and moved exposures, are
 * functions of their own: a rare path taken for the first time (a claim for Mah Jongg, an Atomic
 * seat) makes the runtime throw away the fast code of the function it is in and make it again, and
 * one function for the whole list cost a simulation more in making it again than in running it.)
 */
function drawMoves(ctx: Ctx, state: SiameseState, seat: Seat, lean: boolean): Move[] {
  const me = state.seats[seat]!;
  const { kinds, cards, card } = ctx;
  const enforce = state.options.deadHands === "enforce";
  const atomic = me.atomic !== undefined;
  const out: Move[] = [DRAW];
  const d = state.claimable;
  if (!d || d.seat === seat) return atomicMoves(ctx, state, seat, out, !lean);
  // While Atomic, rack 2 uses the tiles not on rack 1 (the drawn tile included).
  const side = sideKinds(atomic ? sideOf(me) : me.pool, kinds);
  const kind = kinds[d.tile]!;
  const real = HELD[kind]!;
  const jokers = HELD[JOKER]!;
  // A rack with the same exposures as the one before gets the same answers (computed once).
  let prev: Group[] | null = null;
  let fits = 0; // bit size: that size fits the previous rack
  let wins: Completion[] = [];
  for (let rack = 0; rack < me.racks.length; rack++) {
    const r = me.racks[rack]!;
    if (!open(r)) continue;
    if (isAtomicRack(me, rack)) {
      // no exposure on the Atomic rack; the discard may complete an Atomic line
      const from = rackSource(card, me, rack);
      for (const c of completionsWith(cards, from.card, kindsOfIds(from.ids, kinds), [], kind, true)) out.push({ type: "claim-mahjong", rack, line: c.line });
      continue;
    }
    const exposures = groupsOf(r, kinds);
    const same = prev !== null && sameGroups(prev, exposures);
    if (!same) fits = 0;
    // the sizes that fit, asked once per rack (all four at once where the card module can)
    if (!enforce && !same && real + jokers >= 2) fits = sizesThatFit(cards, card, exposures, kind, real + jokers);
    for (let size = 3; size <= 6; size++) {
      if (real + jokers < size - 1) break;
      if (!enforce && !(fits & (1 << size))) continue;
      for (let j = Math.max(0, size - 1 - real); j <= Math.min(jokers, size - 1); j++) out.push(claimMove(rack, size, j));
    }
    if (!same) wins = completionsWith(cards, card, side, exposures, kind);
    for (const c of wins) out.push({ type: "claim-mahjong", rack, line: c.line });
    prev = exposures;
  }
  return atomicMoves(ctx, state, seat, out, !lean);
}

/** legalMoves in the discard phase. */
function discardMoves(ctx: Ctx, state: SiameseState, seat: Seat, lean: boolean): Move[] {
  const me = state.seats[seat]!;
  const { kinds, cards, card } = ctx;
  const enforce = state.options.deadHands === "enforce";
  const atomic = me.atomic !== undefined;
  // While Atomic a rack-1 tile can be discarded only with a drawn tile to take its place.
  const fixed = atomic && loose(me) === null ? me.atomic! : null;
  const out = lean ? [] : fixed ? me.pool.filter((tile) => !fixed.includes(tile)).map(discardMove) : me.pool.map(discardMove);
  const side = sideKinds(atomic ? sideOf(me) : me.pool, kinds);
  let prev: Group[] | null = null;
  let wins: Completion[] = [];
  for (let rack = 0; rack < me.racks.length; rack++) {
    const r = me.racks[rack]!;
    if (!open(r)) continue;
    if (enforce) {
      // (a lean list leaves them out: everyDeclaration lists them when wanted)
      if (!lean) for (const m of everyLine(card, rack, isAtomicRack(me, rack))) out.push(m);
    } else if (isAtomicRack(me, rack)) {
      const from = rackSource(card, me, rack);
      for (const c of completions(cards, from.card, kindsOfIds(from.ids, kinds), [], undefined, true)) out.push({ type: "mahjong", rack, line: c.line });
    } else {
      const exposures = groupsOf(r, kinds);
      if (prev === null || !sameGroups(prev, exposures)) wins = rackCompletions(cards, card, r, side, HELD, exposures);
      for (const c of wins) out.push({ type: "mahjong", rack, line: c.line });
      prev = exposures;
    }
  }
  jokerMoves(ctx, state, seat, out);
  return atomicMoves(ctx, state, seat, out, !lean);
}

/** The discard phase's joker exchanges and moves of this turn's exposures to the other rack, added to `out` (`HELD`: the seat's counts). */
function jokerMoves(ctx: Ctx, state: SiameseState, seat: Seat, out: Move[]): void {
  const me = state.seats[seat]!;
  const kinds = ctx.kinds;
  for (let s = 0; s < state.seats.length; s++) {
    const owner = state.seats[s]!;
    for (let rack = 0; rack < owner.racks.length; rack++) {
      const r = owner.racks[rack]!;
      for (let exposure = 0; exposure < r.exposures.length; exposure++) {
        const e = r.exposures[exposure]!;
        if (HELD[e.kind]! > 0 && jokerFree(owner, r, e, kinds)) out.push(jokerMove(s, rack, exposure));
      }
    }
  }
  for (let rack = 0; rack < me.racks.length; rack++) {
    const r = me.racks[rack]!;
    for (let exposure = 0; exposure < r.exposures.length; exposure++) {
      const e = r.exposures[exposure]!;
      if (e.turn !== state.turn) continue; // only this turn's exposures may move (movable says so too)
      for (let to = 0; to < me.racks.length; to++) if (!isAtomicRack(me, to) && movable(ctx, state, r, e, me.racks[to]!, to !== rack)) out.push({ type: "move-exposure", rack, exposure, to });
    }
  }
}

/**
 * The sizes (bit 1 << size, 3 to 6) of a group of `kind` that still fit beside `exposures`: all four
 * in one question where the card module can (fitSizes), else each asked of exposuresFit up to what
 * `held` tiles can make.
 */
export function sizesThatFit(cards: CardModule, card: Card, exposures: Group[], kind: Kind, held = 6): number {
  if (cards.fitSizes) return cards.fitSizes(exposures, kind, card);
  let fits = 0;
  for (let size = 3; size <= 6 && held >= size - 1; size++) if (cards.exposuresFit([...exposures, { kind, size, jokers: 0 }], card).ok) fits |= 1 << size;
  return fits;
}

/** An exposure put on the wrong rack may move to another open rack until this turn's discard, if it fits there. */
export function movable(ctx: Ctx, state: SiameseState, from: Rack, e: Exposure, to: Rack, other: boolean): boolean {
  if (!other || e.turn !== state.turn || e.killed || from.mahjong || !open(to)) return false;
  const size = e.tiles.length;
  // (the sizes that fit, where the card module can: whether a group fits never depends on its jokers, and no refusal's words are made)
  if (ctx.cards.fitSizes && size >= 3 && size <= 6) return (ctx.cards.fitSizes(groupsOf(to, ctx.kinds), e.kind, ctx.card) & (1 << size)) !== 0;
  return ctx.cards.exposuresFit([...groupsOf(to, ctx.kinds), asGroup(e, ctx.kinds)], ctx.card).ok;
}
