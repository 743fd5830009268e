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

/** Early answers already read, by path: what the first drawing of the page uses. */
const read = new Map<string, unknown>();

/**
 * Waits, at most `ms`, for the early answers to `paths` and reads those that came back ok, so the
 * page can draw from them at once (a game page draws the table itself first, not "Loading…" twice
 * on the way to it). An answer that has not come in by then stays with early() for the usual path.
 */
export function settle(paths: string[], ms: number): Promise<void> {
  let waiting = true;
  const all = paths.map((path) =>
    window.__early?.[path]
      ?.then((r) => (r.ok ? r.clone().json() : undefined))
      .then((body) => {
        if (!waiting || body === undefined || performance.now() >= FRESH_MS) return;
        read.set(path, body);
        delete window.__early![path];
      }, () => {}),
  );
  return Promise.race([Promise.all(all), new Promise((done) => setTimeout(done, ms))]).then(() => void (waiting = false));
}

/** The early answer to `path` that settle() read, handed out once (undefined when none). */
export function settled<T>(path: string): T | undefined {
  const body = read.get(path) as T | undefined;
  read.delete(path);
  return body;
}
