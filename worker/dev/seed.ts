/** The local demo: two accounts and a Siamese game in progress between them (development only; /api/dev/seed). */
import type { Env } from "../lib/env";
import { findOrCreateUser } from "../db/accounts";
import { defaultOrdersRead } from "../db/orders";
import { sha256Hex } from "../lib/crypto";
import { commitment } from "../engine/random";
import type { Move } from "../engine/api";
import { parseOptions, type RulesetId } from "../engine/rulesets";

export const DEMO_GAME = "demo";
const DEMO_INVITE = "demo-invitation-token-0000";
const DEMO_SEED = "demo-seed";
const DEMO_RULESET: RulesetId = "siamese";

export async function seedDemo(env: Env, origin: string) {
  const ann = await findOrCreateUser(env, "ann@example.com", Date.now(), "Ann");
  const bob = await findOrCreateUser(env, "bob@example.com", Date.now(), "Bob");
  const stub = env.GAME.get(env.GAME.idFromName(DEMO_GAME));
  const demo = parseOptions(DEMO_RULESET, {});
  if (!demo.ok) throw new Error(demo.message);
  const created = await stub.create({
    id: DEMO_GAME,
    ruleset: DEMO_RULESET,
    options: demo.options,
    daysPerMove: 3,
    seats: demo.seats,
    creator: { userId: ann, name: "Ann" },
    inviteHash: await sha256Hex(DEMO_INVITE),
    seed: DEMO_SEED,
    commitment: commitment(DEMO_SEED),
    appUrl: env.APP_URL ?? origin,
  });
  if (created.ok) {
    await stub.join({ userId: bob, name: "Bob" }, await sha256Hex(DEMO_INVITE), await defaultOrdersRead(env, [ann, bob]));
    // A few turns (draw, discard) so the demo shows a game under way.
    for (let i = 0; i < 6; i++) {
      for (const userId of [ann, bob]) {
        const r = await stub.get(userId, null);
        if (!r.ok) continue;
        const g = r.value as unknown as { version: number; legalMoves: Move[] };
        const move = g.legalMoves.find((m) => m.type === "draw") ?? g.legalMoves.find((m) => m.type === "discard");
        if (move) await stub.move(userId, { version: g.version, move, idempotencyKey: `demo-${i}-${userId}` });
      }
    }
  }
  return { ok: true, game: DEMO_GAME, accounts: ["ann@example.com", "bob@example.com"], url: `${origin}/game/${DEMO_GAME}` };
}
