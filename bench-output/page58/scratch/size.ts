// scratch: the game page's HTML as the worker sends it: bytes, encoding, where its parts are
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { buildWeb, launch, startServer } from "./test/web/harness";
buildWeb();
const server = await startServer();
const browser = await launch();
const url = server.url;
try {
  const ctx = await browser.newContext();
  const ss = await ctx.request.post(url + "/api/dev/session", { data: { email: "ann-size@example.com" }, headers: { origin: url } });
  console.log("session", ss.status(), await ss.text(), JSON.stringify(await ctx.cookies()));
  await ctx.request.put(url + "/api/me", { data: { displayName: "Ann", timezone: "Europe/London" }, headers: { origin: url } });
  for (const [name, data] of Object.entries({
    siamese: { ruleset: "siamese", seed: "size-seed-1", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 60_000 } },
    royale4: { ruleset: "royale", seed: "size-seed-2", options: { daysPerMove: 3, players: 4 }, computers: { seats: 3, strength: "easy", delayMs: 60_000 } },
    american: { ruleset: "american", seed: "size-seed-4", options: { daysPerMove: 3 }, computers: { seats: 3, strength: "easy", delayMs: 60_000 } },
  })) {
    const r = await ctx.request.post(url + "/api/games", { data, headers: { origin: url } });
    const id = (await r.json()).id;
    const page = await ctx.newPage();
    const p = (await page.goto(`${url}/game/${id}`, { waitUntil: "load" }))!;
    const body = (await p.body()).toString();
    const enc = (await p.allHeaders())["content-encoding"];
    await page.close();
    const g = await (await ctx.request.get(`${url}/api/games/${id}?me`)).json();
    console.log(r.status(), id, g.status, JSON.stringify(g).slice(0, 300), JSON.stringify(await p.allHeaders?.().catch(() => null)));
    console.log(name, "status", p.status(), "encoding", enc, "bytes", body.length, "gzip", gzipSync(body).length, "ssr at", body.indexOf('id="ssr"'), "answer len", /<script type="application\/json" id="answer">(.*?)<\/script>/s.exec(body)?.[1]?.length);
    writeFileSync(`/tmp/page58-${name}.html`, body);
  }
} finally {
  await browser.close();
  await server.stop();
}
