import { useEffect, useState } from "preact/hooks";
import type { ComponentType } from "preact";

/** Code-split a page: the game page stays small; rules, card, replay and settings load on demand. */
export function lazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let cached: ComponentType<P> | null = null;
  return function Lazy(props: P) {
    const [C, setC] = useState<ComponentType<P> | null>(() => cached);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (C) return;
      load().then(
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
    if (!C) return <p class="loading" aria-busy="true">Loading…</p>;
    return <C {...props} />;
  };
}

/** `lazy` for a named export: `lazyPart(() => import("./Parts"), "Part")` behaves as `Part`, loaded on first use. */
export function lazyPart<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, key: K): M[K] {
  return lazy<any>(() => load().then((m): { default: ComponentType<any> } => ({ default: m[key] }))) as unknown as M[K];
}
