import { useEffect, useState } from "preact/hooks";
import type { ComponentType } from "preact";

/** Code-split a page: the game page stays small; rules, card, replay and settings load on demand. */
export function lazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, quiet = false): Lazy<P> {
  let cached: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const once = () => (loading ??= load().then((m) => ((cached = m.default), m)).finally(() => !cached && (loading = null)));
  function Lazy(props: P) {
    const [C, setC] = useState<ComponentType<P> | null>(() => cached);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (C) return;
      once().then(
        (m) => {
          sessionStorage.removeItem(`reloaded:${location.pathname}`);
          setC(() => (cached = m.default));
        },
        () => {
          // After a new version is deployed the old page asks for files that no longer exist:
          // load the new version once; if that fails too, say so.
          const key = `reloaded:${location.pathname}`;
          if (navigator.onLine && !sessionStorage.getItem(key)) {
            sessionStorage.setItem(key, "1");
            location.reload();
          } else setFailed(true);
        },
      );
    }, []);
    if (failed)
      return (
        <p class="notice">
          This page could not load. Check your connection and <button type="button" onClick={() => location.reload()}>try again</button>
        </p>
      );
    if (!C) return quiet ? null : <p class="loading" aria-busy="true">Loading…</p>;
    return <C {...props} />;
  }
  // Loaded before its first drawing (the game page's table, once the game says which): drawn at once then.
  Lazy.load = () => once().then(() => {});
  return Lazy;
}

/** A component loaded on first use; `load()` fetches it beforehand, so that its first drawing is the real one. */
export type Lazy<P> = ComponentType<P> & { load: () => Promise<void> };

/** `lazy` for a named export: `lazyPart(() => import("./Parts"), "Part")` behaves as `Part`, loaded on first use. */
export function lazyPart<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, key: K, quiet = false): M[K] {
  return lazy<any>(() => load().then((m): { default: ComponentType<any> } => ({ default: m[key] })), quiet) as unknown as M[K];
}

/**
 * What a first turn does not need waits until the player's tiles are on screen: `afterTiles`
 * resolves once the game page has drawn its first tile and the frame is painted (`watchTiles`,
 * called as the app starts), at once on any other page, and in any case after TILES_WAIT_MS. Parts
 * made with `later`/`laterPart` (web/src/game/parts.ts) only start loading then, so that neither
 * their download nor their parsing competes with the tiles on a phone.
 */
let drawn: () => void = () => {};
export const afterTiles = new Promise<void>((resolve) => (drawn = resolve));
/** A game page whose tiles never come (an error, a lost connection) lets the rest load after this long. */
const TILES_WAIT_MS = 4000;

/** The page shows no tiles (another page, a game not dealt or over): what waits for them may load. */
export const noTiles = () => drawn();

/** On a game page, `afterTiles` resolves once a tile is drawn; on any other page at once. */
export function watchTiles(gamePage: boolean) {
  if (!gamePage) return noTiles();
  const painted = () => requestAnimationFrame(() => setTimeout(drawn, 0));
  // the app's own tiles (#app), not the ones the worker drew into the page before it (worker/web/game-page.tsx)
  const seen = () => document.querySelector("#app .tile") !== null;
  if (seen()) return painted();
  const watch = new MutationObserver(() => {
    if (!seen()) return;
    watch.disconnect();
    painted();
  });
  watch.observe(document.body, { childList: true, subtree: true });
  setTimeout(drawn, TILES_WAIT_MS);
}

/** `lazy`, loading only once the tiles are on screen; nothing stands in its place meanwhile (no "Loading…" pushing the table down). */
export const later = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => lazy<P>(() => afterTiles.then(() => load()), true);

/** `lazyPart`, loading only once the tiles are on screen, in silence as `later`. */
export const laterPart = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, key: K): M[K] => lazyPart(() => afterTiles.then(() => load()), key, true);
