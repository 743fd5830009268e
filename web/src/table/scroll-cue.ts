/**
 * A box that scrolls inside (the felt) says so: this marks it with `data-more-above` and
 * `data-more-below` while there is more to see that way, and board.css shows the button under it
 * (Board.tsx: "More of the table: show it all"), gone once everything is in view.
 */
import { useLayoutEffect } from "preact/hooks";

export function useScrollCue(ref: { readonly current: HTMLElement | null }): void {
  const mark = () => {
    const el = ref.current;
    if (!el) return;
    el.toggleAttribute("data-more-above", el.scrollTop > 1);
    el.toggleAttribute("data-more-below", el.scrollTop + el.clientHeight < el.scrollHeight - 1);
  };
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // the box or what it holds changes size (a new discard, a turned phone): look again
    const seen = new ResizeObserver(mark);
    seen.observe(el);
    for (const child of el.children) seen.observe(child);
    el.addEventListener("scroll", mark, { passive: true });
    return () => {
      seen.disconnect();
      el.removeEventListener("scroll", mark);
    };
  }, []);
  // and after every drawing of the table
  useLayoutEffect(mark);
}
