// scratch: a trace of a game page's load under bench:web's throttling: the main thread's big events until the first tile's frame is painted
import { writeFileSync } from "node:fs";
import { buildWeb, launch, startServer } from "./test/web/harness";
const out = process.argv[2]!;
const which = (process.argv[3] ?? "siamese,royale4").split(",");
const runs = Number(process.argv[4] ?? 2);
buildWeb();
const server = await startServer();
const browser = await launch();
const url = server.url;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const lines: string[] = [];
const log = (s: string) => (console.log(s), lines.push(s));
try {
  const ctx = await browser.newContext(PHONE);
  await ctx.request.post(url + "/api/dev/session", { data: { email: "ann-trace@example.com" }, headers: { origin: url } });
  await ctx.request.put(url + "/api/me", { data: { displayName: "Ann", timezone: "Europe/London" }, headers: { origin: url } });
  const all: Record<string, object> = {
    siamese: { ruleset: "siamese", seed: "trace-seed-1", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 60_000 } },
    royale4: { ruleset: "royale", seed: "trace-seed-2", options: { daysPerMove: 3, players: 4 }, computers: { seats: 3, strength: "easy", delayMs: 60_000 } },
    wp: { ruleset: "siamese-wp", seed: "trace-seed-3", options: { daysPerMove: 3 }, computers: { seats: 1, strength: "easy", delayMs: 60_000 } },
    american: { ruleset: "american", seed: "trace-seed-4", options: { daysPerMove: 3 }, computers: { seats: 3, strength: "easy", delayMs: 60_000 } },
  };
  const state = await ctx.storageState();
  for (const name of which) {
    const r = await ctx.request.post(url + "/api/games", { data: all[name], headers: { origin: url } });
    const id = (await r.json()).id;
    for (let run = 0; run < runs + 1; run++) {
      const c = await browser.newContext({ ...PHONE, storageState: state });
      const page = await c.newPage();
      const cdp = await c.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.addInitScript(`(() => { const mo = new MutationObserver(() => { if (document.querySelector(".tile")) { mo.disconnect(); const t0 = performance.now(); requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => { window.__drawnAt = performance.now(); window.__inDom = t0; }; ch.port2.postMessage(0); }); } }); mo.observe(document, { childList: true, subtree: true }); })();`);
      const events: any[] = [];
      cdp.on("Tracing.dataCollected", (d: any) => events.push(...d.value));
      const done = new Promise((ok) => cdp.once("Tracing.tracingComplete", ok));
      await cdp.send("Tracing.start", { categories: "devtools.timeline,blink.user_timing,loading,disabled-by-default-devtools.timeline", transferMode: "ReportEvents" });
      await page.goto(`${url}/game/${id}`, { waitUntil: "commit" });
      if (process.env.CDP_WAIT) {
        // waits by the protocol alone: no Playwright script put into the page while it loads
        const t0 = Date.now();
        while ((await cdp.send("Runtime.evaluate", { expression: "typeof window.__drawnAt", returnByValue: true })).result.value !== "number") {
          if (Date.now() - t0 > 60_000) throw new Error("no tiles");
          await new Promise((r) => setTimeout(r, 100));
        }
      } else await page.waitForFunction(() => typeof (window as any).__drawnAt === "number", null, { timeout: 60_000, polling: 50 });
      await page.waitForTimeout(1500);
      const t = await page.evaluate(() => ({ drawn: (window as any).__drawnAt, inDom: (window as any).__inDom, origin: performance.timeOrigin, res: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => `${new URL(r.name).pathname.slice(0, 40)} ${r.startTime.toFixed(0)}-${r.responseEnd.toFixed(0)}`), nav: performance.getEntriesByType("navigation")[0]!.toJSON(), paints: performance.getEntriesByType("paint").map((p) => `${p.name} ${p.startTime.toFixed(0)}`) }));
      await cdp.send("Tracing.end");
      await done;
      await c.close();
      if (run === 0) continue;
      // the trace's clock: the navigation's start as the trace has it (blink.user_timing navigationStart of the game's page)
      const nav = events.filter((e) => e.name === "navigationStart" && String(e.args?.data?.documentLoaderURL ?? "").includes("/game/"));
      const origin = nav.length ? nav[nav.length - 1].ts : t.origin * 1000;
      log(`\n== ${name} run ${run}: tile in DOM ${t.inDom.toFixed(0)} ms, painted ${t.drawn.toFixed(0)} ms; html ${(t.nav as any).responseStart.toFixed(0)}-${(t.nav as any).responseEnd.toFixed(0)}; ${t.paints.join(", ")}`);
      log(`   resources: ${t.res.join("; ")}`);
      const main = events.filter((e) => e.ph === "X" && e.dur > 8000 && /^(ParseHTML|Layout|Paint|UpdateLayoutTree|EvaluateScript|v8.compile|FunctionCall|ParseAuthorStyleSheet|RunTask|PrePaint|Commit|Layerize|ScheduleStyleRecalculation|HitTest|TimerFire|EventDispatch|v8.evaluateModule|CompileScript)$/.test(e.name));
      for (const e of main.filter((e) => e.name !== "RunTask").sort((a, b) => a.ts - b.ts)) {
        const at = (e.ts - origin) / 1000;
        if (at > t.drawn + 400) break;
        log(`   ${at.toFixed(0).padStart(5)} ms  ${e.name.padEnd(22)} ${(e.dur / 1000).toFixed(0).padStart(4)} ms ${e.args?.data?.url ? String(e.args.data.url).replace(/^.*\//, "") : ""} ${/EvaluateScript|ParseHTML/.test(e.name) ? JSON.stringify(e.args).slice(0, 300) : ""}`);
      }
    }
  }
} finally {
  writeFileSync(out, lines.join("\n") + "\n");
  await browser.close();
  await server.stop();
}
