/**
 * On a phone the felt (the others' discards) gets the room that is left on the screen once the
 * status, your racks and the first of your choices are placed, never less than its stylesheet's
 * floor (a first line; Royale's row of chips): a long
 * list of choices or the tools under them no longer squeeze it to one line (they may go below the
 * fold instead). It is no taller than what it holds; past that room it scrolls inside.
 */
import { useLayoutEffect } from "preact/hooks";

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

export function useFeltRoom(board: { readonly current: HTMLElement | null }, felt: { readonly current: HTMLElement | null }): void {
  useLayoutEffect(() => {
    const b = board.current, f = felt.current;
    if (!b || !f) return;
    const phone = matchMedia(PHONE);
    let frame = 0;
    const fit = () => {
      frame = 0;
      if (!phone.matches || f.classList.contains("felt-open")) {
        f.style.minHeight = "";
        return;
      }
      const gap = parseFloat(getComputedStyle(b).rowGap) || 0;
      let used = b.getBoundingClientRect().top + window.scrollY;
      for (const k of b.children as HTMLCollectionOf<HTMLElement>) {
        if (k === f || k.classList.contains("board-tools") || !k.offsetHeight) continue;
        used += (k.matches("section.actions, .am-charleston-wrap, .actions") ? peekOf(k) : k.offsetHeight) + gap;
      }
      // the stylesheet's own floor (its first line; Royale's row of chips), read without our figure
      f.style.minHeight = "";
      const cs = getComputedStyle(f);
      const floor = parseFloat(cs.minHeight) || 0;
      const frameH = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom) + parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth);
      let content = frameH;
      for (const k of f.children as HTMLCollectionOf<HTMLElement>) content += k.offsetHeight;
      const room = window.innerHeight - used - gap;
      f.style.minHeight = `${Math.round(Math.max(floor, Math.min(content, room)))}px`;
    };
    const later = () => void (frame ||= requestAnimationFrame(fit));
    fit();
    const seen = new ResizeObserver(later);
    for (const k of b.children) if (k !== f) seen.observe(k);
    for (const k of f.children) seen.observe(k);
    // parts come and go (the action area's buttons, a felt's boxes): look again
    const changed = new MutationObserver(() => {
      seen.disconnect();
      for (const k of b.children) if (k !== f) seen.observe(k);
      for (const k of f.children) seen.observe(k);
      later();
    });
    changed.observe(b, { childList: true });
    changed.observe(f, { childList: true, attributeFilter: ["class"] });
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
