import { defineConfig } from "vitest/config";

// Projects: "engine" runs the pure rules engine in Node (it imports nothing from Cloudflare).
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "engine", include: ["test/engine/**/*.test.ts"], environment: "node" },
      },
    ],
  },
});
