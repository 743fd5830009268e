/**
 * A game's page (GET /game/:id) for the player seated at it: the web app's own page (index.html from
 * the static assets) with the player's first view of the table already drawn into it, by the web
 * app's own components (preact-render-to-string), from exactly what GET /api/games/:id?me answers
 * this signed-in user (the request is made here, through the same API, with the same cookie): their
 * own seat's view and nothing more. The tiles are then on screen as soon as the HTML and its style
 * sheets have come, before any script has run (issue 41: on a phone the scripts' parsing and running
 * took most of the time). The drawing sits in <div id="ssr"> before the app's <div id="app">: while
 * the app is still loading (nothing drawn, or a "Loading…" or the table's skeleton in it),
 * web/src/styles.css shows it and hides the app. web/public/early.js takes the drawing out of the
 * page once the app's own `.table` is in it, or once the app has drawn something and styles.css hides
 * the drawing (a page with no table, as a game's result; any page on a desktop), in the same task as
 * the app's drawing (before a frame is painted): no flash, no second copy of the table left behind.
 *
 * Anyone else (signed out, a stale session, not seated at the game, a game not running, an
 * invitation link, a first visit that must see the welcome questions first) gets the ordinary page
 * from the static assets. The answer is the user's own: never stored by a shared cache.
 */
import "./browser-globals";
import { renderToString } from "preact-render-to-string";
import type { Env } from "../lib/env";
import { Hono } from "hono";
import { app } from "../api/app";
import { session, type AppEnv } from "../api/context";
import { SITE_POLICY } from "../api/headers";
import type { GameInfo, Me } from "../../web/src/api";
import { GamePage } from "../../web/src/pages/Game";
import { opened } from "../../web/src/game/useGame";
import { loadTable, tableOf } from "../../web/src/game/tables";
import { seatOf } from "../../web/src/game/seat";
import { MahjongGroups } from "../../web/src/table/SiameseActions";
import type { Lazy } from "../../web/src/lazy";
import { loadSampleCard } from "../../web/src/table/card";
import { namesLines } from "../../web/src/table/names-lines";
import { CARD_WHEN_NAMED } from "../../web/src/rulesets/table-modules";

/**
 * What a ruleset's table draws its first turn with, loaded on its own and not with the table (web/src/rulesets/game-tables.ts
 * loads Royale's folded racks with it): loaded here before drawing. Their files: web/src/rulesets/table-modules.ts FIRST_TURN_PARTS.
 */
const FIRST_TURN: Record<string, Lazy<object>[]> = { royale: [MahjongGroups as unknown as Lazy<object>] };

const GAME_PAGE = /^\/game\/([A-Za-z0-9_-]{1,64})\/?$/;

/** The page as the static assets serve it to anyone: the app draws everything. (No assets: tests inside workerd before any build.) */
const ordinary = (req: Request, env: Env) => (env.ASSETS ? env.ASSETS.fetch(req) : new Response("No such page here.", { status: 404 }));

/**
 * The page around the drawing when the static assets have no index.html: only in tests run inside
 * workerd before the web app is built (CI runs them before `npm run build:web`). What is drawn in it
 * is the same; production always has the built page.
 */
const BARE_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mah Jongg by post</title></head><body><div id="app"></div></body></html>';

/** True for the requests this module may answer: a GET of a game's page, signed in, with no invitation or sign-in notice in its address. */
export const isGamePage = (req: Request, url: URL) => (req.method === "GET" || req.method === "HEAD") && GAME_PAGE.test(url.pathname);

export async function gamePage(req: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(req.url);
  const id = GAME_PAGE.exec(url.pathname)?.[1];
  const cookie = req.headers.get("cookie");
  // An invitation link or a sign-in notice is the app's to handle; no cookie, nobody signed in.
  if (!id || req.method !== "GET" || !cookie || /(^|&)(invite|t|signin)=/.test(url.search.slice(1))) return ordinary(req, env);
  // Who is signed in first, as the API judges the session's cookies (its proof, or D1 once), beside the page: the proof
  // cookie that judging earns must be in the answer's headers, which go before the game is read.
  const [signed, page] = await Promise.all([sessionOf(env, ctx, url, cookie), assetText(env, url, "/")]);
  const shell = page ?? BARE_PAGE;
  const at = shell.indexOf('<div id="app"></div>');
  if (at < 0) return ordinary(req, env);
  const headers = new Headers({
    "content-type": "text/html; charset=utf-8",
    // the user's own table and answer: no shared cache keeps it, and the page differs by who is signed in
    "cache-control": "private, no-store",
    vary: "Cookie",
    // as web/public/_headers gives every page
    "content-security-policy": SITE_POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
  });
  // The session's cookies as the API set them (its short-lived proof, api/session-proof.ts: the game's read below, and
  // the page's next requests, the game's socket and the moves, are signed in without asking D1).
  for (const c of signed.cookies) headers.append("set-cookie", c);
  // Nobody signed in (or the session could not be judged): no game to read here; early.js asks for it, and the page's
  // preload has it under way (as _headers gives /game/:id): its 401 sends the app to sign in.
  if (!signed.user) {
    headers.set("link", `</api/games/${id}?me>; rel=preload; as=fetch; crossorigin=anonymous`);
    return new Response(shell, { headers });
  }
  // The game as this user is shown it (GET /api/games/:id?me through the API itself, signed in by the proof just judged).
  const asked = askGame(env, ctx, url, id, signed.cookie);
  // The head at once, all that does not depend on the game (the style sheet, the app's first script, early.js preloaded):
  // they download while the game is read. Then the game's answer before early.js (which finds it there as it runs and asks
  // for nothing), or, when the read failed, a preload of the request early.js then makes; then the drawn table; the rest.
  const { head, early } = splitHead(shell.slice(0, at));
  const body = new TransformStream<Uint8Array, Uint8Array>();
  const out = body.writable.getWriter();
  const text = new TextEncoder();
  ctx.waitUntil(
    (async () => {
      try {
        await out.write(text.encode(head));
        const a = await asked;
        const table = a.game
          ? drawnTable(env, url, a.game).catch((e) => {
              console.error("game page: the table was not drawn", e);
              return "";
            })
          : Promise.resolve("");
        await out.write(text.encode(a.text === null ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/games/${id}?me">${early}` : withAnswer(early, a.text)));
        await out.write(text.encode(await table));
        await out.write(text.encode(shell.slice(at)));
        await out.close();
      } catch (e) {
        await out.abort(e).catch(() => {});
      }
    })(),
  );
  return new Response(body.readable, { headers });
}

/**
 * The page up to the app's place, in two: `head`, everything but early.js's script tag, with early.js preloaded in its place
 * (sent at once); `early`, the rest from that tag on (sent once the game's answer, which goes before it, is in). The app's
 * first script is a module: it runs once the page is read, after early.js, wherever its tag is.
 */
export function splitHead(page: string): { head: string; early: string } {
  const tag = /<script src="\/early\.js"><\/script>\s*/.exec(page);
  if (!tag) return { head: "", early: page };
  const end = page.indexOf("</head>");
  const rest = page.slice(tag.index + tag[0].length);
  // everything after early.js up to </head> (the module script, the style sheet) goes at once; the tag itself, and the body's start, later
  const cut = end > tag.index ? end - tag.index - tag[0].length : 0;
  return { head: `${page.slice(0, tag.index)}<link rel="preload" as="script" href="/early.js">${rest.slice(0, cut)}`, early: `${tag[0]}${rest.slice(cut)}` };
}

/** Judges the session's cookies as the API does (api/context.ts session()), with nothing else: whether anyone is signed in. */
const judge = new Hono<AppEnv>().use(session()).all("*", (c) => c.body(null, c.get("user") ? 204 : 401));

/**
 * Who the cookies sign in, as the API judges them: `user`, signed in; `cookies`, the Set-Cookie the judging earned (a new
 * proof when D1 was asked, the proof cleared when it is no good); `cookie`, the request's Cookie header as it stands after
 * them (the new proof in it), for the game's read. Not signed in when the judging fails.
 */
async function sessionOf(env: Env, ctx: ExecutionContext, url: URL, cookie: string): Promise<{ user: boolean; cookies: string[]; cookie: string }> {
  try {
    const res = await judge.fetch(new Request(new URL("/api/session", url), { headers: { cookie } }), env, ctx);
    const cookies = res.headers.getSetCookie();
    let sent = cookie.split(/;\s*/).filter(Boolean);
    for (const c of cookies) {
      const pair = c.split(";")[0]!;
      const name = pair.slice(0, pair.indexOf("="));
      sent = sent.filter((s) => !s.startsWith(`${name}=`));
      if (!/;\s*max-age=0\b/i.test(c) && pair.length > name.length + 1) sent.push(pair);
    }
    return { user: res.status === 204, cookies, cookie: sent.join("; ") };
  } catch (e) {
    console.error("game page: the session was not judged", e);
    return { user: false, cookies: [], cookie };
  }
}

/** The id of the page's copy of the game's answer; web/public/early.js reads it by this id. */
export const ANSWER_ID = "answer";

/**
 * GET /api/games/:id?me as this user's cookie is answered: its text when it is a game (whatever it is, the same
 * answer the app would get: that seat's view and nothing more), and the game when it is theirs to see drawn (seated,
 * running, no welcome questions first). Nothing when the API refuses or fails. (Its answer sets no cookie: signed in by
 * the proof sessionOf judged or made, it keeps it; the page's headers are gone by then.)
 */
async function askGame(env: Env, ctx: ExecutionContext, url: URL, id: string, cookie: string): Promise<{ text: string | null; game: (GameInfo & { me: Me }) | null }> {
  try {
    const res = await app.fetch(new Request(new URL(`/api/games/${id}?me`, url), { headers: { cookie } }), env, ctx);
    if (!res.ok) return { text: null, game: null };
    const text = await res.text();
    const game = JSON.parse(text) as GameInfo & { me?: Me };
    const me = game.me;
    const drawn = me && !me.needsWelcome && game.status === "active" && seatOf(game, me) >= 0 && tableOf(game.ruleset);
    return { text, game: drawn ? (game as GameInfo & { me: Me }) : null };
  } catch (e) {
    console.error("game page: the game was not read", e);
    return { text: null, game: null };
  }
}

/**
 * The page's head with the answer in a JSON data block (not run: the Content-Security-Policy runs scripts from the site
 * only, and this is no script) before early.js's script tag. Escaped so that nothing in it ends the block or reads as
 * markup (`<` is `\u003c` inside JSON's strings, the only place JSON has one) and U+2028/U+2029 are escapes too.
 */
export function withAnswer(head: string, json: string): string {
  const block = `<script type="application/json" id="${ANSWER_ID}">${json.replace(/[<\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`)}</script>`;
  const early = head.indexOf('<script src="/early.js"');
  if (early >= 0) return head.slice(0, early) + block + head.slice(early);
  const end = head.indexOf("</head>");
  return end >= 0 ? head.slice(0, end) + block + head.slice(end) : head + block;
}

/**
 * `<div id="ssr">…</div>`: the table this user is shown, drawn, with its style sheets before it and its scripts
 * preloaded.
 */
async function drawnTable(env: Env, url: URL, game: GameInfo & { me: Me }): Promise<string> {
  const me = game.me;
  const [drawn, files] = await Promise.all([draw(game, me), tableFiles(env, url)]);
  // the sample card's lines too when this table takes them only for a game that names a line, and this one does (web/src/table/card.ts)
  const card = CARD_WHEN_NAMED.includes(game.ruleset as never) && namesLines(game) ? (files.card ?? "") : "";
  const own: string[] = [...new Set(`${files[game.ruleset] ?? ""} ${card}`.split(" ").filter(Boolean))];
  // The table's style sheets before the drawing (it is not painted before they are in), its scripts fetched beside the app's first.
  const links = [
    ...own.filter((f) => f.endsWith(".css")).map((f) => `<link rel="stylesheet" crossorigin href="/assets/${f}">`),
    ...own.filter((f) => f.endsWith(".js")).map((f) => `<link rel="modulepreload" crossorigin href="/assets/${f}">`),
  ].join("");
  // larger tiles, as the account keeps them (the app's web/src/access/prefs.ts puts the same class on the page once it runs)
  // (the links outside the drawing, which leaves the page: the app's own loading of the table finds its style sheet in place)
  // inert: a picture of the table until the app takes over (no button of it works yet, nor is it read out twice: a
  // screen reader hears the app's table, as it did before this drawing existed), never a target for a tap that is lost
  return `${links}<div id="ssr" inert${me.access?.largeTiles ? ' class="big-tiles"' : ""}>${drawn}</div>`;
}

/**
 * The app's first drawing of this game for this player, as main.tsx's App draws it once the game and
 * who is signed in are known: the top bar for a signed-in player, then the game page. The parts the
 * app loads only after the tiles (web/src/game/parts.ts) are not drawn, as in the app's first drawing.
 * The few browser things the components read as they draw are answered as on a fresh phone: no saved
 * arrangement or preference, a narrow screen.
 */
async function draw(game: GameInfo, me: Me): Promise<string> {
  const g = globalThis as Record<string, unknown>;
  const saved = { localStorage: g.localStorage, matchMedia: g.matchMedia, document: g.document };
  // In place only while the table's modules load (the first time: their imports are bundled, so this is
  // microtasks only, no other request's code runs meanwhile) and the table is drawn (synchronous).
  g.localStorage = { getItem: () => null, setItem() {}, removeItem() {} };
  g.matchMedia = (q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {} });
  g.document = { documentElement: { classList: { toggle() {}, contains: () => false } } };
  try {
    await loadTable(game.ruleset);
    // the card's lines whatever the game names (a table loaded for an earlier game may have come without them; bundled here)
    await Promise.all([loadSampleCard(), ...(FIRST_TURN[game.ruleset] ?? []).map((part) => part.load())]);
    opened.game = game;
    return renderToString(
      <div>
        <nav class="topbar" aria-label="Main">
          <a class="brand" href="/">Mah Jongg</a>
          <a href="/rules">Rules</a>
          <a href="/card">Card</a>
          <a href="/calculator">Score a hand</a>
          <a href="/leaderboard">Ratings</a>
          <a href="/settings">Settings</a>
        </nav>
        <main>
          <GamePage me={me} id={game.id} />
        </main>
      </div>,
    );
  } finally {
    opened.game = undefined;
    Object.assign(g, saved);
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete g[k];
  }
}

async function assetText(env: Env, url: URL, path: string): Promise<string | null> {
  if (!env.ASSETS) return null;
  const r = await env.ASSETS.fetch(new URL(path, url));
  return r.ok ? r.text() : null;
}

/**
 * Each ruleset's table files ("table-Siamese-….js table-….css …"), as the build lists them for
 * web/public/early.js (vite.config.ts writes the same list into tables.json).
 */
let tables: Promise<Record<string, string>> | null = null;
const tableFiles = (env: Env, url: URL): Promise<Record<string, string>> =>
  (tables ??= assetText(env, url, "/tables.json").then(
    // (no list before a build: the assets' single-page fallback answers with a page, not the list)
    (t) => (t?.startsWith("{") ? JSON.parse(t) : {}),
    () => ({}),
  ).then((t) => (Object.keys(t).length ? t : ((tables = null), t))));
