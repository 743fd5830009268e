/** Test fixtures written straight into D1 (inside workerd). */
import { env } from "cloudflare:workers";

export async function addUser(id: string, name: string, timezone = "UTC"): Promise<string> {
  const email = `${id}@example.com`;
  await env.DB.prepare("INSERT INTO users (id, email, display_name, timezone, created_at) VALUES (?, ?, ?, ?, ?)").bind(id, email, name, timezone, Date.now()).run();
  return email;
}

/** A game in the games index with seat 0 = `toAct` (their turn, until `deadline`) and seat 1 = `other`. */
export async function addGameAwaiting(gameId: string, toAct: string, other: string, deadline: number | null): Promise<void> {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO games (id, ruleset, status, seats, created_by, invite_hash, days_per_move, version, deadline, created_at, updated_at) VALUES (?, 'siamese', 'active', 2, ?, 'x', 3, 1, ?, ?, ?)",
    ).bind(gameId, toAct, deadline, now, now),
    env.DB.prepare("INSERT INTO game_players (game_id, seat, user_id, to_act, deadline) VALUES (?, 0, ?, 1, ?)").bind(gameId, toAct, deadline),
    env.DB.prepare("INSERT INTO game_players (game_id, seat, user_id, to_act, deadline) VALUES (?, 1, ?, 0, NULL)").bind(gameId, other),
  ]);
}
