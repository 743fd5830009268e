/**
 * On a phone the felt (the others' discards) gets the room that is left on the screen once the
 * status, your racks and the first of your choices are placed, never less than its stylesheet's
 * floor (a first line; Royale's row of chips): a long
 * list of choices or the tools under them no longer squeeze it to one line (they may go below the
 * fold instead). It is no taller than what it holds; past that room it scrolls inside.
 *
 * When you decide on a discard (the board is `.deciding`: draw or claim, a claim window) the felt
 * never scrolls: it is folded (`data-folded`: your own discards and the middle go, board.css) and,
 * if the others' discard rows still do not fit, each row keeps only its newest whole lines, the
 * same number of lines for every row, the oldest tiles marked `data-earlier` (hidden), the felt
 * `data-folded="earlier"`. `onEarlier` hears how many are hidden; the button under the felt then
 * says so and shows them all (with your own discards). With no discard of theirs folded it stays
 * away: your own discards wait for the turn's end (and are in the move list).
 */
import { useLayoutEffect } from "preact/hooks";
import { afterTiles } from "../lazy";

/** Wider than this the board is the desktop grid, where the felt has its own share (styles.css). */
const PHONE = "(max-width: 899px)";

/** How much of the action area must stay on screen: up to its second button (the usual choice and the next), or all of it. */
function peekOf(actions: HTMLElement): number {
  const buttons = actions.querySelectorAll<HTMLElement>("button");
  const top = actions.getBoundingClientRect().top;
  const second = buttons[1];
  const whole = actions.offsetHeight;
  return second ? Math.min(whole, second.getBoundingClientRect().bottom - top + 8) : whole;
}

/** The felt's height for what it holds (its frame and its children). */
function contentOf(f: HTMLElement): number {
  const cs = getComputedStyle(f);
  let h = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom) + parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth);
  for (const k of f.children as HTMLCollectionOf<HTMLElement>) h += k.offsetHeight;
  return h;
}

/** How many tiles one line of a discard row holds. */
function perLine(row: HTMLElement): number {
  const tile = (row.firstElementChild as HTMLElement | null)?.getBoundingClientRect().width ?? 0;
  const gap = parseFloat(getComputedStyle(row).columnGap) || 0;
  return tile > 0 ? Math.max(1, Math.floor((row.clientWidth + gap) / (tile + gap))) : Infinity;
}

/** Every discard row keeps its newest `lines` whole lines; returns how many tiles are hidden. */
function keepLines(rows: { row: HTMLElement; per: number }[], lines: number): number {
  let hidden = 0;
  for (const { row, per } of rows) {
    const tiles = row.children as HTMLCollectionOf<HTMLElement>;
    const drop = Math.max(0, tiles.length - lines * per);
    for (let i = 0; i < tiles.length; i++) {
      if (i < drop) tiles[i]!.dataset.earlier = "";
      else delete tiles[i]!.dataset.earlier;
    }
    hidden += drop;
  }
  return hidden;
}

/** Whole lines (./felt-lines.ts): loaded once the tiles are drawn; until then the felt keeps its plain room. */
let lines: typeof import("./felt-lines") | null = null;

export function useFeltRoom(board: { readonly current: HTMLElement | null }, felt: { readonly current: HTMLElement | null }, onEarlier?: (n: number) => void): void {
  useLayoutEffect(() => {
    const b = board.current, f = felt.current;
    if (!b || !f) return;
    const phone = matchMedia(PHONE);
    let frame = 0;
    let told = -1;
    const tell = (n: number) => {
      if (n !== told) onEarlier?.((told = n));
    };
    const fit = () => {
      frame = 0;
      const rows = [...f.querySelectorAll<HTMLElement>(".opponent .discard-row")];
      keepLines(rows.map((row) => ({ row, per: Infinity })), Infinity);
      const open = f.classList.contains("felt-open");
      const deciding = phone.matches && !open && b.classList.contains("deciding");
      if (deciding) f.dataset.folded = "";
      else delete f.dataset.folded;
      // a desktop's felt ends after a whole line, the button that says there is more under it (./felt-lines.ts)
      lines?.deskFit(f, open);
      if (!phone.matches || open) {
        f.style.minHeight = "";
        tell(0);
        return;
      }
      const gap = parseFloat(getComputedStyle(b).rowGap) || 0;
      let used = b.getBoundingClientRect().top + scrollY;
      for (const k of b.children as HTMLCollectionOf<HTMLElement>) {
        if (k === f || k.classList.contains("board-tools") || !k.offsetHeight) continue;
        used += (k.matches("section.actions, .am-charleston-wrap, .actions") ? peekOf(k) : k.offsetHeight) + gap;
      }
      // the stylesheet's own floor (its first line; Royale's row of chips), read without our figure
      f.style.minHeight = "";
      const floor = parseFloat(getComputedStyle(f).minHeight) || 0;
      const room = innerHeight - used - gap;
      let content = contentOf(f);
      let hidden = 0;
      let limit = room;
      if (deciding && content > room) {
        // the same number of newest whole lines for every row, as many as fit (one at least)
        const measured = rows.map((row) => ({ row, per: perLine(row) }));
        const most = Math.max(1, ...measured.map(({ row, per }) => Math.ceil(row.children.length / per)));
        for (let lines = most - 1; lines >= 1; lines--) {
          hidden = keepLines(measured, lines);
          if (hidden && f.dataset.folded !== "earlier") {
            // the button that says so shows under the felt: it takes its line from the felt's room
            f.dataset.folded = "earlier";
            const cue = f.nextElementSibling as HTMLElement | null;
            if (cue) limit -= cue.offsetHeight + gap + (parseFloat(getComputedStyle(cue).marginTop) || 0);
          }
          content = contentOf(f);
          if (content <= limit) break;
        }
      }
      let height = Math.max(floor, Math.min(content, deciding ? Math.max(content, room) : room));
      // past its room the felt scrolls inside: it ends after a whole line, not through one
      // (Royale's row of chips keeps its own fit: its boxes whole and the "more below" cue clear of them)
      if (height < content && lines && !b.classList.contains("chip-opponents")) height = lines.wholeLinesHeight(f, height);
      f.style.minHeight = `${Math.round(height)}px`;
      tell(hidden);
      lines?.keepFocus(b, f);
    };
    const later = () => void (frame ||= requestAnimationFrame(fit));
    fit();
    afterTiles.then(() => import("./felt-lines")).then((m) => ((lines = m), later()));
    const seen = new ResizeObserver(later);
    for (const k of b.children) if (k !== f) seen.observe(k);
    for (const k of f.children) seen.observe(k);
    // parts come and go (the action area's buttons, a felt's boxes, a new discard): look again
    const changed = new MutationObserver(() => {
      seen.disconnect();
      for (const k of b.children) if (k !== f) seen.observe(k);
      for (const k of f.children) seen.observe(k);
      later();
    });
    changed.observe(b, { childList: true, attributeFilter: ["class"] });
    changed.observe(f, { childList: true, subtree: true, attributeFilter: ["class"] });
    addEventListener("resize", later);
    phone.addEventListener("change", later);
    return () => {
      seen.disconnect();
      changed.disconnect();
      removeEventListener("resize", later);
      phone.removeEventListener("change", later);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
