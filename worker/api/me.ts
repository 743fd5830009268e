/** The signed-in player: profile, vacation, ledger. */
import { Hono } from "hono";
import { cancelChallengesOf } from "./challenges";
import { leaveGame } from "./leave";
import { appUrl, currentUser, endedHere, forgetProof, requireUser, userChanged, type AppEnv } from "./context";
import { ACCOUNT_TOKEN_TTL_MS, consumeAccountToken, createAccountToken, deleteAccount, exportOf } from "../db/account";
import { emailOf, emailTaken, gameIdsOf, saveProfile, setEmail, endVacation, takeVacation } from "../db/accounts";
import { DELETED_NAME } from "../db/profiles";
import { mailStatus, refusedWords, sendMail } from "../notify/mail";
import { activeGameIds } from "../db/games";
import { entriesFor, totalsFor } from "../db/ledger";
import { HttpError } from "../lib/errors";
import { displayName as nameOf, email, int, str, timezone } from "../lib/validate";
import { json, query, signedIn } from "./input";
import { DAY } from "../game/clock";
import { ordersField, ordersNotedField, saveOrdersSettings } from "./me-orders";
import { profileOf, VACATION_DAYS_PER_YEAR } from "./profile";
import { badRequest } from "../lib/errors";
import { isObj, type Obj } from "../lib/validate";
import { saveAccessPrefs, type AccessPrefs } from "../db/access-prefs";

/** `access` of PUT /api/me: larger tiles and play by typing, either or both. */
function accessField(body: Obj): Partial<AccessPrefs> | undefined {
  const a = body.access;
  if (a === undefined) return undefined;
  if (!isObj(a) || Object.keys(a).some((k) => k !== "largeTiles" && k !== "playByTyping") || Object.values(a).some((v) => typeof v !== "boolean"))
    throw badRequest("bad-field", `"access" must be {largeTiles, playByTyping}, each true or false.`);
  return a as Partial<AccessPrefs>;
}

export { VACATION_DAYS_PER_YEAR };

export const me = new Hono<AppEnv>()
  // `?optional` (the app asks so on every page): a signed-out visitor is an answer, null, not an error
  .get("/", query((q) => ({ optional: q.optional !== undefined })), async (c) => {
    if (!c.get("user") && c.req.valid("query").optional) return c.json(null);
    return c.json(await profileOf(c.env, requireUser(c).id));
  })
  .put("/", signedIn, json((body) => ({ displayName: body.displayName === undefined ? undefined : nameOf(body, "displayName"), timezone: body.timezone === undefined ? undefined : timezone(body, "timezone"), orders: ordersField(body), ordersNoted: ordersNotedField(body), access: accessField(body) })), async (c) => {
    // From D1, not a proof minutes old: the fields not asked are written back as they are now.
    const user = await currentUser(c);
    const asked = c.req.valid("json");
    await saveOrdersSettings(c.env, user.id, asked);
    if (asked.access !== undefined) await saveAccessPrefs(c.env, user.id, asked.access);
    const displayName = asked.displayName ?? user.displayName;
    const tz = asked.timezone ?? user.timezone;
    // The first save of the profile answers the welcome questions for good (a change about orders or access settings alone is not one).
    const settingsOnly = (asked.orders !== undefined || asked.ordersNoted !== undefined || asked.access !== undefined) && asked.displayName === undefined && asked.timezone === undefined;
    if (!settingsOnly) await saveProfile(c.env, user.id, displayName, tz);
    // Tables show the name a seat was taken with: a new name reaches every game of theirs, so a
    // name given for them (once made from their address) is gone from every table they sat at.
    if (displayName !== user.displayName) await renameSeats(c.env, user.id, displayName);
    userChanged(c, { ...user, displayName, timezone: tz });
    return c.json(await profileOf(c.env, user.id));
  })
  .post("/vacation", signedIn, json((body) => ({ days: int(body, "days", 1, VACATION_DAYS_PER_YEAR) })), async (c) => {
    const user = requireUser(c);
    const { days } = c.req.valid("json");
    // A new vacation starts now; one already running is extended from its end.
    const until = await takeVacation(c.env, user.id, days, VACATION_DAYS_PER_YEAR, DAY);
    if (until === null) throw new HttpError(422, "vacation/too-long", `At most ${VACATION_DAYS_PER_YEAR} vacation days a year; you do not have ${days} left.`);
    userChanged(c, { ...user, vacationUntil: until });
    const ids = await activeGameIds(c.env, user.id);
    await Promise.all(ids.map((id) => c.env.GAME.get(c.env.GAME.idFromName(id)).vacation(user.id, until)));
    return c.json(await profileOf(c.env, user.id));
  })
  // Back early: the clocks run again from now, and the whole days not yet begun are given back.
  .delete("/vacation", signedIn, async (c) => {
    const user = requireUser(c);
    const until = await endVacation(c.env, user.id, DAY);
    if (until === null) throw new HttpError(409, "vacation/none", "You are not on vacation.");
    userChanged(c, { ...user, vacationUntil: until });
    const ids = await activeGameIds(c.env, user.id);
    await Promise.all(ids.map((id) => c.env.GAME.get(c.env.GAME.idFromName(id)).endVacation(user.id)));
    return c.json(await profileOf(c.env, user.id));
  })
  .get("/ledger", async (c) => {
    const user = requireUser(c);
    return c.json({ totals: await totalsFor(c.env, user.id), entries: await entriesFor(c.env, user.id) });
  });

// ---- your own account: a new email address, export, deletion ----

const ACCOUNT_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const tokenOf = (raw: unknown) => (typeof raw === "string" && ACCOUNT_TOKEN.test(raw) ? raw : null);
const expired = () => new HttpError(400, "link-expired", "This link is used up or expired. Ask for a new one.");

async function confirmEmail(env: AppEnv["Bindings"], token: string | null) {
  const t = token ? await consumeAccountToken(env, token, "email") : null;
  if (!t?.email) throw expired();
  const old = await emailOf(env, t.userId);
  if (!old) throw expired();
  if (await emailTaken(env, t.email, t.userId)) throw new HttpError(409, "email/taken", "Another account already uses that address.");
  await setEmail(env, t.userId, t.email);
  await sendMail(env, {
    to: old,
    subject: "Your email address was changed",
    text: `The email address of your Mah Jongg by post account is now ${t.email}. Sign-in links and notices go there from now on.\n\nIf you did not make this change, write to us at once.`,
  });
  return t.userId;
}

/**
 * RULES (deleting an account): the player's running games are resigned — each ends as abandoned by
 * them, scored as the rules score an abandonment, and is not rated. Finished games, ledger lines,
 * ratings and league results stay under the name "Deleted player". Their open challenges, and the
 * games they made that nobody has joined yet (invitations, Play again), are called off.
 */
async function confirmDelete(env: AppEnv["Bindings"], token: string | null) {
  const t = token ? await consumeAccountToken(env, token, "delete") : null;
  if (!t) throw expired();
  // The account is marked deleted first: from then on no challenge of theirs can be listed
  // (insertChallenge checks it in the same statement), so calling off what is open misses none.
  await deleteAccount(env, t.userId);
  await cancelChallengesOf(env, t.userId);
  // Games not started are withdrawn (B cannot join a game whose maker is gone), running ones resigned.
  for (const id of await activeGameIds(env, t.userId)) await leaveGame(env, id, t.userId);
  await renameSeats(env, t.userId, DELETED_NAME);
  return t.userId;
}

/** Every table the player sat at shows them as `name` (a new name, or the deleted player's), 20 games at a time. */
async function renameSeats(env: AppEnv["Bindings"], userId: string, name: string) {
  const ids = await gameIdsOf(env, userId);
  for (let i = 0; i < ids.length; i += 20) await Promise.all(ids.slice(i, i + 20).map((id) => env.GAME.get(env.GAME.idFromName(id)).renameSeat(userId, name)));
}

me.post("/email", signedIn, json((body) => ({ email: email(body, "email") })), async (c) => {
  const user = requireUser(c);
  const address = c.req.valid("json").email;
  if (await emailTaken(c.env, address)) throw new HttpError(409, "email/taken", "That address is already in use.");
  const token = await createAccountToken(c.env, user.id, "email", address);
  const link = `${appUrl(c)}/api/me/email/confirm?token=${token}`;
  const mail = await sendMail(c.env, {
    to: address,
    subject: "Confirm your new email address",
    text: `Open this link within a day to make ${address} the address of your Mah Jongg by post account:\n\n${link}\n\nIf you did not ask for it, ignore this message.`,
    link,
    until: Date.now() + ACCOUNT_TOKEN_TTL_MS,
  });
  if (!mail.sent && mail.refused) throw new HttpError(422, "mail/refused", refusedWords(address));
  return c.json({
    ok: true,
    mail: mailStatus(mail),
    message: mail.sent ? `We sent a link to ${address}. Your address changes when you open it.` : `We could not send the link to ${address} yet; we are trying again. Your address changes when you open it.`,
  });
})
  .post("/email/confirm", json((body) => ({ token: tokenOf(body.token) })), async (c) => {
    if ((await confirmEmail(c.env, c.req.valid("json").token)) === c.get("user")?.id) forgetProof(c);
    return c.json({ ok: true });
  })
  .get("/email/confirm", query((q) => ({ token: tokenOf(q.token) })), async (c) => {
    try {
      if ((await confirmEmail(c.env, c.req.valid("query").token)) === c.get("user")?.id) forgetProof(c);
      return c.redirect("/settings?email=changed");
    } catch {
      return c.redirect("/settings?email=failed");
    }
  })
  .get("/export", async (c) => {
    const user = requireUser(c);
    return c.body(JSON.stringify(await exportOf(c.env, user.id), null, 1), 200, {
      "content-type": "application/json; charset=UTF-8",
      "content-disposition": `attachment; filename="mahjong-by-post-${user.id}.json"`,
    });
  })
  .post("/delete", async (c) => {
    const user = requireUser(c);
    const to = await emailOf(c.env, user.id);
    const token = await createAccountToken(c.env, user.id, "delete", null);
    const link = `${appUrl(c)}/account/delete?token=${token}`;
    const mail = await sendMail(c.env, {
      to: to!,
      subject: "Confirm deleting your account",
      text: `Open this link within a day to delete your Mah Jongg by post account. Your running games will be resigned; finished games and league results stay under the name "${DELETED_NAME}". This cannot be undone.\n\n${link}\n\nIf you did not ask for it, ignore this message: nothing changes.`,
      link,
      until: Date.now() + ACCOUNT_TOKEN_TTL_MS,
    });
    return c.json({ ok: true, mail: mailStatus(mail), message: mail.sent ? "We sent you a link; your account is deleted when you open it and confirm." : "We could not send you the link yet; we are trying again. Your account is deleted when you open it and confirm." });
  })
  .post("/delete/confirm", json((body) => ({ token: tokenOf(body.token) })), async (c) => {
    if ((await confirmDelete(c.env, c.req.valid("json").token)) === c.get("user")?.id) endedHere(c);
    return c.json({ ok: true });
  });
