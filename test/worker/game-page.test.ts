/**
 * A game's page (GET /game/:id) comes with the seated player's own table drawn in (worker/web/game-page.tsx):
 * their own tiles and nothing another seat keeps hidden; anyone else (signed out, a stale session, a
 * player of another game) gets the ordinary page, with no tiles; nor does a game that has ended. The
 * drawn page is the player's own: no shared cache keeps it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Browser, createAndJoin, signIn, startGame } from "./client";
import { readTable } from "../../web/src/table/model";
import { tileLabel } from "../../web/src/components/tile-words";
import { splitHead, withAnswer } from "../../worker/web/game-page";
import { PROOF_COOKIE } from "../../worker/api/session-proof";

/** The game's answer written into the page (#answer, read by web/public/early.js): its text as written, or null. */
function answerText(html: string): string | null {
  const m = /<script type="application\/json" id="answer">([^]*?)<\/script>/.exec(html);
  return m ? m[1]! : null;
}
/** What the app reads of an answer: the answer less the service's clock at the moment it was made. */
const content = (g: Record<string, unknown>) => ({ ...g, now: undefined });

/** The face-up tiles drawn in the page's #ssr part, by what a screen reader hears (their notes after the comma left off). */
function drawnTiles(html: string, within?: string): string[] {
  let part = html.slice(html.indexOf('<div id="ssr"'), html.indexOf('<div id="app">'));
  if (within) part = part.slice(part.indexOf(within));
  return [...part.matchAll(/<(?:span|button)\b[^>]*\bclass="tile [^"]*"[^>]*\baria-label="([^"]+)"/g)].map((m) => m[1]!.split(",")[0]!);
}
const sorted = (xs: string[]) => [...xs].sort();

/** A seat's concealed tiles and every face-up tile of the table (exposures, discards), as `who` is shown them by GET /api/games/:id. */
async function seen(who: Browser, id: string) {
  const game = (await who.get(`/api/games/${id}`)).body;
  const t = readTable(game.view)!;
  const own = t.seats[game.seat]!.pool!.map((x) => tileLabel(x.kind));
  const open = [...t.seats.flatMap((s) => s.racks.flatMap((r) => r.exposures.flatMap((e) => e.tiles))), ...t.discards.map((d) => d.tile)].map((x) => tileLabel(x.kind));
  return { seat: game.seat as number, own, open };
}

let ann: Browser, bob: Browser, carol: Browser, id: string;
beforeAll(async () => {
  ann = await signIn("ann@page.example.com");
  bob = await signIn("bob@page.example.com");
  carol = await signIn("carol@page.example.com");
  id = await startGame(ann, bob, "game-page-seed-01");
});

describe("a game's page", () => {
  it("for a seated player: their own tiles drawn in, none another seat keeps hidden; private to them", async () => {
    const res = await ann.fetch(`/game/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toMatch(/private/);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<div id="ssr" inert>');
    expect(html).toContain('<div id="app"></div>');

    const a = await seen(ann, id);
    const b = await seen(bob, id);
    expect(a.own.length).toBeGreaterThan(10);
    // her racks hold exactly her tiles
    const racks = drawnTiles(html, 'aria-label="Your racks"');
    expect(sorted(racks)).toEqual(sorted(a.own));
    // the whole page: her tiles and the table's face-up tiles, nothing else
    expect(sorted(drawnTiles(html))).toEqual(sorted([...a.own, ...a.open]));
    // Bob's concealed tiles are not in it (as a set of tiles: his hand is not among what the page shows)
    const rest = [...drawnTiles(html)];
    const bobsAllThere = b.own.every((k) => {
      const i = rest.indexOf(k);
      return i >= 0 && rest.splice(i, 1).length === 1;
    });
    expect(bobsAllThere).toBe(false);

    // Bob's own page: his tiles, not hers
    const his = await (await bob.fetch(`/game/${id}`)).text();
    expect(sorted(drawnTiles(his, 'aria-label="Your racks"'))).toEqual(sorted(b.own));
    expect(sorted(drawnTiles(his))).not.toEqual(sorted(drawnTiles(html)));
  });

  it("Royale: what its table draws the first turn with (its racks folded, as on a phone) is drawn, no \"Loading…\" in its place; the live link connecting", async () => {
    const { id: royale, created } = await createAndJoin(ann, [bob], { ruleset: "royale", seed: "game-page-royale-01", options: { daysPerMove: 2, players: 2 } });
    expect(created.status).toBe(201);
    const html = await (await ann.fetch(`/game/${royale}`)).text();
    const drawn = html.slice(html.indexOf('<div id="ssr"'), html.indexOf('<div id="app">'));
    expect(drawn).toContain('class="rack-fold');
    expect(drawn).not.toContain("Loading…");
    expect(sorted(drawnTiles(html, 'aria-label="Your racks"'))).toEqual(sorted((await seen(ann, royale)).own));
    // the page has had no live link yet, so none was lost
    expect(drawn).toContain(">Connecting…<");
    expect(drawn).not.toContain("Reconnecting");
  });

  it("signed out, a stale session, or a player of another game: the ordinary page, no tiles", async () => {
    for (const [who, visitor] of [
      ["signed out", new Browser()],
      ["not seated", carol],
    ] as const) {
      const res = await visitor.fetch(`/game/${id}`);
      const html = await res.text();
      expect(html, who).not.toContain('id="ssr"');
      expect(drawnTiles(html), who).toEqual([]);
      expect(html, who).not.toMatch(/class="tile /);
    }
    const stale = new Browser();
    stale.cookie = ann.cookie.replace(/(^|;\s*)sid=[^;]*/, "$1sid=s%3Anot-a-session.bad");
    const html = await (await stale.fetch(`/game/${id}`)).text();
    expect(html).not.toContain('id="ssr"');
    expect(html).not.toMatch(/class="tile /);
    // an invitation link is the app's to handle
    expect(await (await ann.fetch(`/game/${id}?invite=abc`)).text()).not.toContain('id="ssr"');
  });

  it("carries the game's answer, as GET /api/games/:id?me gives it to this user, before early.js: no preload of it, and the session's proof set", async () => {
    for (const who of [ann, bob]) {
      // a check-in hours later: the session's short proof is gone, the page reads the session (and sets a new proof)
      who.cookie = who.cookie.replace(new RegExp(`(^|;\\s*)${PROOF_COOKIE}=[^;]*`), "");
      const res = await who.fetch(`/game/${id}`);
      expect(res.headers.get("link")).toBeNull();
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${PROOF_COOKIE}=`))).toBe(true);
      const html = await res.text();
      const text = answerText(html)!;
      expect(text).not.toBeNull();
      expect(html.indexOf('id="answer"')).toBeLessThan(html.indexOf('<script src="/early.js"') < 0 ? Infinity : html.indexOf('<script src="/early.js"'));
      const inPage = JSON.parse(text);
      const asked = (await who.get(`/api/games/${id}?me`)).body;
      expect(content(inPage)).toEqual(content(asked));
      expect(inPage.me.userId ?? inPage.me.id).toBeTruthy();
    }
    // each their own: her answer is not his (his seat's view, never her concealed tiles)
    const hers = JSON.parse(answerText(await (await ann.fetch(`/game/${id}`)).text())!);
    const his = JSON.parse(answerText(await (await bob.fetch(`/game/${id}`)).text())!);
    expect(hers.seat).not.toBe(his.seat);
    expect(content(hers)).not.toEqual(content(his));
  });

  it("with no answer to carry (signed out, a stale session): the page without it, and its preload of the game's answer as before", async () => {
    const stale = new Browser();
    stale.cookie = ann.cookie.replace(/(^|;\s*)sid=[^;]*/, "$1sid=s%3Anot-a-session.bad");
    for (const [who, visitor] of [["signed out", new Browser()], ["stale", stale]] as const) {
      const res = await visitor.fetch(`/game/${id}`);
      expect(answerText(await res.text()), who).toBeNull();
      if (who === "stale") expect(res.headers.get("link"), who).toBe(`</api/games/${id}?me>; rel=preload; as=fetch; crossorigin=anonymous`);
    }
  });

  it("the answer's text cannot end its block or read as markup: <, U+2028 and U+2029 are written as JSON escapes", () => {
    const nasty = { name: "</script><script>alert(1)</script><!-- \u2028\u2029 done", n: [1, 2] };
    const head = '<html><head><script src="/early.js"></script></head>';
    const page = withAnswer(head, JSON.stringify(nasty));
    const text = answerText(page)!;
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(nasty);
    expect(page.endsWith('<script src="/early.js"></script></head>')).toBe(true);
  });

  it("the page's head goes in two: at once all that does not depend on the game (early.js preloaded), then early.js after the game's answer", () => {
    const page = `<!doctype html><html><head><meta charset="utf-8"><title>Mah Jongg</title>
    <script src="/early.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    `;
    const { head, early } = splitHead(page);
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(head).toContain('<link rel="preload" as="script" href="/early.js">');
    expect(head).not.toContain('<script src="/early.js">');
    expect(head).not.toContain("</head>");
    expect(early.startsWith('<script src="/early.js"></script>')).toBe(true);
    expect(early).toMatch(/<\/head>\s*<body>\s*$/);
    // the answer, once in, goes before early.js, inside the head
    const rest = withAnswer(early, JSON.stringify({ id: "g" }));
    expect(rest.startsWith('<script type="application/json" id="answer">{"id":"g"}</script><script src="/early.js"></script>')).toBe(true);
    // a page without early.js (no build): all of it after the answer
    expect(splitHead("<html><head></head><body>")).toEqual({ head: "", early: "<html><head></head><body>" });
  });

  it("a game that has ended: the ordinary page (the app draws the result)", async () => {
    const other = await startGame(ann, bob, "game-page-seed-02");
    expect(await (await ann.fetch(`/game/${other}`)).text()).toContain('id="ssr"');
    expect((await ann.post(`/api/games/${other}/resign`)).status).toBe(200);
    const html = await (await ann.fetch(`/game/${other}`)).text();
    expect(html).not.toContain('id="ssr"');
    expect(html).not.toMatch(/class="tile /);
    // its answer still in the page, as the API gives it: the app draws the result without asking
    expect(content(JSON.parse(answerText(html)!))).toEqual(content((await ann.get(`/api/games/${other}?me`)).body));
  });
});
