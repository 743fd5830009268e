// scratch: the first style+layout of the worker-drawn page (no script), throttled 4x, fresh context each run, by CSS variant
import { readFileSync } from "node:fs";
import { launch } from "./test/web/harness";
const file = process.argv[2]!;
const runs = Number(process.argv[3] ?? 5);
const base = readFileSync(file, "utf8").replace(/<script(?![^>]*application\/json)[^>]*>[^]*?<\/script>/g, "");
const variants: Record<string, (h: string) => string> = {
  asis: (h) => h,
  onefont: (h) => h.replace(/font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif/g, "font-family:DejaVu Sans"),
  nohas: (h) => h.replace(/<style data-href="\/assets\/index[^>]*>([^]*?)<\/style>/, (m) => m.replace(/[^{}]*:has\([^{]*\{[^}]*\}/g, "")),
  noflower: (h) => h.replace(/\u273f/g, "F"),
  nofaces: (h) => h.replace("</style>", ".tile [data-face]::before{content:none}</style>"),
  sansserif: (h) => h.replace(/font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif/g, "font-family:sans-serif"),
};
const which = (process.argv[4] ?? Object.keys(variants).join(",")).split(",");
const browser = await launch();
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const res: Record<string, string[]> = {};
for (let r = 0; r < runs + 1; r++)
  for (const v of which) {
    const html = variants[v]!(base);
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.route("http://layout.test/**", (rt) => rt.fulfill({ contentType: "text/html", body: html }));
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const events: any[] = [];
    cdp.on("Tracing.dataCollected", (d: any) => events.push(...d.value));
    const done = new Promise((ok) => cdp.once("Tracing.tracingComplete", ok));
    await cdp.send("Tracing.start", { categories: "devtools.timeline", transferMode: "ReportEvents" });
    await page.goto("http://layout.test/game", { waitUntil: "load" });
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 50))));
    await cdp.send("Tracing.end");
    await done;
    await ctx.close();
    if (r === 0) continue;
    // thread time (tdur, CPU time of the renderer's main thread), not wall time: far less moved by the machine's other load
    const sum = (name: string) => events.filter((e) => e.ph === "X" && e.name === name).reduce((s, e) => s + (process.env.WALL ? e.dur : (e.tdur ?? e.dur)) / 1000, 0);
    const first = (name: string) => (events.find((e) => e.ph === "X" && e.name === name)?.dur ?? 0) / 1000;
    (res[v] ??= []).push(`total ${(sum("UpdateLayoutTree")+sum("Layout")).toFixed(0)} style ${sum("UpdateLayoutTree").toFixed(0)} layout ${sum("Layout").toFixed(0)} (first ${first("Layout").toFixed(0)}) paint ${sum("Paint").toFixed(0)} parse ${sum("ParseHTML").toFixed(0)} css ${sum("ParseAuthorStyleSheet").toFixed(0)}`);
  }
for (const [v, xs] of Object.entries(res)) {
  const totals = xs.map((x) => Number(/total (\d+)/.exec(x)![1])).sort((a, b) => a - b);
  console.log(v.padEnd(9), `style+layout median ${totals[totals.length >> 1]} min ${totals[0]} ms |`, xs.join(" | "));
}
await browser.close();
