import { defineConfig } from "vite";
import preact from "@preact/preset-vite";
import { fileURLToPath } from "node:url";

// The web app: root web/, built into dist/web, served by the worker as static assets
// (SPA fallback; /api/* and /dev/* reach the worker first).
export default defineConfig({
  root: fileURLToPath(new URL("./web", import.meta.url)),
  publicDir: "public",
  plugins: [preact({ prerender: { enabled: false } })],
  resolve: {
    // The registry's siamese-wp edition: its head now, its play loaded in the background (see the file).
    alias: [{ find: /^\.\/variants\/siamese-wp\/edition$/, replacement: fileURLToPath(new URL("./web/src/engine/siamese-wp-edition.ts", import.meta.url)) }],
  },
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    // Rule book and card text are imported raw; keep them out of the game page bundle.
    chunkSizeWarningLimit: 200,
    // The game page is one script: everything the entry imports statically goes into it, rather than
    // into small shared chunks that a phone fetches one round trip (and one connection) each.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
    // Every browser we serve knows <link rel="modulepreload">: no polyfill in the first script.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8787", ws: true }, "/dev": "http://127.0.0.1:8787" },
  },
});
