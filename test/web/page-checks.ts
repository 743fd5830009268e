/**
 * What the eye checks on any page, the way the table walk (table-layout.test.ts) checks the
 * table: no sideways scroll, nothing cut at the right edge or inside its box, and no serious or
 * critical axe-core finding.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect } from "vitest";
import type { Page } from "playwright-core";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const PHONE = { width: 360, height: 740 } as const;
/** The smallest phone the pages are checked on. */
export const SMALL_PHONE = { width: 320, height: 640 };
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Sideways scroll in pixels, elements reaching past the right edge, and text cut inside its own box. */
export const pageGeometry = (page: Page) =>
  page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const name = (e: Element) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} "${(e.textContent ?? "").trim().slice(0, 30)}"`;
    const all = [...document.querySelectorAll<HTMLElement>("body *")].filter((e) => e.getClientRects().length && !e.closest(".sr-only"));
    return {
      hscroll: document.documentElement.scrollWidth - vw,
      wide: all.filter((e) => e.getBoundingClientRect().right > vw + 0.5).slice(0, 5).map(name),
      cut: all
        .filter((e) => {
          const s = getComputedStyle(e);
          return (s.overflowX === "hidden" || s.textOverflow === "ellipsis") && e.scrollWidth > e.clientWidth + 1 && e.children.length === 0;
        })
        .slice(0, 5)
        .map(name),
    };
  });

/**
 * Tick boxes and round choices squeezed by a long label beside them in a flex row: styles.css draws
 * them 28 px; under 24 px is too small a target for a finger (visually hidden ones aside).
 */
export const squeezedChoices = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')]
      .filter((e) => e.getClientRects().length && !e.closest(".sr-only") && e.getBoundingClientRect().width >= 2 && e.getBoundingClientRect().width < 24)
      .slice(0, 5)
      .map((e) => `${Math.round(e.getBoundingClientRect().width)} px beside "${(e.closest("label")?.textContent ?? e.name).trim().slice(0, 40)}"`),
  );

export async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE); // (a script tag would be refused by the site's content policy)
  return page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v: any) => v.impact === "serious" || v.impact === "critical")
      .map((v: any) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n: any) => `${n.target.join(" ")}: ${n.failureSummary}`).join("; ")})`);
  });
}

/** The page at a phone's and a desktop's size: geometry and axe, with a full-page screenshot of each (`shot` + size). */
export async function checkPage(page: Page, what: string, shot: string) {
  for (const size of [SMALL_PHONE, PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(80);
    const g = await pageGeometry(page);
    await page.screenshot({ path: `${shot}-${size.width}x${size.height}.png`, fullPage: true });
    const where = `${what} at ${size.width}×${size.height}`;
    expect(g.hscroll, `${where}: sideways scroll (${g.wide.join(", ")})`).toBeLessThanOrEqual(0);
    expect(g.wide, `${where}: past the right edge`).toEqual([]);
    expect(g.cut, `${where}: text cut`).toEqual([]);
    expect(await squeezedChoices(page), `${where}: tick boxes squeezed`).toEqual([]);
    expect((await axeFindings(page)).join("\n"), `${where}: axe`).toBe("");
  }
}
