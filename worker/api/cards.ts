/**
 * Cards a club brings (docs/card-format.md): create from JSON or typed text, read, edit, list,
 * duplicate, share read-only by link, export. Private: anyone without access gets 404. Games
 * and seasons name a card in `options.card`; `resolveCardOption` turns that name into the card
 * data the game keeps for good.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { appUrl, requireUser, type AppEnv } from "./context";
import * as db from "../db/cards";
import { leagueName as dbLeagueName, membership } from "../db/leagues";
import { HttpError, notFound } from "../lib/errors";
import { randomId, randomToken, sha256Hex } from "../lib/crypto";
import { isObj, str, type Obj } from "../lib/validate";
import { json, query, signedIn } from "./input";
import type { Env } from "../lib/env";
import { builtinCards, CARD_LIMITS, cardFromText, cardToText, numberProblems, validateCard, type Card, type TextProblem } from "../engine/card";

const CARD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SHARE = /^[A-Za-z0-9_-]{20,100}$/;
const NAME = { max: 100, what: "a name" } as const;

/** 422 with every problem of the card and its line. */
class CardInvalid extends Error {
  constructor(readonly problems: TextProblem[]) {
    super("card/invalid");
  }
}

const described = (p: TextProblem) => (p.line === null ? p.message : `line ${p.line}: ${p.message}`);

/** The card of a request body: `{card}` (JSON, docs/card-format.md) or `{name, text}` (typed). */
function cardOfBody(body: Obj, id: string): { card: Card; source: string | null } {
  if (body.text !== undefined) {
    if (typeof body.text !== "string") throw new HttpError(400, "bad-field", `"text" must be the card as text, one line per hand.`);
    const name = body.name === undefined ? undefined : str(body, "name", NAME);
    const r = cardFromText(body.text, { id, name });
    if (!r.ok) throw new CardInvalid(r.problems);
    return { card: r.card, source: body.text };
  }
  let data = body.card;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      throw new CardInvalid([{ line: null, message: "the card is not valid JSON" }]);
    }
  }
  if (!isObj(data)) throw new HttpError(400, "bad-field", `Send {"card": {...}} (the card as JSON) or {"name", "text"} (the card typed, one line per hand).`);
  if (JSON.stringify(data).length > CARD_LIMITS.bytes) throw new CardInvalid([{ line: null, message: `the card is larger than ${CARD_LIMITS.bytes / 1024} KB` }]);
  if (Array.isArray(data.lines) && data.lines.length > CARD_LIMITS.lines)
    throw new CardInvalid([{ line: CARD_LIMITS.lines + 1, message: `a card has at most ${CARD_LIMITS.lines} hands` }]);
  // The stored card's id is the service's; the file's own id is not needed.
  const withId: Obj = { ...data, id };
  if (body.name !== undefined) withId.name = str(body, "name", NAME);
  const check = validateCard(withId);
  if (!check.ok) throw new CardInvalid(numberProblems(withId, check.problems));
  return { card: check.card, source: null };
}

const cardId = (c: Context<AppEnv>) => {
  const id = c.req.param("id") ?? "";
  if (!CARD_ID.test(id)) throw notFound("No such card.");
  return id;
};

async function shareHashOf(token: unknown): Promise<string | null> {
  return typeof token === "string" && SHARE.test(token) ? sha256Hex(token) : null;
}

/** The card row and what this user may do with it; 404 for anyone who may not see it. */
async function load(env: Env, id: string, userId: string | undefined, shareToken?: unknown) {
  const row = await db.getCardRow(env, id);
  const access = row ? await db.accessOf(env, row, userId, await shareHashOf(shareToken)) : null;
  if (!row || !access) throw notFound("No such card.");
  return { row, access };
}

/** Where a new card goes: to me, or to a league I organise (`league` in the body). */
async function ownerOf(env: Env, body: Obj, userId: string): Promise<{ ownerUserId: string | null; leagueId: string | null }> {
  if (body.league === undefined || body.league === null) return { ownerUserId: userId, leagueId: null };
  const leagueId = str(body, "league", { max: 64, pattern: CARD_ID, what: "a league id" });
  const m = await membership(env, leagueId, userId);
  if (!m) throw notFound("No such league.");
  if (!m.organiser) throw new HttpError(403, "league/not-organiser", "Only the league's organisers can add its cards.");
  return { ownerUserId: null, leagueId };
}

async function leagueName(env: Env, id: string | null) {
  if (!id) return null;
  return dbLeagueName(env, id);
}

/**
 * A game's or season's `options.card` as the game keeps it: a built-in id stays an id; a stored
 * card this user may read becomes its card data (checked again by the engine's validator), so
 * later edits never reach the game. `storedId` is set for a stored card (record its games with
 * `db.recordCardGames`). Unknown or private cards are 404; an invalid one is 422.
 */
export async function resolveCardOption(env: Env, userId: string, value: unknown): Promise<{ option?: string | Card; storedId?: string }> {
  if (value === undefined || value === null || value === "") return {};
  if (typeof value !== "string" || !CARD_ID.test(value)) throw new HttpError(400, "bad-field", `"card" must be a card id, such as sample-2026 or one of your cards.`);
  if (builtinCards[value]) return { option: value };
  const { row } = await load(env, value, userId).catch(() => {
    throw notFound(`No such card: "${value}". Choose the sample card or one of your cards.`);
  });
  const check = validateCard(JSON.parse(row.data));
  if (!check.ok) throw new HttpError(422, "card/invalid", `The card "${row.name}" has problems; fix it in the card editor first.`);
  return { option: check.card, storedId: row.id };
}

const invalid = (c: Context<AppEnv>, e: CardInvalid) =>
  c.json(
    {
      code: "card/invalid",
      message: `The card has ${e.problems.length === 1 ? "a problem" : `${e.problems.length} problems`}: ${e.problems.slice(0, 3).map(described).join("; ")}${e.problems.length > 3 ? "; …" : ""}`,
      problems: e.problems,
    },
    422,
  );

const view = async (env: Env, row: db.CardRow, access: "edit" | "read") => {
  const card = JSON.parse(row.data) as Card;
  return {
    id: row.id,
    name: row.name,
    card,
    text: row.source ?? cardToText(card),
    canEdit: access === "edit",
    league: row.leagueId ? { id: row.leagueId, name: await leagueName(env, row.leagueId) } : null,
    shared: access === "edit" ? row.shareHash !== null : undefined,
    updatedAt: row.updatedAt,
  };
};

/** `?share=` (a reader's token) and, for the export, `?format=json`; the card's own checks stay in cardOfBody (422 with its problems). */
const shareQuery = query((q) => ({ share: q.share, format: q.format }));

export const cards = new Hono<AppEnv>()
  // Cards are larger than other requests (at most 64 KB of card, plus JSON's escaping).
  .use(bodyLimit({ maxSize: 2 * CARD_LIMITS.bytes, onError: (c) => c.json({ code: "too-large", message: "The card is larger than 64 KB." }, 413) }))
  .post("/", signedIn, json((body) => body), async (c) => {
    const user = requireUser(c);
    const body = c.req.valid("json");
    const owner = await ownerOf(c.env, body, user.id);
    const id = randomId();
    try {
      const { card, source } = cardOfBody(body, id);
      const now = Date.now();
      await db.insertCard(c.env, { id, name: card.name, ...owner, createdBy: user.id, data: JSON.stringify(card), source, createdAt: now, updatedAt: now });
      return c.json({ id }, 201);
    } catch (e) {
      if (e instanceof CardInvalid) return invalid(c, e);
      throw e;
    }
  })
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json({ cards: await db.listCards(c.env, user.id), builtin: Object.values(builtinCards).map((b) => ({ id: b.id, name: b.name, lines: b.lines.length })) });
  })
  .get("/:id", shareQuery, async (c) => {
    const id = cardId(c);
    const user = c.get("user");
    const { row, access } = await load(c.env, id, user?.id, c.req.valid("query").share);
    return c.json(await view(c.env, row, access));
  })
  .put("/:id", signedIn, json((body) => body), async (c) => {
    const user = requireUser(c);
    const id = cardId(c);
    const { row, access } = await load(c.env, id, user.id);
    if (access !== "edit") throw new HttpError(403, "card/read-only", "You can read this card but not change it; duplicate it to make your own.");
    const body = c.req.valid("json");
    try {
      const { card, source } = cardOfBody(body, id);
      await db.updateCard(c.env, row.id, { name: card.name, data: JSON.stringify(card), source, updatedAt: Date.now() });
      return c.json({ id });
    } catch (e) {
      if (e instanceof CardInvalid) return invalid(c, e);
      throw e;
    }
  })
  .post("/:id/duplicate", signedIn, json((body) => body), async (c) => {
    const user = requireUser(c);
    const body = c.req.valid("json");
    const { row } = await load(c.env, cardId(c), user.id, body.share);
    const owner = await ownerOf(c.env, body, user.id);
    const id = randomId();
    const card = { ...(JSON.parse(row.data) as Card), id };
    card.name = body.name === undefined ? `Copy of ${row.name}` : str(body, "name", NAME);
    const now = Date.now();
    await db.insertCard(c.env, { id, name: card.name, ...owner, createdBy: user.id, data: JSON.stringify(card), source: row.source, createdAt: now, updatedAt: now });
    return c.json({ id }, 201);
  })
  .post("/:id/share", async (c) => {
    const user = requireUser(c);
    const { row, access } = await load(c.env, cardId(c), user.id);
    if (access !== "edit") throw new HttpError(403, "card/read-only", "Only the card's owner can share it.");
    const token = randomToken();
    await db.setShareHash(c.env, row.id, await sha256Hex(token));
    return c.json({ token, url: `${appUrl(c)}/cards/${row.id}?share=${token}` });
  })
  .delete("/:id/share", async (c) => {
    const user = requireUser(c);
    const { row, access } = await load(c.env, cardId(c), user.id);
    if (access !== "edit") throw new HttpError(403, "card/read-only", "Only the card's owner can stop sharing it.");
    await db.setShareHash(c.env, row.id, null);
    return c.json({ ok: true });
  })
  .get("/:id/export", shareQuery, async (c) => {
    const user = c.get("user");
    const { row } = await load(c.env, cardId(c), user?.id, c.req.valid("query").share);
    const card = JSON.parse(row.data) as Card;
    const file = row.name.replace(/[^A-Za-z0-9 _-]+/g, "").trim().replace(/\s+/g, "-").slice(0, 60) || "card";
    if (c.req.valid("query").format === "json")
      return c.body(JSON.stringify(card, null, 2), 200, { "content-type": "application/json; charset=utf-8", "content-disposition": `attachment; filename="${file}.json"` });
    return c.body(row.source ?? cardToText(card), 200, { "content-type": "text/plain; charset=utf-8", "content-disposition": `attachment; filename="${file}.txt"` });
  });
