/**
 * What the felt's measure (./felt-room.ts) does once the tiles are drawn: a height that ends after a
 * whole line, so that what scrolls out of sight inside it is never a line cut in half ("Nothi…"), and
 * the focus kept on screen. A module of its own, loaded after the tiles: the first turn's script
 * stays within its budget (test/web/page-budget.test.ts).
 */

/**
 * Where the lines inside the felt end (a line of words, a row of tiles, a box's frame), measured
 * from the top of the felt's scrolled content: the heights at which the felt may end without
 * cutting one in half ("Nothi…").
 */
function lineEnds(f: HTMLElement): number[] {
  const top = f.getBoundingClientRect().top - f.scrollTop;
  const ends: number[] = [];
  const add = (r: DOMRect | undefined) => {
    if (r && r.height > 0) ends.push(r.bottom - top);
  };
  const walk = document.createTreeWalker(f, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  const range = document.createRange();
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) {
      if (!n.textContent?.trim()) continue;
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) add(r);
    } else if (n !== f) {
      const el = n as HTMLElement;
      // a tile, an image, a box: its whole frame is a line's end
      if (!el.firstElementChild || el.classList.contains("opponent")) add(el.getBoundingClientRect());
    }
  }
  return ends.sort((a, b) => a - b);
}

/**
 * The felt's height at most `height` (its outer height, from what the room allows) that ends
 * after a whole line inside it: the last line ending above, or the first line's end when even
 * that does not fit (the first line is always whole).
 */
export function wholeLinesHeight(f: HTMLElement, height: number): number {
  const cs = getComputedStyle(f);
  const frame = parseFloat(cs.paddingBottom) + parseFloat(cs.borderBottomWidth);
  const ends = lineEnds(f);
  if (!ends.length) return height;
  const room = height - frame;
  let end = ends[0]!;
  for (const e of ends) if (e <= room + 0.5) end = Math.max(end, e);
  return Math.ceil(end + frame);
}

/** The felt's new height moved what has the focus (the turn's decision, a tile; keyboard play) off the screen: bring it back. */
export function keepFocus(b: HTMLElement, f: HTMLElement): void {
  const a = document.activeElement as HTMLElement | null;
  if (!a || !b.contains(a) || f.contains(a)) return;
  const r = a.getBoundingClientRect();
  if (r.height > 0 && (r.bottom > window.innerHeight || r.top < 0)) a.scrollIntoView({ block: "nearest" });
}
