/**
 * The felt on a desktop (1280×800) once it holds more than its share of the screen (issue ui50): it
 * ends after a whole line, so the discard rows it shows are whole, and the word that there is more is
 * a button under it, never a label over its last row (the "▼ more below" label in its corner covered
 * the row it cut). A Siamese game and Royale for two and for four, each played on by the engine's
 * computer players (seeded: the same walk every run) until the felt has more than it shows; the
 * button shows it all and fits it again. Screenshots go to test-output/felt-desktop/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { chooseMove, type RulesetId } from "../../worker/engine/index";
import { apiPost, closeBrowserTest, openBrowserTest, signInBySession, type Server } from "./harness";

const OUT = new URL("../../test-output/felt-desktop/", import.meta.url).pathname;
let server: Server;
let browser: Browser;
beforeAll(async () => void ({ server, browser } = await openBrowserTest({ outDir: OUT })), 240_000);
afterAll(() => closeBrowserTest(server, browser));

type Json = Record<string, any>;
const get = async (p: Page, id: string): Promise<Json> => (await p.request.get(`${server.url}/api/games/${id}`)).json();

/** A game of `names.length` players (the first watches, on a 1280×800 screen), played by the computer players' moves for `moves` moves, then until it is the watcher's turn. */
async function played(ruleset: RulesetId, seed: string, names: string[], options: Json, moves: number): Promise<{ id: string; watcher: Page; pages: Page[] }> {
  const pages: Page[] = [];
  for (const n of names) {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInBySession(page, server.url, `${n.toLowerCase()}.${seed}@example.com`, n);
    pages.push(page);
  }
  const created = await apiPost(pages[0]!.request, server.url, "/api/games", { ruleset, seed, options: { daysPerMove: 2, ...options } });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  for (const p of pages.slice(1)) expect((await apiPost(p.request, server.url, `/api/games/${id}/join`, { invite: created.body.invite })).status).toBe(200);
  let g = await get(pages[0]!, id);
  for (let n = 0; g.status !== "ended" && n < 3000; n++) {
    const acting: number[] = g.players.filter((p: Json) => p.toAct).map((p: Json) => p.seat);
    const s = acting.includes(0) ? 0 : acting[0]!;
    const mine = await get(pages[s]!, id);
    const legal: Json[] = mine.legalMoves.filter((m: Json) => m.type !== "preference");
    if (n >= moves && s === 0 && legal.length) return { id, watcher: pages[0]!, pages };
    if (!legal.length) {
      g = await get(pages[0]!, id);
      continue;
    }
    const move = chooseMove(ruleset, mine.view, legal as never, "medium", `${seed}:${n}:${s}`);
    const r = await apiPost(pages[s]!.request, server.url, `/api/games/${id}/moves`, { version: mine.version, move, idempotencyKey: `${seed}-${n}` });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    g = r.body;
  }
  throw new Error(`${ruleset}: the game ended before it was the watcher's turn after ${moves} moves`);
}

/** The felt as drawn: its visible box, the discard rows in it, what of them is cut or covered, and every line its bottom edge cuts. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const felt = document.querySelector<HTMLElement>(".board > .felt")!;
    const fr = felt.getBoundingClientRect();
    const inner = { top: fr.top + felt.clientTop, bottom: fr.top + felt.clientTop + felt.clientHeight };
    const label = getComputedStyle(felt, "::after");
    // the old label pinned over the felt's bottom edge, where it is drawn
    const labelOver = felt.hasAttribute("data-more-below") && label.content !== "none" && label.display !== "none" && label.visibility !== "hidden";
    const cue = document.querySelector<HTMLElement>(".felt-cue")!;
    const cr = cue.offsetHeight ? cue.getBoundingClientRect() : null;
    const meet = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const rows = [...felt.querySelectorAll<HTMLElement>(".discard-row, .my-discards")].filter((r) => r.offsetHeight > 0);
    const shown = rows.filter((r) => {
      const b = r.getBoundingClientRect();
      return b.bottom > inner.top + 0.5 && b.top < inner.bottom - 0.5;
    });
    const what = (r: HTMLElement) => r.getAttribute("aria-label") ?? r.textContent?.trim().slice(0, 30) ?? r.className;
    const rects: { what: string; r: DOMRect }[] = [];
    const walk = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent?.trim()) continue;
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) rects.push({ what: n.textContent.trim().slice(0, 30), r });
    }
    for (const t of felt.querySelectorAll<HTMLElement>(".tile")) rects.push({ what: t.getAttribute("aria-label") ?? "a tile", r: t.getBoundingClientRect() });
    return {
      scrolls: felt.scrollHeight > felt.clientHeight + 1,
      labelOver,
      cueBelowFelt: !cr || cr.top >= fr.bottom - 0.5,
      rows: rows.length,
      shown: shown.length,
      cut: shown.filter((r) => r.getBoundingClientRect().top < inner.top - 0.5 || r.getBoundingClientRect().bottom > inner.bottom + 0.5).map(what),
      covered: cr ? shown.filter((r) => meet(r.getBoundingClientRect(), cr)).map(what) : [],
      through: rects.filter(({ r }) => r.height > 0 && r.top < inner.bottom - 1 && r.bottom > inner.bottom + 1).map(({ what }) => what).slice(0, 6),
      onScreen: shown.every((r) => r.getBoundingClientRect().bottom <= innerHeight),
    };
  });

const CASES = [
  { ruleset: "siamese", seed: "felt-desktop-siamese-1", names: ["Ann", "Bob"], options: {}, moves: 20, whole: true },
  { ruleset: "royale", seed: "felt-desktop-royale-2", names: ["Ann", "Bob"], options: { players: 2 }, moves: 60, whole: true },
  // four: the others' boxes side by side, their lines staggered: the felt may cut a line in one box (as any box that scrolls), but no label covers a row
  { ruleset: "royale", seed: "felt-desktop-royale-4", names: ["Ann", "Bob", "Cy", "Dee"], options: { players: 4 }, moves: 60, whole: false },
] as const;

describe("the felt on a desktop, holding more than its share", () => {
  for (const c of CASES)
    it(`${c.ruleset} for ${c.names.length}: the discard rows shown whole, the cue under the felt, not over a row`, async () => {
      const { id, watcher, pages } = await played(c.ruleset, c.seed, [...c.names], c.options, c.moves);
      const errors: string[] = [];
      watcher.on("pageerror", (e) => errors.push(String(e)));
      await watcher.goto(`${server.url}/game/${id}`);
      await watcher.locator(".table .felt .opponent").first().waitFor();
      await watcher.getByText(/Game menu/).first().waitFor();
      const name = `${c.ruleset}-${c.names.length}-1280x800`;
      // (the whole-line fit comes with the scripts that load after the tiles: looked at until it settles)
      await expect
        .poll(async () => {
          const m = await measure(watcher);
          return { scrolls: m.scrolls, labelOver: m.labelOver, cueBelowFelt: m.cueBelowFelt, cut: c.whole ? m.cut : [], covered: m.covered, through: c.whole ? m.through : [] };
        }, { timeout: 10_000 })
        .toEqual({ scrolls: true, labelOver: false, cueBelowFelt: true, cut: [], covered: [], through: [] })
        .catch(async (e) => {
          await watcher.screenshot({ path: `${OUT}${name}-failed.png` });
          throw e;
        });
      const m = await measure(watcher);
      await watcher.screenshot({ path: `${OUT}${name}.png` });
      console.log(`${name}: ${JSON.stringify(m)}`);
      if (c.ruleset === "siamese") {
        // the other player's discards are on the felt, whole and on the first screen
        expect(m.shown).toBeGreaterThan(0);
        expect(m.onScreen).toBe(true);
      }
      // the button under the felt shows it all (the page scrolls instead), and fits it again
      const cue = watcher.locator(".felt-cue");
      await expect(cue.isVisible()).resolves.toBe(true);
      await cue.click();
      await expect.poll(async () => (await measure(watcher)).scrolls).toBe(false);
      const all = await measure(watcher);
      expect(all.shown).toBe(all.rows);
      await watcher.screenshot({ path: `${OUT}${name}-shown-all.png`, fullPage: true });
      await cue.click();
      await expect.poll(async () => (await measure(watcher)).scrolls).toBe(true);
      expect(errors).toEqual([]);
      for (const p of pages) await p.context().close();
    }, 600_000);
});
