import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import "./styles.css";
import { api, type Me } from "./api";
import { navigate, onLinkClick, parseRoute, useRoute } from "./router";
import { lazyPart, watchTiles } from "./lazy";
import { useOnline } from "./live";
import { GamePage } from "./pages/Game";
import { opened } from "./game/useGame";
import { loadTable } from "./game/tables";
import { loadNotes } from "./game/TableNotes";
import { adoptPrefs } from "./access/prefs";
import { SignInNotices } from "./signin/notices";

// The game page is the one a player opens most, from a mail or a notification: only its code is in
// the first script. Every other page is drawn by pages/Other.tsx, a chunk that web/public/early.js
// preloads beside this script on any other address; it starts loading the page it shows at once.
const loadOther = () => import("./pages/Other");
const first = parseRoute(location.pathname);
// What a game page's first turn does not need waits until its tiles are drawn (web/src/game/parts.ts).
watchTiles(first.page === "game");
if (first.page !== "game") void loadOther().catch(() => {});
const OtherPage = lazyPart(loadOther, "OtherPage");

// Who is signed in, and on a game page the game, read as the app starts (index.html asked for both),
// not after a first drawing: the page goes from "Loading…" straight to the table, with no drawing of
// the game page waiting for its game (nor that drawing's effects) in between.
const meAtStart = (
  first.page === "game"
    ? api.getGame(first.id).then(
        // its table's script too (web/public/early.js has had it under way since the game came in), and the notes above it if it has any
        (game) => Promise.all([loadTable((opened.game = game).ruleset), loadNotes(game)]).catch(() => {}),
        () => {},
      )
    : Promise.resolve()
)
  .then(api.me)
  .catch(() => null);

/** First visit: the service says so until the player has saved a name and time zone once. */
const firstVisit = (me: Me) => me.needsWelcome === true;

/** Where the player was going when they asked for a sign-in link (the link itself lands on "/"). */
function afterSignIn(): string | null {
  const next = localStorage.getItem("after-signin");
  localStorage.removeItem("after-signin");
  return next && next.startsWith("/") && !next.startsWith("/signin") && next !== "/" ? next : null;
}

function App() {
  const route = useRoute();
  const online = useOnline();
  const [me, setMe] = useState<Me | null | undefined>(undefined);

  const reloadMe = () => api.me().then(setMe, () => setMe(null));
  useEffect(() => {
    meAtStart.then(setMe);
  }, []);
  // larger tiles and play by typing as the account keeps them (this device's copy was drawn first)
  useEffect(() => void (me && adoptPrefs(me.access)), [me]);

  // Home ("/", not /games) tells a newcomer what this is; every other page asks them to sign in first.
  const signedOutHome = route.page === "lobby" && location.pathname === "/";
  const open = route.page === "rules" || route.page === "card" || route.page === "calculator" || route.page === "signin" || route.page === "account-delete";
  useEffect(() => {
    const failed = new URLSearchParams(location.search).get("signin");
    if (me === null && !open && !signedOutHome) navigate(`/signin?next=${encodeURIComponent(location.pathname + location.search)}${failed ? "&failed=1" : ""}`, true);
    else if (me && firstVisit(me) && route.page !== "welcome") navigate(`/welcome?next=${encodeURIComponent(afterSignIn() ?? location.pathname + location.search)}`, true);
    else if (me && route.page !== "welcome") {
      const next = afterSignIn();
      if (next) navigate(next, true);
    }
  }, [me, route.page]);

  let body;
  if (me === undefined && !open) body = <p class="loading" aria-busy="true">Loading…</p>;
  else if (route.page === "game") body = me ? <GamePage me={me} id={route.id} /> : <p class="loading">Loading…</p>;
  else body = <OtherPage route={route} me={me} signedOutHome={signedOutHome} onSaved={reloadMe} />;

  return (
    <div onClick={onLinkClick}>
      <nav class="topbar" aria-label="Main">
        <a class="brand" href="/">Mah Jongg</a>
        <a href="/rules">Rules</a>
        <a href="/card">Card</a>
        <a href="/calculator">Score a hand</a>
        {me ? <a href="/leaderboard">Ratings</a> : null}
        {me ? <a href="/settings">Settings</a> : null}
      </nav>
      {online ? null : <p class="offline" role="status">No connection. This page will catch up by itself when you are back online.</p>}
      <main>
        <SignInNotices me={me} page={route.page} welcome={!!me && firstVisit(me)} />
        {body}
      </main>
    </div>
  );
}

render(<App />, document.getElementById("app")!);

// The service worker (offline start, push) is registered a few seconds after the page has loaded:
// its first install runs its own script and fetches the shell, which would otherwise compete with
// the page's first drawing of the table for the phone's processor and connection.
const SW_AFTER_LOAD_MS = 3000;
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  addEventListener("load", () => setTimeout(() => navigator.serviceWorker.register("/sw.js").catch(() => {}), SW_AFTER_LOAD_MS));
}
