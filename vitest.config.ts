import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";

const migrations = await readD1Migrations("./migrations");

// Projects: "engine" runs the pure rules engine in Node (it imports nothing from Cloudflare);
// "worker" runs the service inside workerd with real D1, Durable Object and Queue bindings.
export default defineConfig({
  test: {
    // Two files at a time (vitest's default is one fewer than the cores: one on a 2-core machine).
    // Most of a browser or workerd test's time is spent waiting for another process (chromium,
    // wrangler dev, workerd), so a second file runs in that time.
    maxWorkers: 2,
    projects: [
      {
        // test/game: the game DO's pure parts (clock, notices, document changes), also plain Node.
        test: { name: "engine", include: ["test/engine/**/*.test.ts", "test/game/**/*.test.ts"], environment: "node" },
      },
      {
        // Notifications, pure parts and web push round trip (Node); *.worker.test.ts run inside workerd.
        test: { name: "notify", include: ["test/notify/**/*.test.ts"], exclude: ["test/notify/**/*.worker.test.ts"], environment: "node" },
      },
      {
        // The web app in a real browser (Debian chromium) against wrangler dev, one server and fresh
        // database per file; the app is built and the migrations applied once per run (global-setup.ts).
        // expect.poll waits for a page to show something (a reload, a socket's update); on a loaded
        // machine that can take seconds, so its default 1 s would fail a page that is only slow.
        test: { name: "web", include: ["test/web/**/*.test.ts"], environment: "node", globalSetup: ["./test/web/global-setup.ts"], testTimeout: 900_000, hookTimeout: 240_000, expect: { poll: { timeout: 20_000 } } },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
          }),
        ],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts", "test/notify/**/*.worker.test.ts"],
          setupFiles: ["./test/worker/setup.ts"],
          // A real SMTP server on loopback (python3-aiosmtpd) for test/notify/smtp.worker.test.ts.
          globalSetup: ["./test/notify/helpers/smtp-server.global.mjs"],
        },
      },
    ],
  },
});
