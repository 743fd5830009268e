/**
 * The table on every screen size, measured in a real browser: each table (Siamese, American,
 * Chinese) is brought through its telling states by players moving over HTTP (the engine's computer
 * players choose their moves, so that a fixed deal plays out the same way every run), and the watching
 * player's page is checked at 320×640, 360×740, 390×844, 768×1024 and 1280×800: no sideways
 * scroll; (from 360×740 up) all of your tiles on screen without scrolling; the action area covers
 * none of your tiles; the tile being claimed on screen beside its buttons; no serious or critical
 * axe-core finding. Screenshots of every state and size go to test-output/table-layout/.
 *
 * The deals are fixed seeds (development only), chosen so that the watcher (seat 0) is offered a
 * Mah Jongg and the game ends within the move limit. A Chinese match is 16 hands or more, too long to
 * play here: after its Woo offer and a hand's end, the game ends as the service ends an unattended
 * one, abandoned after three timeouts in a row, driven by the development clock.
 *
 * Then a decision on a discard late in a game (draw or claim, a call or claim window; Siamese, Royale
 * for four, American, Chinese) on a 360×740 and a 320×640 touch phone and the desktop: the status,
 * every discard the felt shows whole and on screen, the felt not scrolling, each tile's word on its
 * face, the usual answer first, "Show all" showing every folded discard; your racks and the first
 * choice on the first screen where the table allows it (the others print how far below they end).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { chooseMove, type RulesetId } from "../../worker/engine/index";
import { apiPost, closeBrowserTest, openBrowserTest, playerPages, signInBySession, type Server, askEveryTime } from "./harness";

const OUT = new URL("../../test-output/table-layout/", import.meta.url).pathname;
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const SIZES = [
  [320, 640],
  [360, 740],
  [390, 844],
  [768, 1024],
  [1280, 800],
] as const;

let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

type Json = Record<string, any>;
const post = (page: Page, path: string, data: unknown) => page.request.post(server.url + path, { data, headers: { origin: server.url } });

async function player(email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  expect((await post(page, "/api/dev/session", { email })).status()).toBe(200);
  const r = await page.request.put(server.url + "/api/me", { data: { displayName: name, timezone: "Europe/London" }, headers: { origin: server.url } });
  expect(r.status()).toBe(200);
  await askEveryTime(page, server.url);
  return page;
}

async function newGame(ruleset: RulesetId, seed: string, names: string[], options: Json = {}): Promise<{ id: string; pages: Page[]; ruleset: RulesetId; seed: string }> {
  const pages = await Promise.all(names.map((n) => player(`${n.toLowerCase()}.layout.${ruleset}@example.com`, n)));
  const created = await (await post(pages[0]!, "/api/games", { ruleset, seed, options: { daysPerMove: 2, ...options } })).json();
  for (const p of pages.slice(1)) expect((await post(p, `/api/games/${created.id}/join`, { invite: created.invite })).status()).toBe(200);
  return { id: created.id, pages, ruleset, seed };
}

const get = async (p: Page, id: string): Promise<Json> => (await p.request.get(`${server.url}/api/games/${id}`)).json();
async function move(p: Page, id: string, version: number, m: unknown): Promise<Json> {
  const r = await post(p, `/api/games/${id}/moves`, { version, move: m, idempotencyKey: crypto.randomUUID() });
  expect(r.status(), (await r.text()).slice(0, 300)).toBe(200);
  return r.json();
}

interface Geometry {
  hscroll: number;
  wide: string[];
  offscreen: string[];
  covered: string[];
  claim: { tile: boolean; button: boolean } | null;
  tiles: number;
  gameOverOverlap: string[];
}

/** What the eye checks, in DOM geometry, with the page scrolled to the top. */
const measure = (page: Page): Promise<Geometry> =>
  page.evaluate(() => {
    window.scrollTo(0, 0);
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const inside = (r: DOMRect) => r.top >= 0 && r.left >= 0 && r.bottom <= vh + 0.5 && r.right <= vw + 0.5;
    const meet = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const mine = [...document.querySelectorAll<HTMLElement>("section.mine .tile")];
    const actions = document.querySelector<HTMLElement>("section.actions, section.am-charleston-wrap");
    const ar = actions?.getBoundingClientRect();
    const head = document.querySelector<HTMLElement>(".claim-head .tile");
    const firstClaim = document.querySelector<HTMLElement>(".claim-list button, .am-claim button");
    const overButtons = [...document.querySelectorAll<HTMLElement>(".game-over button, .cm-over button")];
    const allTiles = [...document.querySelectorAll<HTMLElement>(".tile")];
    return {
      hscroll: document.documentElement.scrollWidth - vw,
      wide: [...document.querySelectorAll<HTMLElement>("main *")].filter((e) => e.getBoundingClientRect().right > vw + 0.5).slice(0, 4).map((e) => `${e.tagName}.${e.className}`),
      offscreen: mine.filter((t) => !inside(t.getBoundingClientRect())).map((t) => t.getAttribute("aria-label") ?? "?"),
      covered: ar ? mine.filter((t) => meet(t.getBoundingClientRect(), ar)).map((t) => t.getAttribute("aria-label") ?? "?") : [],
      claim: head ? { tile: inside(head.getBoundingClientRect()), button: !!firstClaim && inside(firstClaim.getBoundingClientRect()) } : null,
      tiles: mine.length,
      gameOverOverlap: overButtons.flatMap((b) => allTiles.filter((t) => meet(t.getBoundingClientRect(), b.getBoundingClientRect())).map((t) => `${b.textContent} over ${t.getAttribute("aria-label")}`)),
    };
  });

async function axe(page: Page): Promise<string[]> {
  // Evaluated through the devtools protocol: the site's Content-Security-Policy refuses an inline <script>.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v: any) => v.impact === "serious" || v.impact === "critical")
      .map((v: any) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n: any) => `${n.target.join(" ")}: ${n.failureSummary}`).join("; ")})`);
  });
}

/** Every size for one state: geometry, axe, a screenshot. */
async function checkState(page: Page, table: string, state: string, o: { claim?: boolean; over?: boolean } = {}) {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(80);
    const g = await measure(page);
    await page.screenshot({ path: `${OUT}${table}-${state}-${w}x${h}.png`, fullPage: true });
    const where = `${table} ${state} at ${w}×${h}`;
    expect(g.hscroll, `${where}: sideways scroll (${g.wide.join(", ")})`).toBeLessThanOrEqual(0);
    if (!o.over) {
      expect(g.tiles, `${where}: your tiles are drawn`).toBeGreaterThan(0);
      expect(g.covered, `${where}: the action area covers your tiles`).toEqual([]);
      if (w >= 360) expect(g.offscreen, `${where}: your tiles off screen`).toEqual([]);
    }
    if (o.claim && w >= 360) expect(g.claim, `${where}: the claimed tile and its buttons on screen`).toEqual({ tile: true, button: true });
    expect(g.gameOverOverlap, `${where}: a game-over button over a tile`).toEqual([]);
  }
  const found = await axe(page);
  if (found.length) console.log(`axe, ${table} ${state}:\n${found.join("\n")}`);
  expect(found.join("\n"), `${table} ${state}: axe`).toBe("");
  await page.setViewportSize({ width: 390, height: 844 });
}

async function open(page: Page, id: string, version: number) {
  await page.goto(`${server.url}/game/${id}`);
  await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>(".table")?.dataset.version ?? -1) >= v || !!document.querySelector(".game-over, .cm-over"), version, { timeout: 30_000 });
}

/**
 * Every seat (the watcher's too) plays as the engine's "medium" computer player would: a pure
 * function of the seat's view and legal moves, seeded by the deal and the move's number, so the
 * walk is the same every run (and goes for Mah Jongg when it can).
 */
const botMove = (ruleset: RulesetId, g: Json, legal: Json[], seed: string): Json => chooseMove(ruleset, g.view, legal as never, "medium", seed) as Json;

/**
 * Plays the game by bots until it ends (or `limit` moves), stopping to check the watcher's page
 * (seat 0) the first time each telling state comes up. `kind` names the state, or null.
 */
async function walk(
  table: string,
  game: { id: string; pages: Page[]; ruleset: RulesetId; seed: string },
  kind: (g: Json, legal: Json[]) => string | null,
  limit: number,
  enough: (seen: Set<string>) => boolean = () => false,
) {
  const { id, pages } = game;
  const seen = new Set<string>();
  const watcher = pages[0]!;
  let g = await get(watcher, id);
  for (let n = 0; g.status !== "ended" && n < limit && !enough(seen); n++) {
    const acting: number[] = g.players.filter((p: Json) => p.toAct).map((p: Json) => p.seat);
    const s = acting.includes(0) ? 0 : acting[0]!;
    const mine = await get(pages[s]!, id);
    const legal: Json[] = mine.legalMoves.filter((m: Json) => m.type !== "preference");
    if (s === 0) {
      const k = kind(mine, legal);
      if (k && !seen.has(k)) {
        seen.add(k);
        await open(watcher, id, mine.version);
        if (k === "your-discard") await watcher.locator("section.mine .concealed button.tile").last().click();
        await checkState(watcher, table, k, { claim: k === "claim" });
      }
    }
    if (!legal.length) {
      g = await get(watcher, id);
      continue;
    }
    g = await move(pages[s]!, id, mine.version, botMove(game.ruleset, mine, legal, `${game.seed}:${n}:${s}`));
  }
  return seen;
}

/** The game page once the game is over: the results, at every size. */
async function checkOver(page: Page, id: string, table: string) {
  const g = await get(page, id);
  expect(g.status, `${table}: the game ends within the move limit`).toBe("ended");
  await open(page, id, g.version);
  await checkState(page, table, "game-over", { over: true });
  return g;
}

describe("the table on five screen sizes", () => {
  it("Siamese: start, your discard, a claim, Mah Jongg, game over", async () => {
    // seed: the watcher is offered Mah Jongg at move 20; the game ends at move 121
    const game = await newGame("siamese", "table-layout-siamese-5", ["Ann", "Bob"]);
    const { id, pages } = game;
    const ann = pages[0]!;
    await open(ann, id, 0);
    await checkState(ann, "siamese", "start");
    const seen = await walk("siamese", game, (_g, legal) => {
      if (legal.some((m) => m.type === "mahjong" || m.type === "claim-mahjong")) return "mahjong";
      if (legal.filter((m) => m.type === "claim").length >= 2) return "claim";
      if (legal.some((m) => m.type === "discard")) return "your-discard";
      return null;
    }, 1500);
    console.log(`siamese states checked: start, ${[...seen].join(", ")}, game-over`);
    expect(seen.has("your-discard")).toBe(true);
    expect([...seen].sort()).toEqual(["claim", "mahjong", "your-discard"]);
    await checkOver(ann, id, "siamese");
  }, 600_000);

  it("American: the Charleston, your discard, a call window, Mah Jongg, game over", async () => {
    // seed: the watcher is offered Mah Jongg at move 229 and takes it (move 232)
    const game = await newGame("american", "table-layout-american-6", ["Ann", "Bob", "Cy", "Di"]);
    const { id, pages } = game;
    const ann = pages[0]!;
    await open(ann, id, 0);
    await checkState(ann, "american", "charleston");
    const seen = await walk("american", game, (g, legal) => {
      if (legal.some((m) => m.type === "mahjong" || m.type === "call-mahjong")) return "mahjong";
      if (legal.some((m) => m.type === "call")) return "claim";
      if (g.view.phase === "discard" && legal.some((m) => m.type === "discard")) return "your-discard";
      return null;
    }, 1500);
    console.log(`american states checked: charleston, ${[...seen].join(", ")}, game-over`);
    expect(seen.has("your-discard")).toBe(true);
    expect([...seen].sort()).toEqual(["claim", "mahjong", "your-discard"]);
    await checkOver(ann, id, "american");
  }, 600_000);

  it("Chinese: start, a claim window, your discard, Woo, a hand's end, game over", async () => {
    // seed: the watcher is offered Woo at move 188; the next hand shows the hand's end
    const game = await newGame("chinese-ming", "table-layout-chinese-3", ["Ann", "Bob", "Cy", "Di"]);
    const { id, pages } = game;
    const ann = pages[0]!;
    await open(ann, id, 0);
    await checkState(ann, "chinese", "start");
    let hands = 0;
    const all = ["claim", "hand-end", "mahjong", "your-discard"];
    const seen = await walk("chinese", game, (g, legal) => {
      if (g.view.hands.length > hands) {
        hands = g.view.hands.length;
        return "hand-end";
      }
      if (legal.some((m) => m.type === "woo")) return "mahjong";
      if (legal.some((m) => m.type === "pung" || m.type === "kong")) return "claim";
      if (legal.some((m) => m.type === "discard") && g.view.hand.discards.length > 4) return "your-discard";
      return null;
    }, 700, (s) => all.every((k) => s.has(k)));
    expect(seen.has("claim") || seen.has("your-discard")).toBe(true);
    expect([...seen].sort()).toEqual(all);
    // Nobody moves any more: every turn runs out, and the seat that times out three times in a
    // row abandons the game (RULES, correspondence clock).
    for (let i = 0; i < 60 && (await get(ann, id)).status !== "ended"; i++) {
      const r = await post(ann, `/api/dev/games/${id}/clock`, { advanceMs: 2 * 24 * 3600_000 + 60_000, fire: true });
      expect(r.status(), (await r.text()).slice(0, 300)).toBe(200);
    }
    const over = await checkOver(ann, id, "chinese");
    expect(over.result.reason).toBe("abandoned");
    console.log(`chinese states checked: start, ${[...seen].join(", ")}, game-over (abandoned)`);
  }, 600_000);
});

interface DecisionGeometry {
  status: boolean;
  feltScroll: number;
  discards: number;
  discardsOff: string[];
  cut: string[];
  mineOff: number;
  first: string;
  firstOn: boolean;
  /** How far below the first screen the first choice ends (px; 0 when on it). */
  below: number;
  earlier: string;
  /** Tiles of the felt and your racks whose word ("Flower", "South") runs past their face. */
  faces: string[];
}

/**
 * A turn where you decide on a discard, on a phone: the status line, every discard row of the others
 * (complete: no tile and no line of the felt cut or out of sight), your racks and the first choice, all
 * on the first screen, the felt not scrolling inside.
 */
const measureDecision = (page: Page): Promise<DecisionGeometry> =>
  page.evaluate(() => {
    window.scrollTo(0, 0);
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const inBox = (r: DOMRect, b: { top: number; left: number; bottom: number; right: number }) => r.top >= b.top - 0.5 && r.left >= b.left - 0.5 && r.bottom <= b.bottom + 0.5 && r.right <= b.right + 0.5;
    const screen = { top: 0, left: 0, bottom: vh, right: vw };
    const felt = document.querySelector<HTMLElement>(".board > .felt")!;
    const fr = felt.getBoundingClientRect();
    const seen = (e: HTMLElement) => e.offsetWidth > 0 && e.offsetHeight > 0 && getComputedStyle(e).visibility !== "hidden";
    const discards = [...felt.querySelectorAll<HTMLElement>(".opponent .discard-row .tile")].filter(seen);
    // every line of the felt (names, counts, exposures, discards) inside the felt and on the screen
    const leaves = [...felt.querySelectorAll<HTMLElement>("*")].filter((e) => seen(e) && !e.querySelector("*") && (e.textContent?.trim() || e.classList.contains("tile")));
    const name = (e: HTMLElement) => e.getAttribute("aria-label") ?? e.textContent?.trim().slice(0, 30) ?? e.className;
    const actions = document.querySelector<HTMLElement>("section.actions");
    const first = actions ? [...actions.querySelectorAll<HTMLElement>("button")].find(seen) : undefined;
    return {
      status: inBox(document.querySelector<HTMLElement>(".board .status")!.getBoundingClientRect(), screen),
      feltScroll: felt.scrollHeight - felt.clientHeight,
      discards: discards.length,
      discardsOff: discards.filter((t) => !inBox(t.getBoundingClientRect(), screen)).map(name).slice(0, 5),
      cut: leaves.filter((e) => !inBox(e.getBoundingClientRect(), fr) || !inBox(e.getBoundingClientRect(), screen)).map(name).slice(0, 5),
      // below the first screen (Royale's folded racks are strips that scroll sideways by design)
      mineOff: [...document.querySelectorAll<HTMLElement>("section.mine .tile")].filter((t) => t.getBoundingClientRect().bottom > vh + 0.5).length,
      first: first?.textContent?.trim() || (first ? first.outerHTML.slice(0, 200) : ""),
      firstOn: !!first && inBox(first.getBoundingClientRect(), screen),
      below: first ? Math.max(0, Math.round(first.getBoundingClientRect().bottom - vh)) : 0,
      earlier: document.querySelector<HTMLElement>(".felt-cue")?.textContent?.trim() ?? "",
      faces: [...document.querySelectorAll<HTMLElement>(".board > .felt .tile, section.mine .tile")]
        .filter((t) => seen(t) && !inBox(t.querySelector<HTMLElement>(".tile-small")!.getBoundingClientRect(), t.getBoundingClientRect()))
        .map(name)
        .slice(0, 5),
    };
  });

/** Plays by bots until the watcher (seat 0) must decide on a discard late in the game (`late` says when). */
async function lateDecision(game: { id: string; pages: Page[]; ruleset: RulesetId; seed: string }, late: (g: Json, legal: Json[]) => boolean, limit = 1500): Promise<Json> {
  const { id, pages } = game;
  let g = await get(pages[0]!, id);
  const seenTypes = new Set<string>();
  for (let n = 0; g.status !== "ended" && n < limit; n++) {
    const acting: number[] = g.players.filter((p: Json) => p.toAct).map((p: Json) => p.seat);
    const s = acting.includes(0) ? 0 : acting[0]!;
    const mine = await get(pages[s]!, id);
    const legal: Json[] = mine.legalMoves.filter((m: Json) => m.type !== "preference");
    if (s === 0 && late(mine, legal)) return mine;
    if (s === 0) for (const m of legal) seenTypes.add(`${m.type}@${(mine.view.discards ?? mine.view.hand?.discards ?? []).length}`);
    if (!legal.length) {
      g = await get(pages[0]!, id);
      continue;
    }
    g = await move(pages[s]!, id, mine.version, botMove(game.ruleset, mine, legal, `${game.seed}:${n}:${s}`));
  }
  throw new Error(`${game.ruleset}: no late decision on a discard for seat 0 (${g.status}; ${[...seenTypes].join(" ")})`);
}

/**
 * The decision screen on two phones (touch) and the desktop: measured, screenshot, axe. Everywhere:
 * the status on screen, the felt not scrolling, nothing in it cut, every discard it shows on screen,
 * the usual answer first. `whole`: the sizes where your racks and the first choice are on the first
 * screen too (elsewhere how far below it they end is printed). `feltBelow`: the sizes where what comes
 * above the board (the Chinese length note, a four-line status) pushes the felt itself past the screen.
 */
async function checkDecision(game: { id: string; pages: Page[]; ruleset: RulesetId }, g: Json, table: string, firstChoice: RegExp, whole: string[], feltBelow: string[] = []) {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true })).newPage();
  await page.context().addCookies(await game.pages[0]!.context().cookies());
  await open(page, game.id, g.version);
  await page.waitForSelector("section.actions button");
  for (const [w, h] of [[360, 740], [320, 640], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    const d = await measureDecision(page);
    await page.screenshot({ path: `${OUT}${table}-late-decision-${w}x${h}.png` });
    await page.screenshot({ path: `${OUT}${table}-late-decision-${w}x${h}-page.png`, fullPage: true });
    const where = `${table}, a late decision at ${w}×${h} (${d.discards} discards of the others shown${d.earlier ? `; "${d.earlier}"` : ""})`;
    console.log(`${where}: ${d.mineOff} of your tiles and the first choice ${d.below} px below the first screen`);
    expect(d.discards, `${where}: the others' discards are shown`).toBeGreaterThan(0);
    expect(d.status, `${where}: the status line on screen`).toBe(true);
    // the desktop keeps its felt as it was (its own share of the screen, scrolling inside, labelled)
    if (w < 900) {
      expect(d.feltScroll, `${where}: the felt scrolls inside`).toBeLessThanOrEqual(1);
      expect(d.cut, `${where}: lines of the felt cut or off screen`).toEqual([]);
      if (!feltBelow.includes(`${w}x${h}`)) expect(d.discardsOff, `${where}: discards off screen`).toEqual([]);
    }
    expect(d.first, `${where}: the first choice`).toMatch(firstChoice);
    // (the desktop's small tiles are as they were)
    if (w < 900) expect(d.faces, `${where}: a tile's word past its face`).toEqual([]);
    if (w === 360 && d.earlier.includes("earlier")) {
      // the button says how many are folded, and a tap shows every one of them (the page scrolling instead)
      const folded = Number(/\((\d+) earlier/.exec(d.earlier)?.[1]);
      await page.locator(".felt-cue").click();
      await page.waitForTimeout(150);
      const open = await page.evaluate(() => {
        const tiles = [...document.querySelectorAll<HTMLElement>(".board > .felt .opponent .discard-row > *")];
        return { all: tiles.length, shown: tiles.filter((t) => t.offsetHeight > 0).length };
      });
      expect(open, `${where}: "Show all" shows every discard`).toEqual({ all: d.discards + folded, shown: d.discards + folded });
      await page.locator(".felt-cue").click();
      await page.waitForTimeout(150);
      expect((await measureDecision(page)).discards, `${where}: folded again`).toBe(d.discards);
    }
    if (whole.includes(`${w}x${h}`)) {
      expect(d.mineOff, `${where}: your tiles off screen`).toBe(0);
      expect(d.firstOn, `${where}: the first choice on screen`).toBe(true);
    }
  }
  const found = await axe(page);
  expect(found.join("\n"), `${table} late decision: axe`).toBe("");
  await page.context().close();
}

describe("a decision on a discard late in a game, on a phone", () => {
  const total = (g: Json) => (g.view.discards ?? g.view.hand?.discards ?? []).length as number;

  it("Siamese: draw or claim with the discards of a long game", async () => {
    const game = await newGame("siamese", "table-layout-siamese-5", ["Ann", "Bob"]);
    const g = await lateDecision(game, (g, legal) => total(g) >= 40 && legal.some((m) => m.type === "draw") && legal.some((m) => m.type === "claim"));
    console.log(`siamese: ${total(g)} discards`);
    await checkDecision(game, g, "siamese", /^Draw/, ["360x740", "320x640", "1280x800"]);
  }, 600_000);

  it("Royale for four: draw or claim late in the game", async () => {
    const game = await newGame("royale", "table-layout-royale-1", ["Ann", "Bob", "Cy", "Di"], { players: 4 });
    const g = await lateDecision(game, (g, legal) => total(g) >= 40 && legal.some((m) => m.type === "call"));
    console.log(`royale: ${total(g)} discards`);
    await checkDecision(game, g, "royale", /^(Draw|Pass|Mah Jongg)/, ["360x740", "320x640"]);
  }, 600_000);

  it("American: a call window late in the game", async () => {
    const game = await newGame("american", "table-layout-american-6", ["Ann", "Bob", "Cy", "Di"]);
    const g = await lateDecision(game, (g, legal) => total(g) >= 40 && legal.some((m) => m.type === "call" || m.type === "call-mahjong"));
    console.log(`american: ${total(g)} discards`);
    await checkDecision(game, g, "american", /^(Pass|Mah Jongg)/, ["360x740", "320x640", "1280x800"]);
  }, 600_000);

  it("Chinese: a claim window late in the hand", async () => {
    const game = await newGame("chinese-ming", "table-layout-chinese-3", ["Ann", "Bob", "Cy", "Di"]);
    const g = await lateDecision(game, (g, legal) => total(g) >= 40 && legal.some((m) => m.type === "pung" || m.type === "kong"));
    console.log(`chinese: ${total(g)} discards`);
    await checkDecision(game, g, "chinese", /^(Pass|Woo)/, ["360x740", "320x640", "1280x800"], ["320x640"]);
  }, 600_000);
});

describe("the felt that scrolls inside, on a phone", () => {
  it("a first practice game at 360×740, the line about the orders above the table: the felt ends after a whole line, never through one", async () => {
    const { pages, errors } = await playerPages(browser, 1);
    const ann = pages[0]!;
    await ann.setViewportSize({ width: 360, height: 740 });
    await signInBySession(ann, server.url, "ann-felt-lines@example.com", "Ann", "default");
    const created = await apiPost(ann.request, server.url, "/api/games", { ruleset: "siamese", seed: "table-layout-felt-lines-1", options: {}, computers: { seats: 1, strength: "medium", delayMs: 60_000 } });
    expect(created.status).toBe(201);
    await ann.goto(`${server.url}/game/${created.body.id}`);
    await ann.getByText(/easy turns are played for you/).first().waitFor();
    await ann.locator(".table .felt .opponent").first().waitFor();
    await ann.waitForTimeout(500);
    const cut = await ann.evaluate(() => {
      const felt = document.querySelector<HTMLElement>(".board > .felt")!;
      const edge = felt.getBoundingClientRect().bottom - parseFloat(getComputedStyle(felt).borderBottomWidth);
      // every line of words and every tile, one rectangle per line
      const rects: { what: string; r: DOMRect }[] = [];
      const walk = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!n.textContent?.trim()) continue;
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) rects.push({ what: n.textContent.trim().slice(0, 30), r });
      }
      for (const t of felt.querySelectorAll<HTMLElement>(".tile")) rects.push({ what: "a tile", r: t.getBoundingClientRect() });
      const through = rects.filter(({ r }) => r.height > 0 && r.top < edge - 1 && r.bottom > edge + 1).map(({ what }) => what);
      return { scrolls: felt.scrollHeight > felt.clientHeight, lines: rects.length, through };
    });
    await ann.screenshot({ path: OUT + "felt-whole-lines-360x740.png" });
    console.log(`felt at 360×740, first practice game: ${JSON.stringify(cut)}`);
    expect(cut.lines).toBeGreaterThan(0);
    expect(cut.through).toEqual([]);
    expect(errors).toEqual([]);
    await ann.context().close();
  });
});
