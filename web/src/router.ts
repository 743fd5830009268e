import { useEffect, useState } from "preact/hooks";

/** Path routing over the History API; the worker's SPA fallback serves index.html for every page. */
export type Route =
  | { page: "lobby" }
  | { page: "signin" }
  | { page: "welcome" }
  | { page: "new" }
  | { page: "invite"; id: string }
  | { page: "game"; id: string }
  | { page: "replay"; id: string }
  | { page: "review"; id: string }
  | { page: "card" }
  | { page: "cards"; id?: string }
  | { page: "calculator" }
  | { page: "rules"; part?: string }
  | { page: "settings" }
  | { page: "leagues" }
  | { page: "league"; id: string }
  | { page: "league-join"; id: string }
  | { page: "player"; id: string }
  | { page: "leaderboard" }
  | { page: "account-delete" }
  | { page: "notfound" };

export function parseRoute(path: string): Route {
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const [a, b] = parts;
  // Home is your games; /games is the same page (a mail about several games leads there).
  if (!a || (a === "games" && parts.length === 1)) return { page: "lobby" };
  if (parts.length === 1 && (a === "signin" || a === "welcome" || a === "new" || a === "card" || a === "rules" || a === "settings" || a === "calculator"))
    return { page: a };
  if (b && parts.length === 2 && (a === "invite" || a === "game" || a === "replay" || a === "review")) return { page: a, id: b };
  if (a === "cards" && parts.length <= 2) return b ? { page: "cards", id: b } : { page: "cards" };
  if (a === "rules" && b && parts.length === 2) return { page: "rules", part: b };
  if (a === "players" && b && parts.length === 2) return { page: "player", id: b };
  if (a === "leaderboard" && parts.length === 1) return { page: "leaderboard" };
  if (a === "account" && b === "delete" && parts.length === 2) return { page: "account-delete" };
  if (a === "leagues" && parts.length === 1) return { page: "leagues" };
  if (a === "leagues" && b && parts.length === 2) return { page: "league", id: b };
  if (a === "leagues" && b && parts[2] === "join" && parts.length === 3) return { page: "league-join", id: b };
  // The invitation link the service mails and shows: /games/:id/join?invite=…
  if (a === "games" && b && parts[2] === "join" && parts.length === 3) return { page: "invite", id: b };
  return { page: "notfound" };
}

export function navigate(path: string, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
  scrollTo(0, 0);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.pathname));
    addEventListener("popstate", on);
    return () => removeEventListener("popstate", on);
  }, []);
  return route;
}

/** Links are plain anchors; a click stays in the app. */
export function onLinkClick(e: MouseEvent) {
  const a = (e.target as Element).closest?.("a");
  if (!a || a.target || a.origin !== location.origin || e.metaKey || e.ctrlKey || e.shiftKey) return;
  if (a.pathname.startsWith("/api/") || a.pathname.startsWith("/dev/")) return;
  // A link to a place on this same page ("#start") is the browser's to follow.
  if (a.hash && a.pathname === location.pathname && a.search === location.search) return;
  e.preventDefault();
  navigate(a.pathname + a.search);
}
