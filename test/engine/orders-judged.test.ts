/**
 * Judged standing orders (issue 35), every ruleset: claims and throws decided as the strong computer
 * player decides them from the seat's own view, a seat that could declare Mah Jongg always asked,
 * and the rulings that stand for every throw. Positions in tile notation where a scenario says it
 * best; in every ruleset, the positions of whole games compared with the strong player's own choice.
 */
import { describe, expect, it } from "vitest";
import type { GameEvent, GameOptions, Move, Orders, RulesetId, Seat } from "../../worker/engine/api";
import * as engine from "../../worker/engine/index";
import { decideRated, asGood } from "../../worker/engine/bots/decide";
import { cardModule } from "../../worker/engine/card";
import { judgeBy, judgeSeed } from "../../worker/engine/game/orders";
import { kindsOf } from "../../worker/engine/game/physical";
import { rulesetOf } from "../../worker/engine/registry";
import { parseTile } from "../../worker/engine/tiles";
import { americanVariant } from "../../worker/engine/variants/american";
import { chineseMing } from "../../worker/engine/variants/chinese-ming";
import { KINDS } from "../../worker/engine/variants/chinese-ming/deal";
import { siameseVariant } from "../../worker/engine/variants/siamese";
import { arig } from "./fixtures/american-rig";
import { rig as chineseRig } from "./fixtures/chinese-rig";
import { rig } from "./fixtures/rig";

const JUDGED: Orders = { claims: "judged", throws: "judged" };
const CLAIMS: Orders = { claims: "judged", throws: "none" };
const THROWS: Orders = { claims: "ask", throws: "judged" };
const orders = (o: Orders): Move => ({ type: "orders", ...o });
const MAHJONG = new Set(["mahjong", "claim-mahjong", "call-mahjong", "woo"]);

function ok<S>(r: { ok: true; state: S; events: GameEvent[] } | { ok: false; code: string; message: string }) {
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
}

// the real card (the rigs default to a test card the computer player does not read)
const siamese = siameseVariant("siamese", cardModule);
const american = americanVariant(cardModule);
const A = kindsOf("american");
const REAL = { card: undefined };

describe("Chinese: judged claims and throws in tile notation", () => {
  const hands = {
    0: { concealed: "R 4C 6C 8C 1B 3B 5B 7B 9B 2D 4D 6D 8D N" },
    1: { concealed: "1D 1D 1D 5B 5B 5B 9C 9C 3D 3D 7B 7B 2C" },
    2: { concealed: "R R 2B 2B 6B 6B 1C 1C 5C 5C 7C 7C E" },
  };
  const judged = (wall: string) => {
    let s = chineseRig({ seats: hands, wall });
    for (const seat of [1, 2, 3]) s = ok(chineseMing.apply(s, seat, orders(JUDGED))).state;
    return s;
  };
  const discard = (s: engine.ChineseState, code: string) => ok(chineseMing.apply(s, 0, { type: "discard", tile: s.hand.seats[0]!.concealed.find((id) => KINDS[id] === parseTile(code))! }));

  it("a red dragon discarded: every window answered at once, the pair of red dragons punged as the strong player would, the discard after it asked", () => {
    const r = discard(judged("N"), "R");
    expect(r.events.map((e) => [e.type, e.seat])).toEqual([["discard", 0], ["window", null], ["answer", 1], ["answer", 2], ["answer", 3], ["window-closed", null], ["pung", 2]]);
    // each answer was a move by orders: marked for its own seat only
    for (const e of r.events.filter((x) => x.type === "answer")) {
      expect(engine.viewEvent(e, e.seat).byOrders).toBe(true);
      expect(engine.viewEvent(e, (e.seat! + 1) % 4).byOrders).toBeUndefined();
    }
    expect(chineseMing.toAct(r.state)).toEqual([2]);
    expect(r.state.hand.phase).toBe("discard");
  });

  it("a drawn tile the strong player would throw is thrown at once; one it would keep is left to the player", () => {
    // 2 Craks drawn to a lone 2 Craks: the strong player throws one of the two
    const thrown = discard(judged("2C"), "4C");
    const own = thrown.events.filter((e) => e.seat === 1);
    expect(own.map((e) => [e.type, e.byOrders ?? false])).toEqual([["answer", true], ["draw", false], ["discard", true]]);
    expect(KINDS[(own[2]!.tile as { id: number }).id]).toBe(parseTile("2C"));
    // the west wind drawn: it keeps the wind (a pung of winds scores), so the player chooses
    const kept = discard(judged("W"), "4C");
    expect(chineseMing.toAct(kept.state)).toEqual([1]);
    expect(kept.state.hand.phase).toBe("discard");
    expect(kept.events.at(-1)!.type).toBe("draw");
  });

  it("a seat that could Woo with the discard is asked; the others answer at once", () => {
    let s = chineseRig({ seats: { 0: { concealed: "R 4C 6C 8C 1B 3B 5B 7B 9B 2D 4D 6D 8D N" }, 2: { concealed: "1D 1D 1D 5B 5B 5B 9C 9C 9C 3D 3D 3D 8D" } } });
    for (const seat of [1, 2, 3]) s = ok(chineseMing.apply(s, seat, orders(JUDGED))).state;
    const r = discard(s, "8D");
    expect(r.state.hand.phase).toBe("window");
    expect(chineseMing.toAct(r.state)).toEqual([2]);
    expect(chineseMing.legalMoves(r.state, 2).some((m) => m.type === "woo")).toBe(true);
  });

  it("never while a kong is open to me: a fourth copy drawn is left to the player", () => {
    let s = chineseRig({ seats: { 0: { concealed: "R 4C 6C 8C 1B 3B 5B 7B 9B 2D 4D 6D 8D N" }, 1: { concealed: "1D 1D 1D 5B 5B 5B 9C 9C 3D 3D 7B 7B 2C" } }, wall: "1D" });
    for (const seat of [1, 2, 3]) s = ok(chineseMing.apply(s, seat, orders(JUDGED))).state;
    const r = discard(s, "4C");
    expect(chineseMing.toAct(r.state)).toEqual([1]);
    expect(chineseMing.legalMoves(r.state, 1).some((m) => m.type === "kong")).toBe(true);
  });
});

describe("Siamese: judged orders in tile notation", () => {
  it("a seat that could claim the discard for Mah Jongg is asked; with nothing to claim it draws at once", () => {
    // rack 1 holds NNNN EEE WWW SSS: a South completes wd-1
    let s = rig({ east: { pool: "S R" }, west: { pool: "N N N N E E E W W W S S S" }, options: REAL });
    s = ok(siamese.apply(s, 1, orders(JUDGED))).state;
    const mj = ok(siamese.apply(s, 0, { type: "discard", tile: s.seats[0]!.pool.find((id) => A[id] === parseTile("S"))! }));
    expect(mj.state.phase).toBe("draw");
    expect(siamese.toAct(mj.state)).toEqual([1]);
    expect(siamese.legalMoves(mj.state, 1).some((m) => m.type === "claim-mahjong")).toBe(true);
    const other = ok(siamese.apply(s, 0, { type: "discard", tile: s.seats[0]!.pool.find((id) => A[id] === parseTile("R"))! }));
    expect(other.events.find((e) => e.seat === 1)).toMatchObject({ type: expect.stringMatching(/^(draw|claim)$/), byOrders: true });
  });

  it("never a joker: a joker drawn is left to the player", () => {
    // (a 1 Crak discarded: nobody holds another to claim it with)
    let s = rig({ east: { pool: "1C" }, west: { pool: "" }, wall: "J", options: REAL });
    s = ok(siamese.apply(s, 1, orders(JUDGED))).state;
    const r = ok(siamese.apply(s, 0, { type: "discard", tile: s.seats[0]!.pool.find((id) => A[id] === parseTile("1C"))! }));
    const drew = r.events.find((e) => e.type === "draw" && e.seat === 1);
    expect(A[(drew!.secret!.tile as { id: number }).id]).toBe(parseTile("J"));
    expect(r.state.phase).toBe("discard");
    expect(siamese.toAct(r.state)).toEqual([1]);
  });
});

describe("American: judged orders in tile notation", () => {
  it("a seat whose hand the discard completes is asked in the window; the others answer at once", () => {
    let s = arig({ hands: ["S R", "N N N N E E E W W W S S S", "", ""], options: REAL });
    for (const seat of [1, 2, 3]) s = ok(american.apply(s, seat, orders(JUDGED))).state;
    const r = ok(american.apply(s, 0, { type: "discard", tile: s.seats[0]!.concealed.find((id) => A[id] === parseTile("S"))! }));
    expect(r.state.phase).toBe("window");
    expect(american.toAct(r.state)).toEqual([1]);
  });

  it("a joker drawn is never thrown, and the Charleston is always the player's", () => {
    let s = arig({ hands: ["1C", "N N N E E E W W W 2B 4B 6B 8B", "", ""], wall: "J", options: REAL });
    for (const seat of [1, 2, 3]) s = ok(american.apply(s, seat, orders(JUDGED))).state;
    const r = ok(american.apply(s, 0, { type: "discard", tile: s.seats[0]!.concealed.find((id) => A[id] === parseTile("1C"))! }));
    expect(r.state.toAct).toBe(1);
    expect(r.state.phase).toBe("discard");
    expect(American.drawnKind(r.state, 1)).toBe(parseTile("J"));
    const n = engine.newGame("american", {}, "judged-charleston");
    if (!n.ok) throw new Error(n.message);
    let c = n.state;
    for (const seat of [0, 1, 2, 3]) c = ok(engine.apply(c, seat, orders(JUDGED))).state;
    expect(c.phase).toBe("charleston");
    expect(engine.toAct(c)).toEqual([0, 1, 2, 3]);
  });
});
const American = { drawnKind: (s: engine.AmericanState, seat: Seat) => A[s.seats[seat]!.drawn!] };

/**
 * Every ruleset: the positions of whole games (medium players choosing, every seat on judged orders
 * but the one watched, which is asked everything), each judged by the seat's orders hook and compared
 * with the strong player's own choice there, from the seat's view, with the same dice.
 */
interface Table {
  name: string;
  ruleset: RulesetId;
  options: GameOptions;
  games: number;
}
const TABLES: Table[] = [
  { name: "siamese", ruleset: "siamese", options: {}, games: 3 },
  { name: "siamese-mjm", ruleset: "siamese-mjm", options: { deadHands: "enforce" }, games: 2 },
  { name: "siamese-wp", ruleset: "siamese-wp", options: { games: 1 }, games: 3 },
  { name: "american", ruleset: "american", options: {}, games: 3 },
  { name: "chinese-ming", ruleset: "chinese-ming", options: { length: "hand" }, games: 4 },
  { name: "royale, 2 players", ruleset: "royale", options: {}, games: 2 },
  { name: "royale, 3 players", ruleset: "royale", options: { players: 3 }, games: 2 },
  { name: "royale, 4 players", ruleset: "royale", options: { players: 4 }, games: 1 },
];

const kindOf = (ruleset: RulesetId) => {
  const all = kindsOf(ruleset === "chinese-ming" || ruleset === "siamese-wp" ? "chinese" : "american", 8);
  return (id: number) => all[id]!;
};

describe("judged orders decide as the strong player would from the seat's own view, in every ruleset", () => {
  for (const t of TABLES)
    it(`${t.name}: claims answered as the strong player answers them unless a Mah Jongg is open; a drawn tile thrown only when it is the strong player's choice or rated as good`, { timeout: 120_000 }, () => {
      const entry = rulesetOf(t.ruleset)!;
      const v = entry.variant;
      const judge = judgeBy(entry.bot!, v);
      const kind = kindOf(t.ruleset);
      const seen = { claimed: 0, passed: 0, mahjong: 0, thrown: 0, asGood: 0, asked: 0 };
      for (let g = 0; g < t.games; g++) {
        const n = engine.newGame(t.ruleset, t.options, `judged-${t.name}-${g}`);
        if (!n.ok) throw new Error(n.message);
        let s = n.state;
        const watched = 1;
        for (let seat = 0; seat < s.players; seat++) if (seat !== watched) s = ok(engine.apply(s, seat, orders(JUDGED))).state;
        let last: GameEvent[] = [];
        for (let i = 0; i < 3000 && s.phase !== "over"; i++) {
          const acting = engine.toAct(s);
          if (acting.includes(watched)) {
            const legal = v.legalMoves(s, watched);
            const seed = judgeSeed(v, s, watched);
            const strong = decideRated(entry.bot!, engine.viewFor(s, watched), legal, "strong", seed);
            const claim = v.ordered!(s, watched, CLAIMS, last, judge);
            const thrown = v.ordered!(s, watched, THROWS, last, judge);
            const mahjong = legal.some((m) => MAHJONG.has(m.type) || (t.ruleset === "siamese-wp" && m.type === "chow"));
            const answering = legal.some((m) => m.type === "pass" || m.type === "draw");
            const wallEmpty = (s as { wall?: unknown[] }).wall?.length === 0;
            if (answering && !mahjong && s.phase !== "charleston" && !wallEmpty) {
              // a claim window (or the Siamese turn's claim or draw): answered as the strong player would
              // (anything but a claim, such as the Atomic pick it may also make after drawing, is the plain answer)
              const plain: Move = legal.some((m) => m.type === "draw") ? { type: "draw" } : { type: "pass" };
              const claims = ["pass", "draw", "claim", "call", "pung", "kong", "take"];
              expect(claim, `${t.name} ply ${s.ply}`).toEqual(claims.includes(strong.move.type) ? strong.move : plain);
              expect(thrown).toBeNull();
              if (["pass", "draw"].includes(strong.move.type)) seen.passed++;
              else seen.claimed++;
            } else if (answering && mahjong) {
              expect(claim).toBeNull();
              seen.mahjong++;
            }
            if (thrown) {
              // the tile just drawn, and the strong player's choice there (its kind) or a tile it rates as good
              expect(thrown.type).toBe("discard");
              expect(last.some((e) => e.type === "draw" && e.seat === watched && (e.secret?.tile as { id: number }).id === thrown.tile && !e.loose)).toBe(true);
              const chosen = kind(strong.move.tile as number), drawn = kind(thrown.tile as number);
              if (chosen === drawn) seen.thrown++;
              else {
                expect(asGood(strong.ratings?.get(chosen), strong.ratings?.get(drawn))).toBe(true);
                seen.asGood++;
              }
            } else if (strong.move.type === "discard" && last.some((e) => e.type === "draw" && e.seat === watched && !e.loose && (e.secret?.tile as { id: number }).id === strong.move.tile)) {
              // the strong player would throw the tile just drawn: only a ruling keeps it (a joker, a flower…)
              seen.asked++;
            }
          }
          const seat = acting[i % acting.length]!;
          const move = engine.chooseMove(t.ruleset, engine.viewFor(s, seat), engine.legalMoves(s, seat), "medium", `judged-${g}-${i}`);
          const r = ok(engine.apply(s, seat, move));
          s = r.state;
          last = r.events;
        }
      }
      expect(seen.thrown).toBeGreaterThan(0);
      expect(seen.passed + seen.claimed).toBeGreaterThan(0);
    });
});

describe("judged throws never throw a tile a pinned line needs", () => {
  it("Siamese: where judged throws would throw the drawn tile, pinning a line it brings nearer leaves the choice to the player; pinning one it does not keeps the throw", { timeout: 120_000 }, () => {
    const entry = rulesetOf("siamese")!;
    const v = entry.variant as ReturnType<typeof siameseVariant>;
    const judge = judgeBy(entry.bot!, v);
    let held = 0, kept = 0;
    for (let g = 0; g < 3 && held < 5; g++) {
      const n = engine.newGame("siamese", {}, `judged-pinned-${g}`);
      if (!n.ok) throw new Error(n.message);
      let s = n.state as engine.SiameseState;
      let last: GameEvent[] = [];
      for (let i = 0; i < 400 && s.phase !== "over"; i++) {
        const seat = engine.toAct(s)[0]!;
        const thrown = v.ordered!(s, seat, THROWS, last, judge);
        if (thrown) {
          const me = s.seats[seat]!;
          const ctx = v.ctx(s);
          const pool = me.pool.map((id) => A[id]!);
          const without = me.pool.filter((id) => id !== thrown.tile).map((id) => A[id]!);
          const J = parseTile("J");
          // per open rack, the lines the drawn tile brings nearer (tiles away with it fewer than without)
          const open = me.racks.filter((r) => !r.mahjong && !r.dead).map((r) => r.exposures.map((e) => ({ kind: A[e.tiles.find((x) => A[x] !== J) ?? e.tiles[0]!]!, size: e.tiles.length, jokers: e.tiles.filter((x) => A[x] === J).length })));
          const fits = new Set<string>(), needed = new Set<string>();
          for (const exps of open) {
            const b = new Map(ctx.cards.tilesAway(without, exps, ctx.card).map((x) => [x.line.id, x.away]));
            for (const x of ctx.cards.tilesAway(pool, exps, ctx.card)) {
              if (x.line.atomic) continue;
              fits.add(x.line.id);
              if (b.get(x.line.id) === undefined || x.away < b.get(x.line.id)!) needed.add(x.line.id);
            }
          }
          const needs = [...needed][0];
          const spare = [...fits].find((id) => !needed.has(id));
          if (needs) {
            expect(v.ordered!(s, seat, { ...THROWS, targets: [needs] }, last, judge)).toBeNull();
            held++;
          }
          if (spare) {
            expect(v.ordered!(s, seat, { ...THROWS, targets: [spare] }, last, judge)).toEqual(thrown);
            kept++;
          }
        }
        const move = engine.chooseMove("siamese", engine.viewFor(s, seat), engine.legalMoves(s, seat), "medium", `pinned-${g}-${i}`);
        const r = ok(engine.apply(s, seat, move));
        s = r.state as engine.SiameseState;
        last = r.events;
      }
    }
    expect(held).toBeGreaterThan(0);
    expect(kept).toBeGreaterThan(0);
  });
});
