/**
 * What the felt's measure (./felt-room.ts) does once the tiles are drawn: a height that ends after a
 * whole line, so that what scrolls out of sight inside it is never a line cut in half ("Nothi…"), and
 * the focus kept on screen. A module of its own, loaded after the tiles: the first turn's script
 * stays within its budget (test/web/page-budget.test.ts).
 */

/** felt-room.ts's phone: narrower than the desktop grid (styles.css). */
const PHONE = "(max-width: 899px)";

/**
 * The lines inside the felt (a line of words, a tile, an opponent's box: `box`), measured from the
 * top of the felt's scrolled content: their ends are the heights at which the felt may end without
 * cutting one in half ("Nothi…").
 */
function lineRects(f: HTMLElement, framed = false): { top: number; bottom: number; box: boolean }[] {
  const top = f.getBoundingClientRect().top - f.scrollTop;
  const lines: { top: number; bottom: number; box: boolean }[] = [];
  const add = (r: DOMRect | undefined, box = false) => {
    if (r && r.height > 0) lines.push({ top: r.top - top, bottom: r.bottom - top, box });
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
      // a tile, an image, a box: its whole frame is a line's end (`framed`: whatever has a frame, a tile, a
      // group of tiles, a tag, is a line as tall as its frame, not only its words)
      if (!el.firstElementChild || el.classList.contains("opponent") || (framed && el.clientTop > 0)) add(el.getBoundingClientRect(), el.classList.contains("opponent"));
    }
  }
  return lines;
}

const lineEnds = (f: HTMLElement): number[] => lineRects(f).map((l) => l.bottom).sort((a, b) => a - b);

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

/**
 * A desktop's felt (its share of the screen, styles.css) that does not hold all it has: it ends after a
 * whole line, and the button under it that says there is more (board.css) fits in that share too, so
 * your racks stay where they were (on screen with a claim open, test/web/table-layout.test.ts).
 * `open`: shown whole at the player's request. On a phone (./felt-room.ts fits it) it only takes its
 * figures away (a tablet turned from a desktop's width).
 */
export function deskFit(f: HTMLElement, open: boolean): void {
  f.style.minHeight = f.style.maxHeight = "";
  if (open || matchMedia(PHONE).matches || f.scrollHeight <= f.clientHeight + 1) return;
  const cs = getComputedStyle(f);
  const pad = parseFloat(cs.paddingBottom);
  const frame = pad + parseFloat(cs.borderBottomWidth);
  const cue = f.nextElementSibling as HTMLElement;
  const height = f.offsetHeight - (parseFloat(getComputedStyle(cue).minHeight) || 0) - (parseFloat(getComputedStyle(f.parentElement!).rowGap) || 0);
  // the others side by side (three or four players): an end that cuts no line in any of them; where their
  // lines are staggered so that only a low one would (under the felt's floor), the last line's end in any
  // of them, as on a phone
  const lines = lineRects(f, true);
  let end = 0;
  for (const { bottom } of lines) {
    if (bottom > height - frame + 0.5 || bottom <= end) continue;
    if (!lines.some((l) => !l.box && l.top < bottom - 0.5 && l.bottom > bottom + 0.5)) end = bottom;
  }
  // the bottom padding no deeper than the gap before the next line: none of it shows there (nor the
  // last discard's red ring, drawn 3px outside its tile)
  const next = Math.max(0, Math.min(pad, ...lines.filter((l) => !l.box && l.top >= end - 0.5 && l.bottom > end + 0.5).map((l) => l.top - end - 3)));
  const fit = end + next + frame - pad;
  f.style.maxHeight = `${fit >= parseFloat(cs.minHeight) ? Math.floor(fit) : wholeLinesHeight(f, height)}px`;
}

/** The felt's new height moved what has the focus (the turn's decision, a tile; keyboard play) off the screen: bring it back. */
export function keepFocus(b: HTMLElement, f: HTMLElement): void {
  const a = document.activeElement as HTMLElement | null;
  if (!a || !b.contains(a) || f.contains(a)) return;
  const r = a.getBoundingClientRect();
  if (r.height > 0 && (r.bottom > window.innerHeight || r.top < 0)) a.scrollIntoView({ block: "nearest" });
}
