/**
 * Every page but the game: which one an address shows, each loaded on demand (main.tsx draws the
 * game page itself, and the frame around every page). A chunk of its own, out of the game page's
 * first script; web/public/early.js preloads it beside that script on any other address.
 */
import type { Me } from "../api";
import { lazy } from "../lazy";
import { parseRoute, type Route } from "../router";
import { withSampleCard as withCard } from "../table/card";
// Three lines of text: in this chunk rather than one of their own.
import Intro from "./Intro";

// The page this address shows starts loading as soon as this chunk runs.
const loadLobby = () => import("./Lobby").then((m) => ({ default: m.Lobby }));
const loadSignIn = () => import("./SignIn").then((m) => ({ default: m.SignIn }));
const loadWelcome = () => import("./Welcome").then((m) => ({ default: m.Welcome }));
const first = parseRoute(location.pathname);
if (first.page === "lobby") void loadLobby().catch(() => {});
if (first.page === "signin") void loadSignIn().catch(() => {});
const Lobby = lazy(loadLobby);
const SignIn = lazy(loadSignIn);
const Welcome = lazy(loadWelcome);

const NewGame = lazy(() => import("./NewGame"));
const Invite = lazy(() => import("./Invite"));
// pages that name the sample card's lines load them with their code (table/card.ts)
const Replay = lazy(() => withCard(import("./Replay")));
const Review = lazy(() => withCard(import("./Review")));
const CardViewer = lazy(() => withCard(import("./CardViewer")));
const CardsPage = lazy(() => import("./CardEditor"));
const Calculator = lazy(() => import("./Calculator"));
const Rules = lazy(() => import("./Rules"));
const Settings = lazy(() => import("./Settings"));
const LeagueList = lazy(() => import("./LeagueList"));
const League = lazy(() => import("./League"));
const LeagueJoin = lazy(() => import("./LeagueJoin"));
const ProfilePage = lazy(() => import("./Profile"));
const Leaderboard = lazy(() => import("./Leaderboard"));
const DeleteAccount = lazy(() => import("./DeleteAccount"));

/** The page `route` shows (not the game's); `me`: null signed out, undefined while it loads (only pages open to all are drawn then). */
export function OtherPage({ route, me, signedOutHome, onSaved }: { route: Route; me: Me | null | undefined; signedOutHome: boolean; onSaved: () => void }) {
  let body;
  if (route.page === "signin") body = <SignIn me={me ?? null} />;
  else if (route.page === "rules") body = <Rules part={route.part} />;
  else if (route.page === "card") body = <CardViewer />;
  else if (route.page === "calculator") body = <Calculator />;
  else if (route.page === "account-delete") body = <DeleteAccount />;
  else if (signedOutHome && me === null) body = <Intro />;
  else if (!me) body = <p class="loading">Loading…</p>;
  else if (route.page === "welcome") body = <Welcome me={me} onSaved={onSaved} />;
  else if (route.page === "lobby") body = <Lobby me={me} />;
  else if (route.page === "new") body = <NewGame me={me} />;
  else if (route.page === "invite") body = <Invite me={me} id={route.id} />;
  else if (route.page === "replay") body = <Replay me={me} id={route.id} />;
  else if (route.page === "review") body = <Review id={route.id} />;
  else if (route.page === "cards") body = <CardsPage me={me} id={route.id} />;
  else if (route.page === "settings") body = <Settings me={me} onSaved={onSaved} />;
  else if (route.page === "leagues") body = <LeagueList me={me} />;
  else if (route.page === "league") body = <League me={me} id={route.id} />;
  else if (route.page === "league-join") body = <LeagueJoin me={me} id={route.id} />;
  else if (route.page === "player") body = <ProfilePage me={me} id={route.id} />;
  else if (route.page === "leaderboard") body = <Leaderboard me={me} />;
  else body = <p class="notice">There is no page here. <a href="/">Go to your games</a>.</p>;

  return body;
}
