/**
 * Playing a table with the keyboard alone, the same at every table (they share the board's parts:
 * table/Board.tsx). When you must decide, focus is already on the decision: the element marked
 * `data-decision` (Draw; Pass in a claim window), a choice waiting for your yes, else your tile just
 * drawn, else your first tile (on a rack still in play: a declared one has none, and the button that
 * opens it is passed over). Arrow keys move among your tiles and racks (left and right along them,
 * up and down a row, on into the buttons of your move), Enter or Space selects, and a letter presses
 * the button that carries it in `aria-keyshortcuts` (D discard, P pass, M Mah Jongg, C claim,
 * Escape cancel): one such button is pressed, several are offered by moving focus to the first.
 * Focus never drops to the page when a button it was on goes away, and stays on its tile when the racks
 * change under it (sorted, the tile moved to another rack, a tile drawn before it).
 */
import { useEffect, useRef } from "preact/hooks";
import { say } from "./voice";

const MINE = ".board > .mine";
const MOVES = ".board > .actions, .board > .am-charleston-wrap";
const TYPING = "input, textarea, select, [contenteditable='true']";
/** Said when a key has nothing to do. */
const NOTHING: Record<string, string> = { D: "Nothing to discard: select a tile with Enter first.", P: "Nothing to pass now.", M: "No Mah Jongg to declare now.", C: "Nothing to claim now." };

const shown = (el: Element) => el.getClientRects().length > 0 && !(el as HTMLButtonElement).disabled;
const all = (sel: string) => [...document.querySelectorAll<HTMLElement>(sel)].filter(shown);
const tiles = () => all(`${MINE} button.tile, ${MINE} button.rack-fold`);
const moves = () => all([...MOVES.split(", ")].map((m) => `${m} button, ${m} select, ${m} a[href]`).join(", "));

/** The result at the end of a game: the end screen's line (who won, your points), else the game-over sheet. */
const result = () => document.querySelector<HTMLElement>(".outcome") ?? document.querySelector<HTMLElement>(".game-over, .cm-over");

/** What you decide on now, if it is on the page (null also while it waits for the last move's answer). */
export function decisionTarget(): HTMLElement | null {
  const el = [".board .confirm button.primary", ".board [data-decision]"].map((s) => document.querySelector<HTMLElement>(s)).find((e) => e && e.getClientRects().length);
  if (el) return (el as HTMLButtonElement).disabled ? null : el;
  // a tile (the decision is a discard), before the buttons that open a folded rack (Royale on a phone); of
  // those, never one of a rack with no tiles left (declared: it takes no more, nothing on it to choose)
  const mine = tiles();
  return all(`${MINE} button.tile.fresh`)[0] ?? mine.find((e) => e.matches(".tile")) ?? mine.find((e) => e.querySelector(".rack-count")) ?? moves()[0] ?? null;
}

let byKeyboard = false;
function focusOn(el: HTMLElement) {
  el.focus({ preventScroll: true });
  if (byKeyboard) el.scrollIntoView({ block: "nearest" });
}

/** The nearest item in the next row up or down (rows by position: racks, wrapped lines, the buttons below). */
function nextRow(from: HTMLElement, items: HTMLElement[], down: boolean): HTMLElement | undefined {
  const r = from.getBoundingClientRect();
  const cx = r.left + r.width / 2;
  let best: HTMLElement | undefined, bestRow = Infinity, bestDx = Infinity;
  for (const el of items) {
    if (el === from) continue;
    const o = el.getBoundingClientRect();
    const gap = down ? o.top - r.bottom : r.top - o.bottom;
    if (gap < -8) continue;
    const row = Math.round(gap / 12);
    const dx = Math.abs(o.left + o.width / 2 - cx);
    if (row < bestRow || (row === bestRow && dx < bestDx)) (best = el), (bestRow = row), (bestDx = dx);
  }
  return best;
}

function arrow(e: KeyboardEvent, at: HTMLElement) {
  const mine = tiles(), buttons = moves();
  const list = mine.includes(at) ? mine : buttons.includes(at) ? buttons : null;
  let next: HTMLElement | undefined;
  if (!list) {
    // nowhere on the table yet (the page itself): the first arrow goes to the decision
    if (at !== document.body && at !== document.documentElement) return;
    next = decisionTarget() ?? undefined;
  } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    const i = list.indexOf(at);
    next = list[(i + (e.key === "ArrowRight" ? 1 : list.length - 1)) % list.length];
  } else if (e.key === "Home" || e.key === "End") next = e.key === "Home" ? list[0] : list.at(-1);
  else next = nextRow(at, [...mine, ...buttons], e.key === "ArrowDown");
  if (!next) return;
  e.preventDefault();
  focusOn(next);
}

/**
 * Where focus is among your tiles or the buttons of your move: the element, what it is called and which of that name
 * it is (a tile by its words alone, without "selected", "just drawn" or the rack it is on), and its place.
 */
interface Spot { inMine: boolean; el: HTMLElement; name: string; nth: number; index: number }
const nameOf = (el: HTMLElement) => {
  const words = el.getAttribute("aria-label") ?? el.textContent ?? "";
  return el.matches(".tile") ? words.split(", ")[0]! : words;
};
function spotOf(el: HTMLElement): Spot | null {
  const mine = tiles();
  const inMine = mine.includes(el);
  const list = inMine ? mine : moves();
  const index = list.indexOf(el);
  if (index < 0) return null;
  const name = nameOf(el);
  return { inMine, el, name, nth: list.slice(0, index).filter((e) => nameOf(e) === name).length, index };
}
/** The same tile or button again: its element if it is still on the table, else the one of its name at its turn among them; else the nearest place. */
function backTo(at: Spot): HTMLElement | undefined {
  const list = at.inMine ? tiles() : moves();
  if (list.includes(at.el) && nameOf(at.el) === at.name) return at.el;
  return list.filter((e) => nameOf(e) === at.name)[at.nth] ?? list[Math.min(at.index, list.length - 1)];
}

const afterDrawing = (f: () => void) => requestAnimationFrame(() => requestAnimationFrame(f));

function press(key: string, tries = 30) {
  const sel = `.board [aria-keyshortcuts~="${key}"]`;
  const els = all(sel);
  // its button is there but waits for the last move's answer: pressed once it comes
  if (!els.length && tries && [...document.querySelectorAll(sel)].some((e) => e.getClientRects().length)) return void setTimeout(() => press(key, tries - 1), 100);
  if (!els.length) return say(NOTHING[key]!);
  if (els.length > 1) return focusOn(els[0]!);
  const el = els[0]!;
  const opens = el.getAttribute("aria-expanded") === "false";
  el.click();
  // a folded list of choices (the claims of a discard) opened: on to its first choice
  if (opens) afterDrawing(() => { const first = all(`.board [aria-keyshortcuts~="${key}"]`).find((x) => x !== el); if (first) focusOn(first); });
}

/**
 * The keys of the table. `decision` changes whenever a new decision is asked of you (null: none);
 * `onType` opens the command line (T or /).
 */
export function useKeyboardPlay(decision: string | null, onType: () => void) {
  const want = useRef(false);
  const settle = useRef<() => void>(() => {});
  const typeRef = useRef(onType);
  typeRef.current = onType;

  useEffect(() => {
    // where focus was on the table, to put it back on the same tile or button when its element goes away
    let last: Spot | null = null;
    // the table was drawn on this page (an ended game opened later takes no focus); the result focus was
    // put on at the end, while a better one may still be loading
    let hadTable = false;
    let atEnd: HTMLElement | null = null;
    const dropped = (a: Element | null) => !a || a === document.body || !a.isConnected;
    const onFocus = (e: FocusEvent) => {
      const t = e.target as HTMLElement;
      last = spotOf(t);
      // on the decision already (the command line put it there as it closed): nothing left to move
      if (want.current && t === decisionTarget()) want.current = false;
    };
    // never taken from a box the player is typing in, nor from a dialog over the table
    const busy = () => !!(document.activeElement?.closest(TYPING) || document.querySelector(".atomic-picker"));
    settle.current = () => {
      const a = document.activeElement;
      if (!hadTable && document.querySelector(".board")) hadTable = true;
      if (want.current) {
        const d = decisionTarget();
        if (!d || busy()) return;
        want.current = false;
        focusOn(d);
      } else if (hadTable && !document.querySelector(".board") && (dropped(a) || a === atEnd)) {
        // the table gone at the end, with the focus on it (a tile, a button, the yes of a Mah Jongg): the
        // result takes the focus, the end screen's first line (who won, your points) before the sheet below
        // it. Both are loaded when the game ends, so they come after the table has gone: focus waits for
        // them, and moves up to the line if the sheet came first.
        const over = result();
        if (!over || over === a) return;
        over.tabIndex = -1;
        focusOn(over);
        atEnd = over;
        last = null;
      } else if (last && dropped(a)) {
        // a choice to confirm takes the place of the button that asked it; else the same tile or button, drawn anew
        // (a tile moved to another rack) or moved (the racks sorted, a tile drawn before it), and only if it is gone
        // the one now nearest its place: never another tile where it was, which Enter would select instead
        const to = all(".board .confirm button.primary")[0] ?? backTo(last) ?? decisionTarget();
        if (to) focusOn(to);
        last = null;
      }
    };
    const onKey = (e: KeyboardEvent) => {
      byKeyboard = true;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || !document.querySelector(".board") || busy()) return;
      const at = (document.activeElement ?? document.body) as HTMLElement;
      const key = e.key.length === 1 ? e.key.toUpperCase() : e.key;
      // the player has taken the table in hand: the decision's pending focus must not pull it back
      // afterwards (C pressed on Pass went to the claim, then a late settle put it on Pass again)
      if (key !== "Shift") want.current = false;
      if (key.startsWith("Arrow") || key === "Home" || key === "End") return arrow(e, at);
      if (e.repeat) return;
      if (key === "T" || key === "/") {
        e.preventDefault();
        typeRef.current();
      } else if (key === "Escape") {
        all(`.board [aria-keyshortcuts~="Escape"]`)[0]?.click();
      } else if (key.length === 1 && "DPMC".includes(key)) {
        e.preventDefault();
        press(key);
      }
    };
    const onPointer = (e: PointerEvent) => {
      byKeyboard = false;
      if (!(e.target as Element).closest?.(".board")) last = null;
    };
    const watch = new MutationObserver(() => settle.current());
    watch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer, true);
    document.addEventListener("focusin", onFocus);
    return () => {
      watch.disconnect();
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer, true);
      document.removeEventListener("focusin", onFocus);
    };
  }, []);

  useEffect(() => {
    want.current = decision !== null;
    if (want.current) afterDrawing(() => settle.current());
  }, [decision]);
}
