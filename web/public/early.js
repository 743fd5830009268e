// The first answers a page needs (who is signed in; on a game page, the game) are asked for now,
// while the app's code downloads, not after it has run: web/src/early.ts hands them to the app.
// A file of its own, not inline: the Content-Security-Policy (web/public/_headers) runs scripts
// from the site only.
(function () {
  var early = (window.__early = {});
  var ask = function (path) {
    early[path] = fetch(path, { credentials: "same-origin" });
    early[path].catch(function () {});
  };
  var game = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
  var json = function (body) {
    return new Response(body, { headers: { "content-type": "application/json; charset=UTF-8" } });
  };
  // ?optional: signed out is an answer (null), not a 401 the browser would log as an error. On a game
  // page the game's answer brings who is signed in (?me): one request, not two (or, should the game
  // refuse, the question on its own).
  if (!game) ask("/api/me?optional");
  // Each ruleset's table, its scripts and style sheets, and under "*" the other pages' script (the
  // build writes them in: vite.config.ts, web/src/rulesets/table-modules.ts): once the game's answer
  // says its ruleset, or at once on any other page, they download beside the first script rather
  // than after it has run.
  var scripts = {} /* tables */;
  var preload = function (list) {
    (list ? list.split(" ") : []).forEach(function (file) {
      var link = document.createElement("link");
      link.rel = /\.css$/.test(file) ? "stylesheet" : "modulepreload";
      link.crossOrigin = "";
      link.href = "/assets/" + file;
      document.head.append(link);
    });
  };
  if (!game) return preload(scripts["*"]);
  // The worker may have drawn the player's table into the page (#ssr, worker/web/game-page.tsx). It leaves the page once
  // the app has drawn its own table, or once web/src/styles.css hides it (the app has drawn a page with nothing "Loading…"
  // in it), in the same task as the app's drawing (before a frame is painted): no second copy of the table stays behind.
  var taken = new MutationObserver(function () {
    var ssr = document.getElementById("ssr");
    if (!ssr || !document.querySelector("#app .table") && !(document.querySelector("#app > *") && getComputedStyle(ssr).display == "none")) return;
    taken.disconnect();
    ssr.remove();
  });
  taken.observe(document, { childList: true, subtree: true });
  var path = "/api/games/" + game[1];
  early[path] = fetch(path + "?me", { credentials: "same-origin" });
  var alone = function () {
    return fetch("/api/me?optional", { credentials: "same-origin" });
  };
  early["/api/me?optional"] = early[path].then(function (r) {
    if (r.status === 401) return json("null");
    if (!r.ok) return alone();
    return r
      .clone()
      .json()
      .then(function (g) {
        return g && g.me ? json(JSON.stringify(g.me)) : alone();
      }, alone);
  }, alone);
  early[path].catch(function () {});
  early["/api/me?optional"].catch(function () {});
  early[path]
    .then(function (r) {
      return r.ok ? r.clone().json() : null;
    })
    .then(function (g) {
      if (g && Object.prototype.hasOwnProperty.call(scripts, g.ruleset)) preload(scripts[g.ruleset]);
    })
    .catch(function () {});
})();
