/**
 * A move made on the game page travels over the page's open live socket (issue 41; web/src/api.ts
 * move, web/src/live.ts viaSocket, worker/game/live-moves.ts), not as POST /api/games/:id/moves;
 * once the socket says its session proof has run out ("live/use-http"), the page posts the move
 * instead and it is made. Counted in a real browser: the page's HTTP move requests and the socket's
 * frames.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiPost, closeBrowserTest, createAndJoin, openBrowserTest, playerPages, signInBySession, type Server } from "./harness";

let server: Server;
let browser: Browser;

beforeAll(async () => void ({ server, browser } = await openBrowserTest()), 240_000);
afterAll(() => closeBrowserTest(server, browser));

/** What a page sends: its HTTP move requests and its socket frames (sent and received). */
function watch(page: Page) {
  const seen = { posts: 0, sent: [] as string[], heard: [] as string[] };
  page.on("request", (r) => {
    if (r.method() === "POST" && /^\/api\/games\/[^/]+\/moves$/.test(new URL(r.url()).pathname)) seen.posts++;
  });
  page.on("websocket", (ws) => {
    ws.on("framesent", (f) => void seen.sent.push(String(f.payload)));
    ws.on("framereceived", (f) => void seen.heard.push(String(f.payload)));
  });
  return seen;
}

const moveFrames = (s: { sent: string[] }) => s.sent.filter((f) => f.startsWith("{") && JSON.parse(f).type === "move");
const answers = (s: { heard: string[] }) => s.heard.filter((f) => f.startsWith("{") && JSON.parse(f).type === "answer").map((f) => JSON.parse(f));

describe("a move made on the game page", () => {
  it("goes over the open socket (no HTTP move request); refused there as 'use HTTP', it is posted and made", async () => {
    const { pages, errors } = await playerPages(browser, 2);
    const [ann, bob] = pages as [Page, Page];
    await signInBySession(ann, server.url, "ann.live-moves@example.com", "Ann");
    await signInBySession(bob, server.url, "bob.live-moves@example.com", "Bob");
    const { id, created, joins } = await createAndJoin(server.url, ann, [bob], { ruleset: "siamese", seed: "web-live-moves-01", options: { daysPerMove: 3 } });
    expect(created.status).toBe(201);
    expect(joins[0]!.status).toBe(200);
    const a = watch(ann);
    const b = watch(bob);
    await bob.goto(`${server.url}/game/${id}`);
    await ann.goto(`${server.url}/game/${id}`);
    // Each page's socket is open once its first message (the game) came.
    await expect.poll(() => a.heard.length && b.heard.length).toBeGreaterThan(0);

    // Ann (East) throws a tile by tapping: over the socket, answered there; Bob's page hears it.
    await ann.locator(".table[data-turn=you][data-phase=discard]").waitFor();
    const v = Number(await ann.locator(".table").getAttribute("data-version"));
    await ann.locator("section.mine .concealed button.tile").last().click();
    await ann.getByRole("button", { name: /^Discard / }).click();
    await ann.locator(".table[data-turn=other]").waitFor();
    expect(Number(await ann.locator(".table").getAttribute("data-version"))).toBe(v + 1);
    expect(a.posts).toBe(0);
    expect(moveFrames(a)).toHaveLength(1);
    // (the table may turn on the game's broadcast a moment before the answer's frame is heard: wait for it)
    await expect.poll(() => answers(a)).toMatchObject([{ status: 200, id: JSON.parse(moveFrames(a)[0]!).id, body: { version: v + 1 } }]);
    await bob.locator(".table[data-turn=you]").waitFor();
    expect(Number(await bob.locator(".table").getAttribute("data-version"))).toBe(v + 1);

    // Minutes later on the service's clock (past the session proof Bob's socket was opened with): his
    // draw is refused over the socket as "use HTTP", posted, and made.
    expect((await apiPost(bob.request, server.url, `/api/dev/games/${id}/clock`, { advanceMs: 6 * 60_000, fire: false })).status).toBe(200);
    await bob.getByRole("button", { name: "Draw a tile from the wall" }).click();
    await expect.poll(async () => Number(await bob.locator(".table").getAttribute("data-version"))).toBe(v + 2);
    expect(moveFrames(b)).toHaveLength(1);
    expect(answers(b)).toMatchObject([{ status: 401, body: { code: "live/use-http" } }]);
    expect(b.posts).toBe(1);
    await expect.poll(async () => Number(await ann.locator(".table").getAttribute("data-version"))).toBe(v + 2);
    expect(errors).toEqual([]);
  });
});
