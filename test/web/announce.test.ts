/**
 * What a screen reader is told as a game goes on (web/src/access/announce.ts): what the others did,
 * in the game's own words and in order; your own moves as "You …"; your turn with what to decide and
 * the time left; a claim window and its time; a time-out; the end. Each once; urgent only for your
 * turn and your last minute. Pure: views in, sentences out.
 */
import { describe, expect, it } from "vitest";
import { describeEvent, legalMoves, newGame, type GameEvent, type Move } from "../../worker/engine/index";
import { announce, asYou, decisionOf, heardOf, type GameLike, type Heard } from "../../web/src/access/announce";

const NAMES = ["Nell", "Ann", "Bob", "Cy"];
const HOUR = 3_600_000;
const NOW = 1_800_000_000_000;
const ev = (version: number, event: GameEvent, ruleset = "siamese") => ({ version, event, text: describeEvent(event, NAMES, ruleset) });
const tile = (kind: number) => ({ id: 1000 + kind, kind });

/** A game as the service answers it, Nell (seat 0) looking. */
function game(o: Partial<GameLike> & { version: number; legal?: Move[]; toAct?: number[]; deadline?: number | null }): GameLike {
  return {
    version: o.version,
    status: o.status ?? "active",
    players: NAMES.slice(0, 2).map((name, seat) => ({ seat, name, toAct: (o.toAct ?? []).includes(seat), deadline: (o.toAct ?? []).includes(seat) ? (o.deadline === undefined ? NOW + 20 * HOUR : o.deadline) : null })),
    legalMoves: o.legal ?? [],
    events: o.events ?? [],
    view: o.view ?? null,
  };
}
const hear = (g: GameLike, now = NOW) => heardOf(g, 0, now);

describe("announcements", () => {
  it("the page opens on your turn: said at once, with the time left", () => {
    const h = hear(game({ version: 3, legal: [{ type: "draw" }, { type: "preference", call: "ask" }], toAct: [0] }));
    expect(announce(null, h)).toEqual({ text: "Your turn: draw. 20 hours left.", urgent: true });
  });

  it("what the others did, in order, then your turn with the claim it offers; each once", () => {
    const before = game({ version: 5, toAct: [1], events: [ev(5, { type: "discard", seat: 0, tile: tile(2) })] });
    const after = game({
      version: 7,
      toAct: [0],
      legal: [{ type: "draw" }, { type: "claim", rack: 0, size: 3, jokers: 0 }, { type: "claim", rack: 1, size: 4, jokers: 1 }],
      events: [...before.events, ev(6, { type: "draw", seat: 1 }), ev(7, { type: "discard", seat: 1, tile: tile(6) })],
    });
    const h0 = hear(before), h1 = hear(after);
    expect(announce(null, h0)).toBeNull();
    expect(announce(h0, h1)).toEqual({ text: "Ann drew a tile. Ann discarded 7 Bams. Your turn: draw, or claim Ann's discard (pung or kong). 20 hours left.", urgent: true });
    // the same view again (a presence change): nothing more
    expect(announce(h1, hear({ ...after }))).toBeNull();
  });

  it("your own moves as You: the tile you drew, then what you must do next, not 'Your turn' again", () => {
    const drawing = hear(game({ version: 7, toAct: [0], legal: [{ type: "draw" }] }));
    const drawn = hear(game({ version: 8, toAct: [0], legal: [{ type: "discard", tile: 3 }, { type: "discard", tile: 9 }, { type: "mahjong", rack: 1, line: "x" }], events: [ev(8, { type: "draw", seat: 0, secret: { tile: tile(13) } })] }));
    expect(announce(drawing, drawn)).toEqual({ text: "You drew 5 Craks. Discard a tile, or declare Mah Jongg. 20 hours left.", urgent: true });
    const thrown = hear(game({ version: 9, toAct: [1], events: [ev(9, { type: "discard", seat: 0, tile: tile(13) })] }));
    expect(announce(drawn, thrown)).toEqual({ text: "You discarded 5 Craks.", urgent: false });
  });

  it("a claim window you are asked in: the discard, then your choice and its seconds in live play (the window's own line left out)", () => {
    const waiting = hear(game({ version: 10, toAct: [1] }));
    const asked = game({
      version: 11,
      toAct: [0],
      deadline: NOW + 15_000,
      legal: [{ type: "pass" }, { type: "call", rack: 0, size: 3, jokers: 0 }, { type: "call-mahjong", rack: 1, line: "x" }],
      events: [ev(11, { type: "discard", seat: 1, tile: tile(22) }), ev(11, { type: "window", seat: null, discarder: 1, tile: tile(22), awaiting: [0] })],
    });
    expect(announce(waiting, hear(asked))).toEqual({ text: "Ann discarded 5 Dots. Your turn: claim Ann's discard (Mah Jongg or pung), or pass. 15 seconds left.", urgent: true });
    // not asked (never calls): the window's line says the others may claim it
    const notAsked = game({ ...asked, toAct: [1], legal: [] });
    expect(announce(waiting, hear(notAsked))).toEqual({ text: "Ann discarded 5 Dots. The others may claim Ann's 5 Dots: waiting for you to call or pass.", urgent: false });
    // the others' answers stay secret and unsaid until the window closes; yours is confirmed
    const answered = hear(game({ ...asked, version: 12, events: [...asked.events, ev(12, { type: "window-answered", seat: 0 }), ev(12, { type: "window-answered", seat: 1 })] }));
    expect(announce(hear(asked), answered)).toEqual({ text: "You answered.", urgent: false });
    // your own discard's window is not said again
    const mine = hear(game({ version: 13, toAct: [1], events: [ev(13, { type: "discard", seat: 0, tile: tile(4) }), ev(13, { type: "window", seat: null, discarder: 0, tile: tile(4), awaiting: [1] })] }));
    expect(announce(answered, mine)).toEqual({ text: "You discarded 5 Bams.", urgent: false });
  });

  it("your last minute is said once, urgently, when it starts", () => {
    const g = game({ version: 4, toAct: [0], deadline: NOW + 90_000, legal: [{ type: "discard", tile: 1 }] });
    const first = hear(g);
    expect(announce(null, first)!.text).toBe("Your turn: discard a tile. 1 minute left.");
    const later = hear(g, NOW + 20_000);
    expect(announce(first, later)).toBeNull();
    const last = hear(g, NOW + 31_000);
    expect(announce(later, last)).toEqual({ text: "Your last minute: 59 seconds left.", urgent: true });
    expect(announce(last, hear(g, NOW + 40_000))).toBeNull();
  });

  it("a time-out, yours or another's, and the end, politely", () => {
    const h = hear(game({ version: 20, toAct: [1] }));
    const timedOut = hear(game({ version: 22, toAct: [1], events: [ev(21, { type: "timeout", seat: 0 }), ev(22, { type: "timeout", seat: 1 })] }));
    expect(announce(h, timedOut)).toEqual({ text: "Your time ran out: your turn was played for you. Ann's time ran out: their turn was played for them.", urgent: false });
    const end = ev(23, { type: "end", seat: null, result: { reason: "wall", totals: [10, -10] } });
    const over = hear(game({ version: 23, status: "ended", events: [end] }));
    expect(announce(timedOut, over)).toEqual({ text: "The game ended (the wall is empty): you +10, Ann -10.", urgent: false });
    // an end without its event (a resignation seen later) still says so
    expect(announce(timedOut, hear(game({ version: 24, status: "ended", events: [ev(24, { type: "abandoned", seat: 1, resigned: true })] })))).toEqual({ text: "Ann resigned. The game is over.", urgent: false });
  });
});

describe("the prompts follow the moves the engine allows", () => {
  it("the Charleston names its pass; East's first Siamese turn asks a discard", () => {
    const am = newGame("american", { card: "sample-2026" }, "announce-american-1");
    if (!am.ok) throw new Error(am.message);
    expect(decisionOf(legalMoves(am.state, 2), "the", "First Charleston, pass right")!.prompt).toBe("First Charleston, pass right. Choose 3 tiles to pass.");
    const si = newGame("siamese", { card: "sample-2026" }, "announce-siamese-1");
    if (!si.ok) throw new Error(si.message);
    expect(decisionOf(legalMoves(si.state, 0), "the")!.prompt).toMatch(/^Discard a tile/);
    // West waits: only the menu's moves, no decision
    expect(decisionOf(legalMoves(si.state, 1), "the")).toBeNull();
  });

  it("a window with nothing you can claim says so; your Charleston choice is said to be in, what it did when the pass is made", () => {
    expect(decisionOf([{ type: "pass" }], "Ann's")!.prompt).toBe("Pass: you cannot claim Ann's discard.");
    const before = hear(game({ version: 2, toAct: [0], legal: [{ type: "pass", tiles: [1, 2, 3], blind: 0 }, { type: "stop" }] }));
    const chosen = hear(game({ version: 3, toAct: [1], legal: [{ type: "pass", tiles: [1, 2, 3], blind: 0 }, { type: "stop" }], events: [ev(3, { type: "charleston-chosen", seat: 0 }, "american"), ev(3, { type: "charleston-chosen", seat: 1 }, "american")] }));
    expect(announce(before, chosen)).toEqual({ text: "Your choice is in.", urgent: false });
  });

  it("the decision's key changes with the tiles of the same kind of choice (the next Charleston pass)", () => {
    const a = decisionOf([{ type: "pass", tiles: [1, 2, 3], blind: 0 }], "the")!;
    const b = decisionOf([{ type: "pass", tiles: [4, 5, 6], blind: 0 }], "the")!;
    expect(a.key).not.toBe(b.key);
    // nor when their ids add up the same (7 Bams, 2 and 3 Dots passed; 3 Bams, 1 and 9 Dots received): the clean-clone
    // runs' keyboard test once heard the pass made and never the next one asked
    expect(decisionOf([{ type: "pass", tiles: [24, 76, 81], blind: 0 }], "the")!.key).not.toBe(decisionOf([{ type: "pass", tiles: [8, 72, 101], blind: 0 }], "the")!.key);
  });

  it("the next Charleston pass is asked even with the very same moves; so is a second claim window on the same tile", () => {
    const same: Move[] = [{ type: "pass", tiles: [1, 2, 3], blind: 0 }];
    const right = hear(game({ version: 6, toAct: [0], legal: same, view: { charleston: { name: "First Charleston, pass right" } } }));
    const across = hear(game({ version: 7, toAct: [0, 1], legal: same, view: { charleston: { name: "First Charleston, pass across" } }, events: [ev(7, { type: "charleston-chosen", seat: 0 }, "american")] }));
    expect(announce(right, across)).toEqual({ text: "Your choice is in. First Charleston, pass across. Choose 3 tiles to pass. 20 hours left.", urgent: true });
    // Ann's 4 Craks, then (the views between missed: the computers played at once) Bob's other 4 Craks, the same claim
    const claim: Move[] = [{ type: "pass" }, { type: "claim", rack: 0, size: 3, jokers: 0 }];
    const first = hear(game({ version: 10, toAct: [0], legal: claim, events: [ev(10, { type: "discard", seat: 1, tile: tile(12) })] }));
    const second = hear(game({ version: 14, toAct: [0], legal: claim, events: [...[ev(10, { type: "discard", seat: 1, tile: tile(12) })], ev(13, { type: "draw", seat: 1 }), ev(14, { type: "discard", seat: 1, tile: tile(12) })] }));
    expect(announce(first, second)).toMatchObject({ text: expect.stringMatching(/Ann discarded 4 Craks\. Claim Ann's discard \(pung\), or pass\./), urgent: true });
    // the same window heard again (another seat answered): nothing
    expect(announce(second, hear(game({ version: 15, toAct: [0], legal: claim, events: [ev(14, { type: "discard", seat: 1, tile: tile(12) }), ev(15, { type: "window-answered", seat: 1 })] })))).toBeNull();
  });
});

describe("your own events in the second person", () => {
  it("every wording of the game's events reads right with You", () => {
    const mine = (event: GameEvent, ruleset = "siamese") => asYou(describeEvent(event, NAMES, ruleset), "Nell");
    expect(mine({ type: "draw", seat: 0, secret: { tile: tile(4) } })).toBe("You drew 5 Bams");
    expect(mine({ type: "claim", seat: 0, tile: tile(4), size: 3, rack: 1, jokers: 1 })).toBe("You claimed 5 Bams for a pung on rack 2 with 1 joker");
    expect(mine({ type: "atomic", seat: 0 })).toBe("You are going for the Atomic hand on rack 1");
    expect(mine({ type: "stopped", seat: 0 })).toBe("You stop playing");
    expect(mine({ type: "timeout", seat: 0 })).toBe("Your time ran out: your turn was played for you");
    expect(mine({ type: "dead", seat: 0, rack: 0, message: "no line fits" })).toBe("Your rack 1 is dead: no line fits");
    expect(mine({ type: "flower", seat: 0, tile: tile(36) }, "chinese-ming")).toBe("You laid out flower 1 red and take a replacement");
    expect(mine({ type: "preference", seat: 0, call: "ask" }, "chinese-ming")).toBe("You are now asked about every discard");
    expect(mine({ type: "woo", seat: 0, from: null, loose: false, taken: false }, "chinese-ming")).toBe("You went Woo on your own tile");
    expect(mine({ type: "bouquet", seat: 0, colour: "red" }, "siamese-wp")).toBe("You have a Bouquet: all four Flowers (25 from the opponent)");
    // another's event is left as it is
    expect(asYou("Ann discarded 5 Bams", "Nell")).toBe("Ann discarded 5 Bams");
    expect(asYou("Nellie discarded 5 Bams", "Nell")).toBe("Nellie discarded 5 Bams");
    expect(asYou("Nell (2) discarded 5 Bams", "Nell")).toBe("Nell (2) discarded 5 Bams");
    expect(asYou("Nobody claimed Nell's 3 Bams", "Nell")).toBe("Nobody claimed your 3 Bams");
    expect(asYou("The others may claim Ann's 5 Dots: waiting for Nell and Bob to call or pass", "Nell")).toBe("The others may claim Ann's 5 Dots: waiting for you and Bob to call or pass");
    expect(asYou("Computer (easy) (2) discarded 5 Bams", "Computer (easy)")).toBe("Computer (easy) (2) discarded 5 Bams");
  });
});
