/**
 * The web build's stand-in for worker/engine/card/best-found.ts (vite.config.ts resolves the card
 * matcher's import of it here): the four-rack search only Royale's hints use, loaded the first
 * time it is asked for instead of with every Siamese game page. Until it has arrived it answers
 * "nothing found" (null, as when no line fits), and `onBestFound` tells the hints to work again.
 */
import type { bestHandsFound as Search } from "../../../worker/engine/card/best-found";

let search: typeof Search | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();

export const bestHandsFound: typeof Search = (...args) => {
  if (search) return search(...args);
  loading ??= import("../../../worker/engine/card/best-found").then((m) => {
    search = m.bestHandsFound;
    for (const f of waiting) f();
    waiting.clear();
  });
  return null;
};

/** Calls `f` once the search has arrived (at once when it already has); returns a way to stop waiting. */
export function onBestFound(f: () => void): () => void {
  if (search) return void f(), () => {};
  waiting.add(f);
  return () => waiting.delete(f);
}
