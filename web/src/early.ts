/**
 * The first requests of a page load, started by a few lines in index.html before the app's code has
 * even downloaded (who is signed in, and on a game page the game itself), so that they travel in
 * parallel with the scripts instead of one after the other. Each is handed out once: later calls
 * go to the network as usual.
 */
declare global {
  interface Window {
    __early?: Record<string, Promise<Response>>;
  }
}

/** An answer older than this (the page was opened a while ago: a detour by the welcome page, say) is not used. */
const FRESH_MS = 10_000;

export function early(path: string): Promise<Response> | undefined {
  const started = window.__early?.[path];
  if (started) delete window.__early![path];
  return started && performance.now() < FRESH_MS ? started : undefined;
}
