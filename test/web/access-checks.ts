/**
 * What a page must give a player who cannot use it as a sighted mouse user would (issue 39): every
 * control big enough to touch on a phone (44 × 44 px; a link inside a sentence excepted, as WCAG's
 * target-size rule excepts it), and a focus the eye can always find when walking the page with Tab
 * (drawn with an outline, on screen, not hidden under something else or inside something hidden).
 */
import type { Page } from "playwright-core";

/** Controls smaller than 44 × 44 px, by name and size (links inside a sentence left out). */
export const smallTargets = (page: Page, min = 44, except = "") =>
  page.evaluate(([min, except]) => {
    const name = (e: Element) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === "string" ? "." + e.className.trim().replace(/\s+/g, ".") : ""} "${(e.getAttribute("aria-label") ?? e.textContent ?? "").trim().slice(0, 30)}"`;
    const shown = (e: Element) => {
      const r = e.getBoundingClientRect();
      // (an element a touch passes through is no target)
      return r.width > 1 && r.height > 1 && getComputedStyle(e).visibility !== "hidden" && getComputedStyle(e).pointerEvents !== "none" && !e.closest(".sr-only, [aria-hidden=true]") && r.right > 0 && r.bottom > -10000;
    };
    // a link in running text: its block says more than its links do
    const inSentence = (a: Element) => {
      let block = a.parentElement;
      while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
      if (!block) return false;
      const links = [...block.querySelectorAll("a, button")].reduce((n, x) => n + (x.textContent ?? "").trim().length, 0);
      return (block.textContent ?? "").replace(/\s+/g, "").length > links + 3;
    };
    const out: string[] = [];
    for (const e of document.querySelectorAll<HTMLElement>("main a[href], main button, main input, main select, main textarea, main summary, nav a[href]")) {
      if (!shown(e)) continue;
      if ((e.matches("a") && inSentence(e)) || (except && e.matches(except))) continue;
      // a checkbox or radio is touched through its label
      const box = e.matches("input[type=checkbox], input[type=radio]") ? (e.closest("label") ?? document.querySelector(`label[for="${e.id}"]`) ?? e) : e;
      const r = box.getBoundingClientRect();
      if (r.width >= min - 0.5 && r.height >= min - 0.5) continue;
      // a touch area drawn larger than the element (an ::after laid over its neighbours) counts where a touch reaches it
      const after = getComputedStyle(box, "::after");
      const px = (v: string) => Math.max(0, -(parseFloat(v) || 0));
      const area = after.content !== "none" && after.position === "absolute" ? { left: r.left - px(after.left), top: r.top - px(after.top), right: r.right + px(after.right), bottom: r.bottom + px(after.bottom) } : null;
      if (area && area.right - area.left >= min - 0.5 && area.bottom - area.top >= min - 0.5) {
        box.scrollIntoView({ block: "center" });
        const s = box.getBoundingClientRect(), dy = s.top - r.top, dx = s.left - r.left;
        const reached = [[area.left + 1, area.top + 1], [area.right - 1, area.top + 1], [area.left + 1, area.bottom - 1], [area.right - 1, area.bottom - 1]].every(([x, y]) => {
          const hit = document.elementFromPoint(x! + dx, y! + dy);
          return !!hit && (hit === box || box.contains(hit));
        });
        if (reached) continue;
      }
      out.push(`${name(e)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return [...new Set(out)];
  }, [min, except] as const);

/**
 * Tabs through the page from its top (at most `max` stops): each stop whose focus the eye cannot see
 * (no outline, off the screen, zero size, or covered by something else). Returns the stops seen too.
 */
export async function focusWalk(page: Page, max = 60): Promise<{ stops: string[]; unseen: string[] }> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    (window as unknown as { walkFirst: Element | null }).walkFirst = null;
  });
  const stops: string[] = [];
  const unseen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const s = await page.evaluate(() => {
      const e = document.activeElement as HTMLElement | null;
      if (!e || e === document.body) return null;
      // The walk is round when the first element it stopped at has the focus again (another may share its name: two tiles "9 Dot").
      const w = window as unknown as { walkFirst: Element | null };
      const again = e === w.walkFirst;
      w.walkFirst ??= e;
      const name = `${e.tagName.toLowerCase()}${e.getAttribute("type") ? `[${e.getAttribute("type")}]` : ""}${e.className && typeof e.className === "string" ? "." + e.className.trim().replace(/\s+/g, ".") : ""} "${(e.getAttribute("aria-label") ?? e.textContent ?? e.getAttribute("name") ?? "").trim().slice(0, 30)}"`;
      const r = e.getBoundingClientRect();
      const st = getComputedStyle(e);
      const outline = st.outlineStyle !== "none" && parseFloat(st.outlineWidth) >= 2;
      const onScreen = r.width >= 4 && r.height >= 4 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
      const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1), y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      const covered = !!hit && hit !== e && !e.contains(hit) && !hit.contains(e) && !(e.matches("input") && hit.closest("label")?.contains(e));
      return { again, name, ok: outline && onScreen && !covered, why: [!outline && `no outline (${st.outlineStyle} ${st.outlineWidth}${e.matches(":focus") ? " focused" : ""}${e.matches(":focus-visible") ? " visible" : ""})`, !onScreen && `off screen ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`, covered && `under ${hit?.tagName.toLowerCase()}.${hit?.className}`].filter(Boolean).join(", ") };
    });
    if (!s) continue;
    if (s.again) break;
    stops.push(s.name);
    if (!s.ok) unseen.push(`${s.name}: ${s.why}`);
  }
  return { stops, unseen };
}
