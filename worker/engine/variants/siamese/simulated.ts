/**
 * A somewhat purposeful random Siamese player for simulations (tests, `npm run cli -- simulate`,
 * the benchmark): declares Mah Jongg when it can, claims and exchanges jokers often, discards its
 * loneliest tiles, now and then goes for the Atomic hand with the engine's pick or 13 tiles of its
 * own and gives it up again. Also the Siamese invariants beyond the generic ones (27/28 tiles).
 */
import type { Group } from "../../card/api";
import type { GameOptions, GameRecord, Move, Seat } from "../../api";
import { kindsOf } from "../../game/physical";
import { nextInt, nextU32, seedRng, type RngState } from "../../random";
import { rulesOfVariant, simulate, InvariantError, must, type PlayerFor, type Simulation } from "../../game/simulate";
import { stepInPlace } from "./play";
import { JOKER } from "../../tiles";
import { tableOf, type siameseVariant, type SiameseEdition, type SiameseState } from "./index";
import { ATOMIC_RACK, ATOMIC_TILES, isAtomicRack, loose, rackSource, sideOf } from "./atomic";
import { asGroup, completions, type Completion } from "./judge";
import { DRAW, discardMove, atomicMoves, atomicOffered, declarationCount, everyDeclaration, kindsOfIds, legalMoves as siameseMoves, rackCompletions, sameGroups, sideCounts, sideKinds, sizesThatFit } from "./moves";

// kinds by id of up to four sets (a set's ids repeat its kinds: the first set's K[id] is the same in any game)
const K = kindsOf("american", 4);
export type SiameseRules = ReturnType<typeof siameseVariant>;

export { InvariantError };

/**
 * Every tile of the game's sets (Siamese 152) in exactly one place; the edition's hand (Siamese 27)
 * between turns, one more for the player who drew or claimed. `ed`: the edition played (default Siamese).
 */
export function checkInvariants(s: SiameseState, ed?: SiameseEdition): void {
  const total = 152 * (ed ? tableOf(ed, s.options).sets : 1);
  const hand = ed?.hand ?? 27;
  must(s.seats.length === s.players && s.players === (ed ? tableOf(ed, s.options).players : 2), `${s.seats.length} seats for ${s.players} players`);
  // where[id] = index in `places` (names are only needed in a failure message)
  const where = new Int16Array(total).fill(-1);
  const places: string[] = [];
  let found = 0;
  const put = (ids: readonly number[], place: string, once = false) => {
    const p = places.push(place) - 1;
    for (const id of ids) {
      const at = where[id];
      if (at === undefined) throw new InvariantError(`tile ${id} is not a tile of the set (in ${place})`);
      if (at >= 0) {
        if (once) continue;
        throw new InvariantError(`tile ${id} is both in ${places[at]} and in ${place}`);
      }
      where[id] = p;
      found++;
    }
  };
  put(s.wall, "the wall");
  s.seats.forEach((p, seat) => {
    put(p.pool, `seat ${seat}'s pool`);
    p.racks.forEach((r, rack) => {
      for (const e of r.exposures) put(e.tiles, `seat ${seat} rack ${rack}`);
      if (r.mahjong) put(r.mahjong.tiles, `seat ${seat} rack ${rack} Mah Jongg`);
    });
  });
  put(s.discards.map((d) => d.tile), "the discards", true);
  must(found === total, `${found} tiles instead of ${total}`);
  s.seats.forEach((p, seat) => {
    let n = p.pool.length;
    for (const r of p.racks) {
      for (const e of r.exposures) n += e.tiles.length;
      n += r.mahjong?.tiles.length ?? 0;
    }
    const acting = s.phase === "discard" && s.toAct === seat;
    if (s.phase !== "over") {
      if (n !== (acting ? hand + 1 : hand)) throw new InvariantError(`seat ${seat} holds ${n} tiles in phase ${s.phase}`);
    } else if (n !== hand && n !== hand + 1) throw new InvariantError(`seat ${seat} ends with ${n} tiles`);
    // The Atomic rack: 13 distinct concealed tiles, no exposure, not declared
    const a = p.atomic;
    if (a) {
      must(a.length === ATOMIC_TILES && new Set(a).size === ATOMIC_TILES, `seat ${seat}'s Atomic rack holds ${a.length} tiles`);
      must(a.every((id) => p.pool.includes(id)), `seat ${seat}'s Atomic rack holds a tile that is not concealed`);
      const r = p.racks[ATOMIC_RACK]!;
      must(r.exposures.length === 0 && !r.mahjong && !r.dead, `seat ${seat}'s Atomic rack has an exposure or a declaration`);
    }
  });
}

/** Every tile ({id, kind}) a view shows must be public: no other seat's concealed tile, no wall tile while running. */
export function checkView(v: SiameseRules, s: SiameseState, seat: Seat | null): void {
  const view = v.viewFor(s, seat);
  if (s.phase === "over") return;
  const hidden = new Uint8Array(K.length);
  for (const id of s.wall) hidden[id] = 1;
  s.seats.forEach((p, i) => {
    if (i !== seat && !p.revealed) for (const id of p.pool) hidden[id] = 1;
  });
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) {
      for (const y of x) if (y && typeof y === "object") walk(y);
      return;
    }
    if (x && typeof x === "object") {
      const o = x as Record<string, unknown>;
      if (typeof o.id === "number" && typeof o.kind === "number" && hidden[o.id] === 1)
        throw new InvariantError(`view for ${seat} shows hidden tile ${o.id}`);
      for (const k in o) {
        if (k === "seed" || k === "rng" || k === "wall") throw new InvariantError(`view for ${seat} shows the seed, the PRNG or the wall`);
        const y = o[k];
        if (y && typeof y === "object") walk(y);
      }
    }
  };
  walk(view);
}

const pick = <T>(rng: RngState, xs: T[]) => xs[nextInt(rng, xs.length)]!;
const chance = (rng: RngState, p: number) => nextU32(rng) / 2 ** 32 < p;

/**
 * An answer in a claim window (Royale with 3–4 players): a Mah Jongg that stands whenever there is
 * one (now and then one in error under "enforce"), an exposure often, else a pass; now and then a
 * change of call preference.
 */
function answerWindow(v: SiameseRules, s: SiameseState, seat: Seat, moves: Move[], rng: RngState): Move {
  const prefs = moves.filter((m) => m.type === "preference");
  if (prefs.length && chance(rng, 0.02)) return pick(rng, prefs);
  if (moves.length === prefs.length) return pick(rng, prefs); // not asked (never happens to a seat to act)
  const mj = moves.filter((m) => m.type === "call-mahjong");
  if (mj.length) {
    // the claims that stand are the Siamese claim-mahjong moves of that seat's turn
    const d = s.discards[s.discards.length - 1]!;
    const valid = new Set(siameseMoves(v.ctx(s), { ...s, window: null, toAct: seat, phase: "draw", claimable: d }, seat).flatMap((m) => (m.type === "claim-mahjong" ? [`${m.rack} ${m.line}`] : [])));
    const good = mj.filter((m) => valid.has(`${m.rack} ${m.line}`));
    if (good.length) return pick(rng, good);
    if (chance(rng, 0.01)) return pick(rng, mj);
  }
  const calls = moves.filter((m) => m.type === "call");
  if (calls.length && chance(rng, 0.3)) return pick(rng, calls);
  return { type: "pass" };
}

/**
 * A move chosen by a somewhat purposeful random player from `moves`: the legal moves, or with `lean`
 * the lean list (no discards, no Atomic picks: ./moves.ts legalMoves), chosen from alike. (The rarer
 * choices are functions of their own, so that the one met for the first time after hundreds of games
 * throws away the compiled code of a small function, not of this one with everything in it.)
 */
export function choose(v: SiameseRules, s: SiameseState, seat: Seat, moves: Move[], rng: RngState, lean = false): Move {
  if (s.phase === "window") return answerWindow(v, s, seat, moves, rng);
  const enforce = s.options.deadHands === "enforce";
  // (each kind gathered only when the list has one: most lists are a draw or discards and a few more)
  let claimMj: Move[] | null = null;
  let claims: Move[] | null = null;
  let jokers: Move[] | null = null;
  let shifts: Move[] | null = null;
  let atomic: Move[] | null = null;
  let abandon: Move | null = null;
  let preferences: Move[] | null = null;
  let declarations = 0; // Mah Jongg moves: under enforce every line of every open rack, gathered only when wanted
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i]!;
    const type = m.type;
    if (type === "discard") continue; // most of the list, chosen below by tile
    if (type === "mahjong") declarations++;
    else if (type === "claim-mahjong") (claimMj ??= []).push(m);
    else if (type === "claim") (claims ??= []).push(m);
    else if (type === "joker") (jokers ??= []).push(m);
    else if (type === "move-exposure") (shifts ??= []).push(m);
    else if (type === "atomic") (atomic ??= []).push(m);
    else if (type === "abandon-atomic") abandon = m;
    else if (type === "preference") (preferences ??= []).push(m);
  }
  // a lean list under enforce holds none of the Mah Jongg moves of every line: counted, listed only when one is taken
  const leanDeclarations = lean && enforce && s.phase === "discard";
  if (leanDeclarations) declarations = declarationCount(v.ctx(s), s, seat);
  // call preferences (games with claim windows only): now and then another
  if (preferences && chance(rng, 0.01)) return pick(rng, preferences);
  if (claimMj) return pick(rng, claimMj);
  // (a lean list holds no picks: whether there are any is asked, the picks only when one is taken)
  if (lean && s.turn <= 1 && atomicOffered(v.ctx(s), s, seat)) atomic = []; // (offered on a first turn only: the context is not looked up on every other)
  if (atomic && chance(rng, 0.05)) return goAtomic(v, s, seat, rng);
  if (abandon && chance(rng, 0.02)) return abandon;
  if (declarations) {
    const m = declaration(v, s, seat, moves, rng, enforce, leanDeclarations);
    if (m) return m;
  }
  // mostly avoid the claims that would kill a hand (only enforce offers them)
  if (claims && enforce && !chance(rng, 0.05)) claims = claimsThatFit(v, s, seat, claims);
  if (claims && claims.length && chance(rng, 0.6)) return fewestJokers(rng, claims);
  if (jokers && chance(rng, 0.5)) return pick(rng, jokers);
  if (shifts && chance(rng, 0.05)) return pick(rng, shifts);
  // (the shared moves legalMoves lists: the simulations' own step knows them well formed)
  if (s.phase === "draw") return DRAW;
  return discardMove(loneliest(s.seats[seat]!, rng));
}

/** Going for the Atomic hand: the engine's pick half the time, else 13 tiles of the pool at random. */
function goAtomic(v: SiameseRules, s: SiameseState, seat: Seat, rng: RngState): Move {
  return chance(rng, 0.5) ? pick(rng, atomicMoves(v.ctx(s), s, seat, [])) : { type: "atomic", tiles: someOf(rng, s.seats[seat]!.pool, ATOMIC_TILES) };
}

/**
 * A Mah Jongg when the list has `declarations`: any of them without enforce; under enforce now and
 * then one in error, else a valid one if there is one, else null (`lean`: the list holds none of them).
 */
function declaration(v: SiameseRules, s: SiameseState, seat: Seat, moves: Move[], rng: RngState, enforce: boolean, lean: boolean): Move | null {
  if (!enforce) return pick(rng, mahjongMoves(moves, null));
  if (chance(rng, 0.01)) return pick(rng, mahjongMoves(lean ? everyDeclaration(v.ctx(s), s, seat) : moves, null)); // now and then a Mah Jongg in error
  const valid = validDeclarations(v, s, seat);
  if (valid && mahjongMoves(lean ? everyDeclaration(v.ctx(s), s, seat) : moves, valid).length) return pick(rng, DECLARE);
  return null;
}

/**
 * The claims of the list that kill no hand. (The sizes that fit depend on the rack only, not on the
 * jokers: asked once per rack, not once per claim.)
 */
function claimsThatFit(v: SiameseRules, s: SiameseState, seat: Seat, claims: Move[]): Move[] {
  const ctx = v.ctx(s);
  const kind = K[s.claimable!.tile]!;
  const racks = s.seats[seat]!.racks;
  const fits = new Array<number>(racks.length).fill(-1);
  return claims.filter((m) => {
    const rack = m.rack as number;
    if (fits[rack]! < 0) fits[rack] = sizesThatFit(ctx.cards, ctx.card, racks[rack]!.exposures.map((e) => asGroup(e, K)), kind);
    return (fits[rack]! & (1 << (m.size as number))) !== 0;
  });
}

/** One of the claims with the fewest jokers. */
function fewestJokers(rng: RngState, claims: Move[]): Move {
  let fewest = Infinity;
  for (const c of claims) fewest = Math.min(fewest, c.jokers as number);
  return pick(rng, claims.filter((m) => m.jokers === fewest));
}

/**
 * The tile to discard: one of the loneliest (fewest of its kind held), never a joker unless only
 * jokers are left (an Atomic player keeps rack 1's tiles unless a drawn tile can take one's place).
 */
function loneliest(me: SiameseState["seats"][number], rng: RngState): number {
  const pool = me.atomic && loose(me) === null ? sideOf(me) : me.pool;
  COUNT.fill(0);
  for (let i = 0; i < pool.length; i++) COUNT[K[pool[i]!]!]!++;
  let lonely = Infinity;
  // the candidates are LONELY[0..n) (a length set to 0 on a plain array goes through the runtime)
  let n = 0;
  if (LONELY.length < pool.length) LONELY = new Int32Array(pool.length);
  for (let i = 0; i < pool.length; i++) {
    const id = pool[i]!;
    const k = K[id]!;
    if (k === JOKER || COUNT[k]! > lonely) continue;
    if (COUNT[k]! < lonely) {
      lonely = COUNT[k]!;
      n = 0;
    }
    LONELY[n++] = id;
  }
  // (one draw from the generator either way, as pick draws: a call of pick met first after hundreds of games threw choose's code away)
  const i = nextInt(rng, n || pool.length);
  return n ? LONELY[i]! : pool[i]!;
}
const COUNT = new Int32Array(JOKER + 1);
let LONELY = new Int32Array(32);

/** `n` of `ids` chosen at random. */
function someOf(rng: RngState, ids: readonly number[], n: number): number[] {
  const rest = ids.slice();
  const out: number[] = [];
  while (out.length < n) out.push(rest.splice(nextInt(rng, rest.length), 1)[0]!);
  return out;
}

/** The Mah Jongg moves of the list that `valid` allows ("rack line"; all when null), in list order (one array reused). */
function mahjongMoves(moves: Move[], valid: Set<string> | null): Move[] {
  DECLARE.length = 0;
  for (const m of moves) if (m.type === "mahjong" && (!valid || valid.has(`${m.rack} ${m.line}`))) DECLARE.push(m);
  return DECLARE;
}
const DECLARE: Move[] = [];

/** "rack line" for every line an open rack of `seat` completes now, or null when none does. */
function validDeclarations(v: SiameseRules, s: SiameseState, seat: Seat): Set<string> | null {
  const ctx = v.ctx(s);
  const me = s.seats[seat]!;
  const pool = sideKinds(sideOf(me), K);
  const held = sideCounts();
  let valid: Set<string> | null = null;
  let prev: Group[] | null = null;
  let lines: Completion[] = [];
  for (let rack = 0; rack < me.racks.length; rack++) {
    const r = me.racks[rack]!;
    if (r.mahjong || r.dead) continue;
    if (isAtomicRack(me, rack)) {
      const from = rackSource(ctx.card, me, rack);
      for (const c of completions(ctx.cards, from.card, kindsOfIds(from.ids, K), [], undefined, true)) (valid ??= new Set()).add(`${rack} ${c.line}`);
      continue;
    }
    const groups = r.exposures.map((e) => asGroup(e, K));
    // racks with the same exposures complete the same lines
    if (prev === null || !sameGroups(prev, groups)) lines = rackCompletions(ctx.cards, ctx.card, r, pool, held, groups);
    for (const c of lines) (valid ??= new Set()).add(`${rack} ${c.line}`);
    prev = groups;
  }
  return valid;
}

/** The purposeful player for the variant `v`: the seat to act, its move by `choose`, from the seeded generator "player:<seed>". */
export const siamesePlayer =
  (v: SiameseRules): PlayerFor<SiameseState> =>
  (_rules, seed) => {
    const rng = seedRng(`player:${seed}`);
    return (s, acting) => {
      // in a claim window any asked seat may answer first
      const seat = s.phase === "window" ? acting[nextInt(rng, acting.length)]! : s.toAct;
      // the lean list outside claim windows (choose reads no discard move: it throws from the pool)
      const legal = s.phase === "window" ? v.legalMoves(s, seat) : siameseMoves(v.ctx(s), s, seat, true);
      if (legal.length === 0 && s.phase !== "discard") throw new InvariantError(`seat ${seat} has no legal move`);
      return { seat, move: choose(v, s, seat, legal, rng, s.phase !== "window") };
    };
  };

export interface SimOptions {
  /** Check invariants after every step. */
  check?: boolean;
  /** Also check every seat's view for leaks after every step (default: with check). */
  views?: boolean;
  /** Also check every event as each seat sees it (default: off, the cost of thousands of test games). */
  events?: boolean;
}

/** Moves after which a simulated game is taken not to end (an InvariantError). */
const MAX_MOVES = 2000;

/**
 * One game of `v` between two purposeful players. With `check`: through the generic simulation (its
 * checks plus checkInvariants). Without: the same game played by `playOwn`.
 */
export function simulateGame(v: SiameseRules, options: GameOptions, seed: string, o: SimOptions = {}): Simulation<SiameseState> {
  if (!o.check) return playOwn(v, options, seed);
  return simulate(v, options, seed, { player: siamesePlayer(v), check: o.check, views: o.views, events: o.events ?? false, invariants: (s) => checkInvariants(s, v.edition), maxMoves: MAX_MOVES });
}

/**
 * The generic simulation's game without its checks (the same players, moves, record and end state),
 * its one state advanced in place: the draws and discards, almost every move, by the rules'
 * stepInPlace (./play.ts), which copies neither the wall nor the discards nor the seats as `apply`
 * must; any other move by `apply`, whose new state (sharing what it did not change with the one
 * before) is the one played on. Nothing else sees these states until the game is over.
 */
function playOwn(v: SiameseRules, options: GameOptions, seed: string): Simulation<SiameseState> {
  let s = v.newGame(options, seed);
  const player = siamesePlayer(v)(rulesOfVariant(v), seed);
  const ctx = v.ctx(s);
  const moves: GameRecord["moves"] = [];
  const one: Seat[] = [0];
  while (s.result === null) {
    let acting = one;
    if (s.phase === "window") acting = v.toAct(s);
    else one[0] = s.toAct;
    if (acting.length === 0) throw new InvariantError(`seed ${seed}: nobody is to act and the game is not over (ply ${s.ply})`);
    const { seat, move } = player(s, acting);
    const own = s.orders === undefined ? stepInPlace(ctx, s, seat, move) : null;
    if (own !== null) {
      s = own.state;
      s.ply++;
    } else {
      const out = v.apply(s, seat, move);
      if (!out.ok) throw new InvariantError(`seed ${seed}: move ${JSON.stringify(move)} by seat ${seat} refused: ${out.code}: ${out.message}`);
      s = out.state;
    }
    moves.push({ seat, move });
    if (s.ply !== moves.length) throw new InvariantError(`seed ${seed}: ply ${s.ply} after ${moves.length} moves`);
    if (moves.length > MAX_MOVES) throw new InvariantError(`seed ${seed}: the game does not end`);
  }
  return { state: s, steps: moves.length, record: { ruleset: s.ruleset, options: s.options, seed, commitment: s.commitment, moves } };
}
