/* Service worker: keeps the app shell for offline start, and imports the push handlers. */
try {
  importScripts("/sw-push.js");
} catch (e) {
  // Push handlers are optional: the shell still works without them.
}

const SHELL = "shell-v1";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((c) => c.addAll(["/", "/manifest.webmanifest", "/icon.svg", "/icon-32.png"])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== SHELL).map((k) => caches.delete(k)))).then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  // The API and dev pages are always live; never answer them from a cache.
  if (url.origin !== location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/dev/")) return;
  if (req.mode === "navigate") {
    // Pages: network first (fresh code after a deploy), the cached shell when offline.
    event.respondWith(
      fetch(req)
        .then((res) => {
          // not a page that is one player's own (a game's page with their table drawn in: no-store), only the shell
          if (res.ok && !/no-store/.test(res.headers.get("cache-control") || "")) caches.open(SHELL).then((c) => c.put("/", res.clone()));
          return res;
        })
        .catch(() => caches.match("/")),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    // Hashed file names never change content: cache first.
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ||
          fetch(req).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              caches.open(SHELL).then((c) => c.put(req, copy));
            }
            return res;
          }),
      ),
    );
  }
});
