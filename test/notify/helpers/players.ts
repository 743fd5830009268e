/** Players and games of the notify tests that run in workerd: signed in through the API, games reached by their Durable Object. */
import { expect } from "vitest";
import { env } from "cloudflare:workers";
import { signIn } from "../../worker/client";

/** Signs in and takes a display name, so the mail's words do not hang on the default name an address gives. */
export async function player(email: string, displayName: string) {
  const b = await signIn(email);
  expect((await b.put("/api/me", { displayName })).status).toBe(200);
  return b;
}

export const stubOf = (id: string) => env.GAME.get(env.GAME.idFromName(id));
export const userIdOf = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
