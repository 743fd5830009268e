/**
 * The game table's words and boxes fit what they hold (issue ui52), in chromium:
 * - a practice game just started (Siamese against a computer, Royale for two and four) says "No
 *   discards yet." once on the felt, on a line it shares with the others' boxes (it said it three
 *   times, a line each, on a desktop), and the felt keeps no blank floor under them;
 * - Royale on a 360×740 phone, another player going for the Atomic hand: the tag "Going for the
 *   Atomic hand" is no larger than the words beside it, one line high, and every rack's tag stays in
 *   its player's box (0.85rem tags ran over the next chip);
 * - Royale for two and four on a 1280×800 desktop, a rack of yours declared: the rack is its name's
 *   line, with no blank tile area under it.
 * Every seat of the Royale games plays as the engine's computer player would (seeded: the same walk
 * every run). Screenshots go to test-output/table-fit/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { chooseMove } from "../../worker/engine/index";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/table-fit/", import.meta.url).pathname;
let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

type Json = Record<string, any>;
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const get = async (p: Page, id: string): Promise<Json> => (await p.request.get(`${server.url}/api/games/${id}`)).json();

/** The game open in a new page of `who`'s browser (signed in as they are), its table drawn and settled. */
async function opened(who: BrowserContext, options: object, id: string): Promise<Page> {
  const page = await (await browser.newContext({ ...options, storageState: await who.storageState() })).newPage();
  await page.goto(`${server.url}/game/${id}`);
  await page.locator(".table .felt .opponent").first().waitFor();
  await page.getByText(/Game menu/).first().waitFor();
  // (the felt's fit comes with the scripts that load after the tiles)
  await page.waitForTimeout(500);
  return page;
}

/** The felt's lines of words that say nobody has discarded, where they are drawn, and the others' boxes. */
const noDiscards = (page: Page) =>
  page.evaluate(() => {
    const felt = document.querySelector<HTMLElement>(".board > .felt")!;
    const lines: { text: string; top: number; bottom: number }[] = [];
    const walk = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!/No discards/.test(n.textContent ?? "")) continue;
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.height > 0) lines.push({ text: n.textContent!.trim(), top: r.top, bottom: r.bottom });
    }
    const boxes = [...felt.querySelectorAll<HTMLElement>(".opponent")].map((b) => b.getBoundingClientRect());
    const grid = felt.querySelector<HTMLElement>(".felt-grid")!.getBoundingClientRect();
    const f = felt.getBoundingClientRect();
    const cs = getComputedStyle(felt);
    return {
      lines,
      boxesTop: Math.min(...boxes.map((b) => b.top)),
      boxesBottom: Math.max(...boxes.map((b) => b.bottom)),
      // what the felt shows under what it holds
      blank: f.bottom - parseFloat(cs.borderBottomWidth) - parseFloat(cs.paddingBottom) - grid.bottom,
    };
  });

describe("a practice game just started", () => {
  for (const c of [
    { ruleset: "siamese", players: null, label: "siamese" },
    { ruleset: "royale", players: "2", label: "royale-2" },
    { ruleset: "royale", players: "4", label: "royale-4" },
  ])
    it(`${c.label}: the felt says "No discards yet." once, on no line of its own`, async () => {
      const ctx = await browser.newContext(DESKTOP);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      await signInBySession(page, server.url, `${c.label}.table-fit@example.com`, "Pat");
      await page.goto(server.url + "/");
      await page.getByRole("heading", { name: "Practise against the computer" }).waitFor();
      await page.getByRole("button", { name: "Easy" }).click();
      await page.locator("#practice-ruleset").selectOption(c.ruleset);
      if (c.players) await page.locator("#practice-players").selectOption(c.players);
      await page.getByRole("button", { name: /against the computer$/ }).click();
      await page.waitForURL(/\/game\/[^/]+$/);
      const id = new URL(page.url()).pathname.split("/")[2]!;
      expect((await get(page, id)).events.filter((e: Json) => e.event.type === "discard").length, "nobody has discarded").toBe(0);

      const desk = await opened(ctx, DESKTOP, id);
      await desk.screenshot({ path: `${OUT}${c.label}-start-1280x800.png` });
      const d = await noDiscards(desk);
      console.log(`${c.label} at 1280x800: ${JSON.stringify(d)}`);
      expect(d.lines.map((l) => l.text)).toEqual(["No discards yet."]);
      // beside the others' boxes, not a line under them
      expect(d.lines[0]!.top).toBeGreaterThanOrEqual(d.boxesTop - 1);
      expect(d.lines[0]!.bottom).toBeLessThanOrEqual(d.boxesBottom + 1);
      // Royale's racks fill the screen: the felt is as high as what it holds (Siamese's felt takes what the racks leave)
      if (c.ruleset === "royale") expect(d.blank).toBeLessThanOrEqual(2);

      // a phone: once too (Siamese, Royale for two: on the other player's line; Royale for four: each chip its own short line)
      const phone = await opened(ctx, PHONE, id);
      await phone.screenshot({ path: `${OUT}${c.label}-start-360x740.png` });
      const p = await noDiscards(phone);
      console.log(`${c.label} at 360x740: ${JSON.stringify(p)}`);
      expect(p.lines.length).toBe(c.players === "4" ? 3 : 1);
      expect(errors).toEqual([]);
      for (const x of [desk, phone, page]) await x.context().close();
    }, 240_000);
});

/** Royale for `n`: Bob (seat 1) goes for the Atomic hand when offered, every other move the engine's computer player's; stops at Ann's turn after `moves` moves, in `phase`. */
async function walk(pages: Page[], id: string, seed: string, moves: number, until: (view: Json) => boolean, from = 0): Promise<number> {
  let g = await get(pages[0]!, id);
  for (let n = from; g.status !== "ended" && n < 3000; n++) {
    const acting: number[] = g.players.filter((p: Json) => p.toAct).map((p: Json) => p.seat);
    const s = acting.includes(0) ? 0 : acting[0]!;
    const mine = await get(pages[s]!, id);
    const legal: Json[] = mine.legalMoves.filter((m: Json) => m.type !== "preference");
    if (s === 0 && n >= moves && legal.length && until(mine.view)) return n;
    if (!legal.length) {
      g = await get(pages[0]!, id);
      continue;
    }
    const move = (s === 1 && legal.find((m) => m.type === "atomic")) || chooseMove("royale", mine.view, legal as never, "medium", `x:${n}:${s}`);
    const r = await apiPost(pages[s]!.request, server.url, `/api/games/${id}/moves`, { version: mine.version, move, idempotencyKey: `${seed}-${n}` });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    g = r.body;
  }
  throw new Error("the game ended before the turn looked for");
}

/** Each group (exposure) of the others on the felt: its tiles, on how many lines they are drawn, and the narrowest tile's width. */
const exposureLines = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".board > .felt .opponent .exposure")].filter((e) => e.getClientRects().length).map((e, i) => {
      const tiles = [...e.querySelectorAll<HTMLElement>(".tile")].map((t) => t.getBoundingClientRect());
      return { label: `${e.closest(".opponent")!.querySelector("h2")?.textContent ?? ""} group ${i + 1}`, tiles: tiles.length, lines: new Set(tiles.map((r) => Math.round(r.top))).size, width: Math.min(...tiles.map((r) => r.width)) };
    }),
  );

/** Each rack tag of the others on the felt: its print (the picture's words, when only they are drawn), its rack name's, its height, and whether it stays in its box. */
const rackTags = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".board > .felt .opp-rack .tag")].filter((t) => t.getClientRects().length).map((t) => {
      const before = getComputedStyle(t, "::before");
      const drawn = before.content !== "none" && before.content !== "normal" ? before : getComputedStyle(t);
      const r = t.getBoundingClientRect();
      const box = t.closest(".opponent")!.getBoundingClientRect();
      const label = t.closest(".opp-rack")!.querySelector<HTMLElement>(".rack-label")!;
      return {
        tag: t.className,
        size: parseFloat(drawn.fontSize),
        labelSize: parseFloat(getComputedStyle(label).fontSize),
        height: r.height,
        line: parseFloat(drawn.fontSize) * 1.5 + 4,
        inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5,
      };
    }),
  );

/** Your racks that hold no tile (declared): the rack's height and its name's line. */
const emptyRacks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".board > .mine .royale-racks section.rack")].filter((r) => !r.querySelector(".tile")).map((r) => ({
      name: r.getAttribute("aria-label"),
      height: r.getBoundingClientRect().height,
      line: r.querySelector<HTMLElement>(".rack-fold")!.getBoundingClientRect().height,
    })),
  );

describe("Royale: the others' rack tags on a phone, your declared racks on a desktop", () => {
  for (const c of [
    { n: 2, seed: "atomic-1795917018463" },
    { n: 4, seed: "atomic-1795916626239" },
  ])
    it(`for ${c.n}: Bob going for the Atomic hand, Ann with a rack declared`, async () => {
      const names = ["Ann", "Bob", "Cy", "Dee"].slice(0, c.n);
      const pages: Page[] = [];
      for (const name of names) {
        const page = await (await browser.newContext(DESKTOP)).newPage();
        await signInBySession(page, server.url, `${name.toLowerCase()}.${c.n}.table-fit@example.com`, name);
        pages.push(page);
      }
      const ann = pages[0]!;
      const created = await apiPost(ann.request, server.url, "/api/games", { ruleset: "royale", seed: c.seed, options: { daysPerMove: 2, players: c.n } });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      for (const p of pages.slice(1)) expect((await apiPost(p.request, server.url, `/api/games/${id}/join`, { invite: created.body.invite })).status).toBe(200);

      // Ann's turn to discard, a few turns in
      const n = await walk(pages, id, c.seed, 12, (v) => v.phase === "discard");
      const view = (await get(ann, id)).view;
      expect(view.seats[1].atomic, "Bob goes for the Atomic hand").toBeTruthy();
      expect(view.seats[0].racks.some((r: Json) => r.mahjong), "a rack of Ann's declared").toBe(true);

      const desk = await opened(ann.context(), DESKTOP, id);
      await desk.screenshot({ path: `${OUT}royale-${c.n}-declared-1280x800.png` });
      const empty = await emptyRacks(desk);
      console.log(`royale ${c.n}, your racks with no tile at 1280x800: ${JSON.stringify(empty)}`);
      expect(empty.length).toBeGreaterThan(0);
      for (const r of empty) expect(r.height, `${r.name}: no blank tile area under its name`).toBeLessThanOrEqual(r.line + 8);

      const phone = await opened(ann.context(), PHONE, id);
      await phone.locator(".felt-cue").click();
      await phone.screenshot({ path: `${OUT}royale-${c.n}-atomic-360x740.png`, fullPage: true });
      const checkTags = async (page: Page, when: string) => {
        const tags = await rackTags(page);
        console.log(`royale ${c.n}, the others' rack tags at 360x740, ${when}: ${JSON.stringify(tags)}`);
        const atomic = tags.filter((t) => /atomic-tag/.test(t.tag));
        expect(atomic.length).toBe(1);
        for (const t of atomic) {
          expect(t.size, "the Atomic tag no larger than its rack's name").toBeLessThanOrEqual(t.labelSize);
          expect(t.height, "the Atomic tag one line high").toBeLessThanOrEqual(t.line);
        }
        for (const t of tags) expect(t.inside, `${t.tag}: inside its player's box`).toBe(true);
      };
      await checkTags(phone, "your turn to discard");
      // the others' groups: one of three tiles on one line, its tiles no smaller than the felt's compact ones (27px)
      const groups = await exposureLines(phone);
      console.log(`royale ${c.n}, the others' groups at 360x740: ${JSON.stringify(groups)}`);
      expect(groups.filter((g) => g.tiles === 3).length, "a group of three among the others' (the seed has some)").toBeGreaterThan(0);
      for (const g of groups) {
        expect(g.width, `${g.label}: tile width`).toBeGreaterThanOrEqual(27);
        if (g.tiles <= 3) expect(g.lines, `${g.label}: ${g.tiles} tiles on one line`).toBe(1);
      }
      for (const p of [desk, phone]) await p.context().close();

      // a decision on a discard (a claim window or a draw): the felt's compact words
      await walk(pages, id, c.seed, n + 1, (v) => v.phase !== "discard" && v.seats[1].atomic, n);
      const deciding = await opened(ann.context(), PHONE, id);
      await deciding.locator(".board.deciding").waitFor();
      await deciding.screenshot({ path: `${OUT}royale-${c.n}-atomic-deciding-360x740.png` });
      await checkTags(deciding, "deciding on a discard");
      await deciding.context().close();
      for (const p of pages) await p.context().close();
    }, 600_000);
});
