/**
 * "Play again" and a stored card (issue 38, 1). A card a player or a league typed in is private:
 * a game played with it may be played again with it only by those who may use the card (its owner,
 * the members of its league); anyone else is told so plainly and may play the same players again
 * with a card of their own (`card`: a built-in card's id or one of their cards, as a new game takes).
 */
import { HttpError } from "../lib/errors";
import type { Env } from "../lib/env";
import { accessOf, getCardRow } from "../db/cards";
import { resolveCardOption } from "./cards";
import { headOf } from "../engine/rulesets";
import type { GameOptions, RulesetId } from "../engine/api";

export const PRIVATE_CARD = "again/private-card";

/** The new game's options: the ended game's, with the card asked for (`card`), or its own card when `userId` may use it. */
export async function againOptions(env: Env, userId: string, ruleset: RulesetId, options: GameOptions, card: unknown): Promise<{ options: GameOptions; storedId?: string }> {
  if (card !== undefined) {
    if (!headOf(ruleset).optionsSchema.fields.some((f) => f.key === "card")) throw new HttpError(400, "bad-field", `${headOf(ruleset).name} is played without a card.`);
    const chosen = await resolveCardOption(env, userId, card);
    return { options: { ...options, card: chosen.option ?? "sample-2026" }, ...(chosen.storedId ? { storedId: chosen.storedId } : {}) };
  }
  const kept = options.card;
  if (kept === null || typeof kept !== "object") return { options };
  const { id, name } = kept as { id?: unknown; name?: unknown };
  const row = typeof id === "string" ? await getCardRow(env, id) : null;
  if (row && (await accessOf(env, row, userId))) return { options };
  throw new HttpError(
    403,
    PRIVATE_CARD,
    `This game was played with “${typeof name === "string" ? name : "a club's card"}”, a private card: only its owner and those it was shared with can play it again. Choose a card of your own, and the same players are invited to a game with it.`,
  );
}
