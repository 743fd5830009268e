import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Each test file gets its own D1; bring it to the current schema.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
