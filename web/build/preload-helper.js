// The web build's helper behind every lazy import (vite.config.ts puts it in place of Vite's own,
// which is three times its size and sits in the game page's first script): before a lazy chunk
// runs, the chunks it imports are preloaded in parallel and its style sheets loaded, once each
// (those web/public/early.js has started are waited for, not asked again).
// A style sheet that fails to load fails the import (web/src/lazy.tsx then reloads the page once).
const seen = {};
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps || []).map((dep) => {
      const href = "/" + dep;
      if (!(href in seen)) {
        const css = href.endsWith(".css");
        // a game's table, its style sheet among them, may be under way already (web/public/early.js)
        const early = document.querySelector(`link[href="${href}"]`);
        if (early) {
          seen[href] = css && !early.sheet ? new Promise((ok, fail) => ((early.onload = ok), (early.onerror = () => fail(new Error(`Unable to preload CSS for ${href}`))))) : 0;
          return seen[href];
        }
        const link = document.createElement("link");
        link.rel = css ? "stylesheet" : "modulepreload";
        link.crossOrigin = "";
        link.href = href;
        seen[href] = css ? new Promise((ok, fail) => ((link.onload = ok), (link.onerror = () => fail(new Error(`Unable to preload CSS for ${href}`))))) : 0;
        document.head.append(link);
      }
      return seen[href];
    }),
  ).then(load);
