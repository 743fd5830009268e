import { defineConfig } from "drizzle-kit";

// D1 migrations: `npx drizzle-kit generate` writes SQL into migrations/, which wrangler
// (`migrations_dir`) and the worker tests (readD1Migrations) both apply.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema*.ts",
  out: "./migrations",
});
