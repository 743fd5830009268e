// The first answers a page needs (who is signed in; on a game page, the game) are asked for now,
// while the app's code downloads, not after it has run: web/src/early.ts hands them to the app.
// A file of its own, not inline: the Content-Security-Policy (web/public/_headers) runs scripts
// from the site only.
(function () {
  var early = (window.__early = {});
  // (fetch sends the site's own cookies by default: credentials "same-origin")
  var ask = function (path) {
    early[path] = fetch(path);
    early[path].catch(function () {});
  };
  var game = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
  // (an answer made here is read as text, as web/src/api.ts reads every answer: it needs no content-type)
  var json = function (body) {
    return new Response(body);
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
  // The worker may have written the game's answer into the page, before this script (#answer, worker/web/game-page.tsx):
  // the answer this request would get, already here.
  var given = document.getElementById("answer");
  early[path] = given ? Promise.resolve(json(given.text)) : fetch(path + "?me");
  var alone = function () {
    return fetch("/api/me?optional");
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
      // (a name that is no ruleset's finds nothing, or no list: preload then throws, and the catch below ends it)
      if (g) preload(scripts[g.ruleset]);
    })
    .catch(function () {});
})();
