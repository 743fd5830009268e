/**
 * Standing orders, every ruleset (Royale with 2, 3 and 4 players), through the public engine:
 *
 * - Tiles conserved, no view or event shows a hidden tile, and verify replays the record (the
 *   orders moves among the others) to the same state, every automatic move included.
 * - Orders are private: a seat's orders are in its own view only, and in every view once the game
 *   is over.
 * - The leak rule: whether the game waits for a seat depends on its orders and public facts, never
 *   on its concealed tiles, except when it could declare Mah Jongg. Two games that differ only in
 *   one seat's concealed tiles (one of them swapped with a wall tile of another kind), with the same
 *   orders and the same public moves, look the same to every other seat and to a spectator — views,
 *   events, who is asked — until that seat claims or declares; where they part, the seat is asked in
 *   one of them because it could declare Mah Jongg there. (A quick throw of a drawn tile shows, as
 *   at a table: the seat whose tiles differ does not throw by orders here.)
 */
import { describe, expect, it } from "vitest";
import type { GameEvent, GameOptions, Move, Orders, RulesetId, Seat } from "../../worker/engine/api";
import * as engine from "../../worker/engine/index";
import { DEFAULT_ORDERS, viewEvent } from "../../worker/engine/index";
import { nextInt, seedRng } from "../../worker/engine/random";
import { kindsOf } from "../../worker/engine/game/physical";
import { isFlower, JOKER } from "../../worker/engine/tile-kinds";
import { checkReplay, randomPlayer, rulesOf, simulate, type PlayerFor } from "../../worker/engine/simulate";

type State = engine.GameState;
interface Table {
  name: string;
  ruleset: RulesetId;
  options: GameOptions;
  games: number;
  stopAfter?: number;
}
const TABLES: Table[] = [
  { name: "siamese", ruleset: "siamese", options: {}, games: 6 },
  { name: "siamese-mjm", ruleset: "siamese-mjm", options: {}, games: 4 },
  { name: "siamese-wp", ruleset: "siamese-wp", options: { games: 1 }, games: 3 },
  { name: "american", ruleset: "american", options: {}, games: 4 },
  { name: "chinese-ming", ruleset: "chinese-ming", options: {}, games: 2, stopAfter: 300 },
  { name: "royale, 2 players", ruleset: "royale", options: { players: 2 }, games: 2 },
  { name: "royale, 3 players", ruleset: "royale", options: { players: 3 }, games: 2 },
  { name: "royale, 4 players", ruleset: "royale", options: { players: 4 }, games: 2 },
];

const EVERYTHING: Orders = { claims: "mahjong-only", throws: "unneeded" };
const CLAIMS_ONLY: Orders = { claims: "mahjong-only", throws: "none" };
const ordersMove = (o: Orders): Move => ({ type: "orders", ...o });
const seatsOf = (s: State) => Array.from({ length: s.players }, (_, i) => i);
const MAHJONG = new Set(["mahjong", "claim-mahjong", "call-mahjong", "woo", "chow"]);
const key = (m: Move) => JSON.stringify(m);

/** Sets `orders[seat]` for each seat on the first moves, then plays as `base` does. */
const withOrders =
  (orders: (Orders | null)[], base: PlayerFor<State>): PlayerFor<State> =>
  (rules, seed) => {
    const play = base(rules, seed);
    let set = 0;
    return (s, acting) => {
      while (set < orders.length && !orders[set]) set++;
      if (set < orders.length) return { seat: set, move: ordersMove(orders[set++]!) };
      return play(s, acting);
    };
  };

describe("standing orders: every ruleset plays through, conserves tiles, hides nothing and replays", () => {
  for (const t of TABLES)
    it(`${t.name}: every seat on orders; tiles conserved, views and events leak-free, verify reproduces the automatic moves`, { timeout: 120_000 }, () => {
      const rules = rulesOf(t.ruleset);
      for (let g = 0; g < t.games; g++) {
        const seed = `orders-${t.name}-${g}`;
        const n = engine.newGame(t.ruleset, t.options, seed);
        if (!n.ok) throw new Error(n.message);
        // quick orders, judged ones (the default) and claims only, in turn
        const orders = seatsOf(n.state).map((i): Orders => ((i + g) % 3 === 0 ? EVERYTHING : (i + g) % 3 === 1 ? DEFAULT_ORDERS : { ...CLAIMS_ONLY, throws: g % 2 === 0 ? "unneeded" : "none" }));
        const sim = simulate(rules, t.options, seed, {
          player: withOrders(orders, randomPlayer as PlayerFor<State>),
          check: true,
          stopAfter: t.stopAfter,
          invariants: (s) => {
            // orders private until the end: each seat sees its own, nobody anyone else's
            if (s.phase === "over") return;
            for (const seat of [...seatsOf(s), null]) {
              const v = engine.viewFor(s, seat) as { orders?: unknown; ordersBySeat?: unknown };
              expect(v.orders).toEqual(seat === null ? null : (s.orders?.[seat] ?? null));
              expect(v.ordersBySeat).toBeUndefined();
            }
          },
        });
        checkReplay(rules, sim);
        const moves = sim.record.moves.filter((m) => m.move.type === "orders").length;
        expect(moves).toBe(orders.length);
        if (sim.state.phase === "over")
          for (const seat of [...seatsOf(sim.state), null]) expect((engine.viewFor(sim.state, seat) as { ordersBySeat?: unknown }).ordersBySeat).toEqual(orders);
      }
    });
});

/** Where a ruleset keeps a seat's concealed tiles and the wall (both changed in place on a copy). */
function places(s: State, seat: Seat): { concealed: number[]; wall: number[]; fixed: Set<number> } {
  const x = s as unknown as Record<string, any>;
  if (x.ruleset === "chinese-ming") {
    const me = x.hand.seats[seat];
    return { concealed: me.concealed, wall: x.hand.wall, fixed: new Set([me.drawn]) };
  }
  const me = x.seats[seat];
  return { concealed: me.pool ?? me.concealed, wall: x.wall, fixed: new Set([me.drawn, ...(me.atomic ?? [])]) };
}

/** Game B: game A with one concealed tile of `seat` swapped for a wall tile of another kind (null: none found). */
function swapped(a: State, seat: Seat, rng: ReturnType<typeof seedRng>): { b: State; tiles: [number, number] } | null {
  const b = structuredClone(a);
  const p = places(b, seat);
  const kindOf = kindLookup(a);
  const mine = p.concealed.filter((id) => !p.fixed.has(id));
  if (!mine.length || p.wall.length < 4) return null;
  const x = mine[nextInt(rng, mine.length)]!;
  // a wall tile of another kind that is neither a flower nor a joker, well inside the wall
  const candidates = p.wall.slice(1, -1).filter((id) => kindOf(id) !== kindOf(x) && !isSpecial(a, id));
  if (!candidates.length) return null;
  const y = candidates[nextInt(rng, candidates.length)]!;
  p.concealed[p.concealed.indexOf(x)] = y;
  p.wall[p.wall.indexOf(y)] = x;
  return { b, tiles: [x, y] };
}

const kindLookup = (s: State) => {
  const set = s.ruleset === "chinese-ming" || s.ruleset === "siamese-wp" ? "chinese" : "american";
  const all = kindsOf(set, 8);
  return (id: number) => all[id]!;
};
const isSpecial = (s: State, id: number) => {
  const k = kindLookup(s)(id);
  return k === JOKER || isFlower(k);
};

const mahjongOpen = (s: State, seat: Seat) => engine.toAct(s).includes(seat) && engine.legalMoves(s, seat).some((m) => MAHJONG.has(m.type));

/** Events by which a seat claims a discard (or declares with it): its tiles show there, as at a table. */
const CLAIMING = new Set(["claim", "call", "pung", "kong", "take", "chow", "claim-mahjong", "call-mahjong", "woo", "mahjong"]);

/**
 * The leak rule for one set of orders: `mine` for the seat whose tiles differ, `others` for every
 * other seat. Where the two games part, it must be explained: a Mah Jongg open to that seat in one of
 * them; with claims answered for it ("judged"), its claim made in one of them (the claim itself shows,
 * nothing before it: the seat never waits); with throws made for it, its drawn tile thrown by its
 * orders in one of them (a quick throw shows, as at a table).
 */
function leakRule(t: Table, mine: Orders, others: Orders, tag: string) {
  let compared = 0;
  const parted: Record<string, number> = {};
  for (let g = 0; g < t.games * 3; g++) {
    const seed = `leak-${tag}${t.name}-${g}`;
    const rng = seedRng(`pick:${seed}`);
    const n = engine.newGame(t.ruleset, t.options, seed);
    if (!n.ok) throw new Error(n.message);
    let a = n.state;
    const seats = seatsOf(a);
    const who = 1 + nextInt(rng, seats.length - 1);
    for (const seat of seats) {
      const r = engine.apply(a, seat, ordersMove(seat === who ? mine : others));
      if (!r.ok) throw new Error(r.message);
      a = r.state;
    }
    // some play first (the American Charleston passes tiles between seats: it is played out)
    const warm = 4 + nextInt(rng, 30);
    for (let i = 0; (i < warm || (a as { phase: string }).phase === "charleston") && a.phase !== "over"; i++) a = randomStep(a, rng);
    if (a.phase === "over") continue;
    const pair = swapped(a, who, rng);
    if (!pair) continue;
    let b = pair.b;
    /** Why the games may part after this step (null: nothing explains it). */
    const explained = (ra: { state: State; events: GameEvent[] }, rb: { state: State; events: GameEvent[] }): string | null => {
      if (mahjongOpen(ra.state, who) || mahjongOpen(rb.state, who)) return "a Mah Jongg open to it";
      const by = [...ra.events, ...rb.events].filter((e) => e.seat === who);
      if (mine.claims === "judged" && by.some((e) => CLAIMING.has(e.type))) return "its claim";
      if (mine.throws !== "none" && by.some((e) => e.type === "discard" && e.byOrders)) return "its drawn tile thrown by orders";
      return null;
    };
    for (let i = 0; i < 400 && a.phase !== "over" && b.phase !== "over"; i++) {
      const sameTurn = key(engine.toAct(a) as never) === key(engine.toAct(b) as never);
      if (!sameTurn) {
        expect(mahjongOpen(a, who) || mahjongOpen(b, who), `${seed} step ${i}: who is asked differs (${engine.toAct(a)} / ${engine.toAct(b)}) without a Mah Jongg open to seat ${who}`).toBe(true);
        break;
      }
      const acting = engine.toAct(a);
      const seat = acting[nextInt(rng, acting.length)]!;
      const inB = new Set(engine.legalMoves(b, seat).map(key));
      const common = engine.legalMoves(a, seat).filter((m) => m.type !== "orders" && inB.has(key(m)));
      if (!common.length) break;
      // never a Mah Jongg or a claim by hand by the seat whose tiles differ: its tiles would show
      const plain = seat === who ? common.filter((m) => ["draw", "discard", "pass"].includes(m.type)) : common;
      if (!plain.length) break;
      const move = plain[nextInt(rng, plain.length)]!;
      const ra = engine.apply(a, seat, move);
      const rb = engine.apply(b, seat, move);
      if (!ra.ok || !rb.ok) throw new Error(`${seed}: ${key(move)} refused`);
      // a hand (or the game) ended: every tile is shown
      const deal = (x: State) => key([(x as { hands?: unknown[] }).hands?.length, (x as { game?: number }).game, x.phase === "over"] as never);
      if (deal(ra.state) !== deal(a) || deal(rb.state) !== deal(b)) break;
      // the swapped wall tile was drawn (by anyone, or by orders within the move): the games part here
      if (!places(ra.state, who).wall.includes(pair.tiles[1]) || !places(rb.state, who).wall.includes(pair.tiles[0])) break;
      const differs: string[] = [];
      if (key(engine.toAct(ra.state) as never) !== key(engine.toAct(rb.state) as never)) differs.push("who is asked");
      for (const viewer of [...seats.filter((x) => x !== who), null]) {
        if (key(engine.viewFor(rb.state, viewer) as never) !== key(engine.viewFor(ra.state, viewer) as never)) differs.push(`the view of ${viewer}`);
        if (key(seen(rb.events, viewer) as never) !== key(seen(ra.events, viewer) as never)) differs.push(`the events ${viewer} sees`);
      }
      if (differs.length) {
        const why = explained(ra, rb);
        expect(why, `${seed} step ${i}: after ${key(move)} by seat ${seat}, ${differs.join(", ")} differ(s), and no Mah Jongg, claim or throw by seat ${who} explains it`).not.toBeNull();
        parted[why!] = (parted[why!] ?? 0) + 1;
        break;
      }
      compared++;
      a = ra.state;
      b = rb.state;
    }
  }
  expect(compared).toBeGreaterThan(10);
  return { compared, parted };
}

describe("the leak rule: whether the game waits for a seat never depends on its concealed tiles, except for a Mah Jongg", () => {
  for (const t of TABLES)
    it(`${t.name}: two games differing only in one seat's concealed tiles look the same to everyone else until it could declare`, () => {
      // everyone on orders; the seat whose tiles differ does not throw by orders (a quick throw shows)
      leakRule(t, CLAIMS_ONLY, EVERYTHING, "");
    });
});

describe("the leak rule with judged orders: the others' judged moves come from their own views, and a judged seat never waits but for a Mah Jongg", () => {
  for (const t of TABLES) {
    it(`${t.name}: everyone on judged orders, the seat whose tiles differ on judged claims: nothing else seen or waited for differs until it claims or could declare`, { timeout: 120_000 }, () => {
      const r = leakRule(t, { claims: "judged", throws: "none" }, DEFAULT_ORDERS, "judged-");
      expect(Object.keys(r.parted).every((why) => why !== "its drawn tile thrown by orders")).toBe(true);
    });
    it(`${t.name}: everyone on judged claims and throws: the games part only at that seat's claim, its drawn tile thrown by orders, or a Mah Jongg`, { timeout: 120_000 }, () => {
      leakRule(t, DEFAULT_ORDERS, DEFAULT_ORDERS, "judged-both-");
    });
  }
});

const seen = (events: GameEvent[], viewer: Seat | null) => events.map((e) => viewEvent(e, viewer));

/** One random move (never orders) of a random acting seat. */
function randomStep(a: State, rng: ReturnType<typeof seedRng>): State {
  const acting = engine.toAct(a);
  const seat = acting[nextInt(rng, acting.length)]!;
  const legal = engine.legalMoves(a, seat).filter((m) => m.type !== "orders");
  const r = engine.apply(a, seat, legal[nextInt(rng, legal.length)]!);
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

describe("a throw by orders looks exactly like the same throw by hand", () => {
  // (the record entry and, once the game is over, the orders shown to all differ by construction)
  const noPly = (v: unknown) => key({ ...(v as Record<string, unknown>), ply: 0, ordersBySeat: null } as never);
  for (const throws of ["unneeded", "judged"] as const)
  for (const t of TABLES)
    it(`${t.name}, throws "${throws}": the events and views the others get are those of the draw and a discard by hand; the seat's own carries the mark`, { timeout: 120_000 }, () => {
      const QUICK: Orders = { claims: "ask", throws };
      let thrown = 0;
      for (let g = 0; g < t.games * 2; g++) {
        const seed = `quick-${t.name}-${g}`;
        const rng = seedRng(`pick:${seed}`);
        const n = engine.newGame(t.ruleset, t.options, seed);
        if (!n.ok) throw new Error(n.message);
        const who = nextInt(rng, n.state.players);
        let a = ok(engine.apply(n.state, who, ordersMove(QUICK))).state;
        for (let i = 0; i < (t.stopAfter ?? 600) && a.phase !== "over"; i++) {
          const acting = engine.toAct(a);
          const seat = acting[nextInt(rng, acting.length)]!;
          const legal = engine.legalMoves(a, seat).filter((m) => m.type !== "orders");
          const move = legal[nextInt(rng, legal.length)]!;
          const ra = ok(engine.apply(a, seat, move));
          // the same move with the seat asked instead of throwing
          const b = { ...a, orders: a.orders!.map((o, i) => (i === who ? { ...QUICK, throws: "none" } : o)) } as State;
          const rb = ok(engine.apply(b, seat, move));
          if (ra.events.length !== rb.events.length) {
            const quick = ra.events[rb.events.length]!;
            expect(quick.type).toBe("discard");
            expect(quick.seat).toBe(who);
            const hand = ok(engine.apply(rb.state, who, { type: "discard", tile: (quick.tile as { id: number }).id }));
            // the seat itself sees its move by orders marked, the same move by hand unmarked
            expect(viewEvent(quick, who).byOrders).toBe(true);
            expect(hand.events[0]!.byOrders).toBeUndefined();
            for (const viewer of [...seatsOf(a).filter((x) => x !== who), null]) {
              expect(key(seen(ra.events, viewer) as never)).toBe(key(seen([...rb.events, ...hand.events], viewer) as never));
              expect(noPly(engine.viewFor(ra.state, viewer))).toBe(noPly(engine.viewFor(hand.state, viewer)));
            }
            thrown++;
          } else expect(key(ra.events as never)).toBe(key(rb.events as never));
          a = ra.state;
        }
      }
      expect(thrown).toBeGreaterThan(0);
    });
});

function ok<S>(r: { ok: true; state: S; events: GameEvent[] } | { ok: false; code: string; message: string }): { state: S; events: GameEvent[] } {
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
}
