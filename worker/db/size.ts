/** How large the D1 database is now (bench:cost's growth of D1 per game). */
import type { Env } from "../lib/env";

export async function databaseBytes(env: Env): Promise<number> {
  return (await env.DB.prepare("SELECT 1").run()).meta.size_after;
}
