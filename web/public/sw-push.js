/*
 * Web push handlers, imported by the app's service worker (sw.js: importScripts("/sw-push.js")).
 * A push carries only {title, body, url, tag}; the game itself is always loaded from the server.
 */

const APP_ICON = "/icon-192.png";

/** Only our own pages are opened from a notification. */
function sameOriginUrl(url) {
  try {
    const u = new URL(url || "/", self.location.origin);
    return u.origin === self.location.origin ? u.href : self.location.origin + "/";
  } catch (e) {
    return self.location.origin + "/";
  }
}

self.addEventListener("push", (event) => {
  let msg = {};
  try {
    msg = event.data ? event.data.json() : {};
  } catch (e) {
    msg = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof msg.title === "string" && msg.title ? msg.title : "Mah Jongg by post";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof msg.body === "string" ? msg.body : "Something happened in one of your games.",
      tag: typeof msg.tag === "string" ? msg.tag : undefined,
      // A newer message for the same game replaces the older one, and still alerts.
      renotify: typeof msg.tag === "string",
      icon: APP_ICON,
      badge: APP_ICON,
      data: { url: sameOriginUrl(msg.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      // Reuse a window already on that game, else any window of the app, else open one.
      const exact = windows.find((w) => w.url === url);
      if (exact) return exact.focus();
      const any = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (any && "navigate" in any) return any.focus().then((w) => (w || any).navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});

/* The browser replaced the subscription (keys rotated or expired): register the new one. */
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    fetch("/api/push/key")
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error("push is off"))))
      .then(({ key }) => {
        const raw = atob(key.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (key.length % 4)) % 4));
        return self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: Uint8Array.from(raw, (c) => c.charCodeAt(0)) });
      })
      .then((sub) => fetch("/api/push/subscribe", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(sub.toJSON()) }))
      .catch(() => {}),
  );
});
