// scratch: screenshots of the worker-drawn game page (app held back, and the app's own) at 360x740, and the page's HTML
import { writeFileSync, mkdirSync } from "node:fs";
import { buildWeb, launch, startServer } from "./test/web/harness";
const out = process.argv[2]!;
mkdirSync(out, { recursive: true });
buildWeb();
const server = await startServer();
const browser = await launch();
const url = server.url;
try {
  const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
  const ctx = await browser.newContext(PHONE);
  await ctx.request.post(url + "/api/dev/session", { data: { email: "ann-shots@example.com" }, headers: { origin: url } });
  await ctx.request.put(url + "/api/me", { data: { displayName: "Ann", timezone: "Europe/London" }, headers: { origin: url } });
  const games = [
    { name: "siamese", data: { ruleset: "siamese", seed: "shots-seed-1", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 60_000 } } },
    { name: "royale4", data: { ruleset: "royale", seed: "shots-seed-2", options: { daysPerMove: 3, players: 4 }, computers: { seats: 3, strength: "easy", delayMs: 60_000 } } },
  ];
  const state = await ctx.storageState();
  for (const g of games) {
    const r = await ctx.request.post(url + "/api/games", { data: g.data, headers: { origin: url } });
    const body = await r.json(); const id = body.id; if (!id) throw new Error(JSON.stringify(body));
    const res = await ctx.request.get(`${url}/game/${id}`);
    writeFileSync(`${out}/${g.name}.html`, await res.text());
    writeFileSync(`${out}/${g.name}.headers.json`, JSON.stringify(res.headers(), null, 1));
    // the worker's drawing alone: the app's first script never comes
    const c1 = await browser.newContext({ ...PHONE, storageState: state });
    const p1 = await c1.newPage();
    const errs: string[] = [];
    p1.on("console", (m) => errs.push(m.text()));
    await p1.route(/\/assets\/index-[^/]+\.js$/, (rt) => rt.abort());
    await p1.goto(`${url}/game/${id}`);
    await p1.locator("#ssr .tile").first().waitFor();
    await p1.waitForTimeout(1500);
    await p1.screenshot({ path: `${out}/${g.name}-drawn.png` });
    await c1.close();
    const c2 = await browser.newContext({ ...PHONE, storageState: state });
    const p2 = await c2.newPage();
    p2.on("console", (m) => errs.push(m.text()));
    p2.on("pageerror", (e) => errs.push("pageerror " + e.message));
    await p2.goto(`${url}/game/${id}`);
    await p2.getByText(/Game menu/).first().waitFor({ timeout: 30_000 });
    await p2.waitForTimeout(1500);
    await p2.screenshot({ path: `${out}/${g.name}-app.png` });
    await c2.close();
    writeFileSync(`${out}/${g.name}.console.txt`, errs.join("\n"));
    console.log(g.name, id, "console:", errs.length);
  }
} finally {
  await browser.close();
  await server.stop();
}
