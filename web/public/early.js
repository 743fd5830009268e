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
  // ?optional: signed out is an answer (null), not a 401 the browser would log as an error
  ask("/api/me?optional");
  var game = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
  if (game) ask("/api/games/" + game[1]);
})();
