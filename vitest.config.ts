import { defineConfig } from "vitest/config";

// Projects: "engine" runs the pure rules engine in Node (it imports nothing from Cloudflare).
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "engine", include: ["test/engine/**/*.test.ts"], environment: "node" },
      },
      {
        // Notifications, pure parts and web push round trip (Node); *.worker.test.ts run inside workerd.
        test: { name: "notify", include: ["test/notify/**/*.test.ts"], exclude: ["test/notify/**/*.worker.test.ts"], environment: "node" },
      },
    ],
  },
});
