/**
 * What a screen reader says as a game goes on, worked out from the view before and the view after:
 * what everyone did since (the game's own words, "Ann discarded 7 Craks"; your own as "You …"), then
 * what you must decide now and how long you have ("Your turn: draw, or claim Ann's discard (pung).
 * 2 days left."), a warning when your last minute starts, and the end. Each thing once, in order, in
 * one message: urgent (read at once) when it asks something of you or your last minute has come,
 * polite otherwise. Pure: the page (Access.tsx) only feeds it views and speaks what it returns.
 */
import type { Move } from "../../../worker/engine/api";
import { timeLeft } from "../components/timeLeft";

/** The few fields of a game's answer (GET /api/games/:id) the announcer reads. */
export interface GameLike {
  version: number;
  status: string;
  live?: boolean;
  players: { seat: number; name: string | null; toAct: boolean; deadline: number | null }[];
  legalMoves: unknown[];
  events: { version: number; text: string; event: unknown }[];
  view: unknown;
}

/** One view as the announcer keeps it. */
export interface Heard {
  version: number;
  ended: boolean;
  events: { version: number; text: string; seat: number | null; type: string; discarder?: number }[];
  /** What you must decide (a key that changes with the choice), null when nothing is asked of you. */
  decision: string | null;
  /** That decision in words, without "Your turn". */
  prompt: string;
  /** Your clock, while it runs. */
  deadline: number | null;
  /** The game's time when this was heard (the service's clock, as this device reckons it). */
  now: number;
  myName: string;
  me: number;
}

export interface Said {
  text: string;
  /** Read at once (your turn, your last minute); otherwise when the reader is free. */
  urgent: boolean;
}

const LAST_MINUTE = 60_000;

/** The moves that ask nothing now (standing orders and call preferences are the game menu's). */
const own = (legal: unknown[]) => (legal as Move[]).filter((m) => m && m.type !== "preference" && m.type !== "orders");

const GROUPS: Record<number, string> = { 2: "pair", 3: "pung", 4: "kong", 5: "quint", 6: "sextet" };
const MAHJONG = new Set(["mahjong", "claim-mahjong", "call-mahjong", "woo"]);
/** What a claim is called ("pung", "chow", "take it"); null for a move that claims nothing. */
export function claimWord(m: Move): string | null {
  if (m.type === "claim" || m.type === "call") return typeof m.set === "string" ? m.set : (GROUPS[Number(m.size)] ?? "claim");
  if (m.type === "pung" || m.type === "chow") return m.type;
  if (m.type === "kong" && m.kind === undefined) return "kong";
  if (m.type === "take") return "take it";
  return null;
}

/** A short fingerprint of a text (FNV-1a, 32 bits): two different sets of moves practically never share one. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

const list = (xs: string[]) => (xs.length < 2 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} or ${xs.at(-1)}`);

/** The Charleston's pass (a pass of tiles, a courtesy offer or a stop) rather than a claim window's. */
const charleston = (ms: Move[]) => ms.some((m) => (m.type === "pass" && Array.isArray(m.tiles)) || m.type === "courtesy" || m.type === "stop");

/**
 * What the legal moves ask of you, in words ("draw, or claim Ann's discard (pung)"), and a key that
 * changes whenever the choice does. `whose` names the discard that may be claimed.
 */
export function decisionOf(legal: unknown[], whose: string, stage?: string): { key: string; prompt: string } | null {
  const ms = own(legal);
  if (!ms.length) return null;
  const types = [...new Set(ms.map((m) => m.type))];
  // the same kinds of moves, other tiles: a new choice (the next Charleston pass, the next discard). The
  // moves themselves, hashed: a sum of their tile ids was the same for a pass of 7 Bams, 2 and 3 Dots and
  // the next pass after receiving 3 Bams, 1 and 9 Dots, and that pass was never said
  const key = `${types.join(",")}:${ms.length}:${hash(JSON.stringify(ms))}`;
  const claims = [...new Set(ms.map(claimWord).filter((w): w is string => !!w))];
  const mahjong = ms.some((m) => MAHJONG.has(m.type));
  if (charleston(ms)) {
    const courtesy = types.includes("courtesy");
    const stop = types.includes("stop") ? ", or stop the Charleston" : "";
    return { key, prompt: `${stage ? `${stage}. ` : "Charleston. "}${courtesy ? "Offer 0 to 3 tiles across" : "Choose 3 tiles to pass"}${stop}.` };
  }
  if (types.includes("pass")) {
    const ways = [...(mahjong ? ["Mah Jongg"] : []), ...claims];
    return { key, prompt: ways.length ? `Claim ${whose} discard (${list(ways)}), or pass.` : `Pass: you cannot claim ${whose} discard.` };
  }
  if (types.includes("draw")) {
    const ways = [...(mahjong ? ["Mah Jongg"] : []), ...claims];
    return { key, prompt: `Draw${ways.length ? `, or claim ${whose} discard (${list(ways)})` : ""}.` };
  }
  if (types.includes("discard")) {
    const extra = [mahjong ? "declare Mah Jongg" : "", ms.some((m) => m.type === "kong" && m.kind !== undefined) ? "lay out a kong" : "", types.includes("joker") ? "swap a tile for a joker" : ""].filter(Boolean);
    return { key, prompt: `Discard a tile${extra.length ? `, or ${list(extra)}` : ""}.` };
  }
  if (mahjong) return { key, prompt: "Declare Mah Jongg." };
  return { key, prompt: "Choose your move." };
}

/** "Draw, or …" after "Your turn: " ("draw, or …"); a stage's name keeps its capital. */
export const lower = (prompt: string) => prompt.replace(/^(Draw|Discard|Claim|Declare|Choose|Offer)\b/, (w) => w.toLowerCase());

/** The view as the announcer keeps it; `now` is the game's time as this device reckons it. */
export function heardOf(game: GameLike, seat: number, now: number): Heard {
  const me = game.players.find((p) => p.seat === seat);
  const events = game.events.map((e) => {
    const ev = (e.event ?? {}) as { seat?: unknown; type?: unknown; discarder?: unknown };
    return { version: e.version, text: e.text, seat: typeof ev.seat === "number" ? ev.seat : null, type: String(ev.type ?? ""), discarder: typeof ev.discarder === "number" ? ev.discarder : undefined };
  });
  // whose discard may be claimed: the latest discard's thrower
  const lastDiscard = [...events].reverse().find((e) => e.type === "discard" && e.seat !== null);
  const thrower = lastDiscard ? game.players.find((p) => p.seat === lastDiscard.seat) : undefined;
  const whose = !thrower ? "the" : thrower.seat === seat ? "your" : `${thrower.name ?? "their"}'s`;
  const stage = (game.view as { charleston?: { name?: unknown } | null } | null)?.charleston?.name;
  const d = game.status === "active" && seat >= 0 ? decisionOf(game.legalMoves, whose, typeof stage === "string" ? stage : undefined) : null;
  return {
    version: game.version,
    ended: game.status === "ended",
    events,
    // a new discard or a new Charleston pass is a new decision even when its moves are the very same (a
    // second claim window on the other copy of a tile, the page having missed the views between)
    decision: d ? `${d.key}|${stage ?? ""}|${lastDiscard?.version ?? ""}` : null,
    prompt: d?.prompt ?? "",
    deadline: d && me?.toAct ? me.deadline : null,
    now,
    myName: me?.name ?? "",
    me: seat,
  };
}

const VERBS: Record<string, string> = { is: "are", has: "have", stops: "stop", takes: "take", calls: "call", was: "were" };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * You in the second person: "Nell drew 5 Dots" → "You drew 5 Dots", "Nell's time ran out: their
 * turn…" → "Your time ran out: your turn…", "Nobody claimed Nell's 3 Bams" → "Nobody claimed your 3 Bams".
 */
export function asYou(text: string, name: string): string {
  if (!name) return text;
  // the name whole: not "Ann" inside "Annie" nor "Ann (2)", another player at the table
  const n = `(?<![\\w)])${escape(name)}(?!\\w| \\(\\d)`;
  let out = text.replace(new RegExp(`^${n}'s `), "Your ").replace(new RegExp(`^${n} (now )?(is|has|stops|takes|calls|was)\\b`), (_, now: string | undefined, v: string) => `You ${now && (v === "is" || v === "has") ? `${VERBS[v]} now` : `${now ?? ""}${VERBS[v]}`}`);
  out = out.replace(new RegExp(`^${n} `), "You ");
  if (out !== text) out = out.replace(/\band takes\b/g, "and take").replace(/\btheir\b/g, "your").replace(/\bthem\b/g, "you");
  return out.replace(new RegExp(`${n}'s\\b`, "g"), "your").replace(new RegExp(`${n}(?!'s)`, "g"), "you");
}

const SECRET = new Set(["window-answered", "answer", "charleston-chosen", "charleston-received"]);
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/**
 * What to say now that `next` has come after `prev` (null: the page has just opened). Null when there
 * is nothing new. A view the page already had (the same version, a presence change) says nothing
 * unless your last minute has started meanwhile.
 */
export function announce(prev: Heard | null, next: Heard): Said | null {
  const parts: string[] = [];
  let urgent = false;
  if (prev) {
    for (const e of next.events) {
      if (e.version <= prev.version || !e.text) continue;
      // a claim window is said by its discard (and, when you are asked, your decision below); what the
      // others answer or choose in secret is said when it is carried out ("Nobody claimed…", "Charleston: everyone passed…")
      if ((e.type === "window" && (next.decision || e.discarder === next.me)) || (SECRET.has(e.type) && e.seat !== next.me)) continue;
      // your own choice in the Charleston (a pass, a stop, an offer) is in; what it did is said when the pass is made
      parts.push(e.type === "charleston-chosen" ? "Your choice is in." : sentence(asYou(e.text, next.myName)));
    }
    if (next.ended && !prev.ended && !next.events.some((e) => e.version > prev.version && e.type === "end")) parts.push("The game is over.");
  }
  const left = (h: Heard) => (h.deadline === null ? Infinity : h.deadline - h.now);
  if (next.decision && next.decision !== prev?.decision) {
    const time = next.deadline === null ? "" : ` ${sentence(timeLeft(next.deadline, next.now).replace(/^./, (c) => c.toUpperCase()))}`;
    parts.push(prev?.decision ? `${next.prompt}${time}` : `Your turn: ${lower(next.prompt)}${time}`);
    urgent = true;
  } else if (next.decision && left(next) <= LAST_MINUTE && left(prev!) > LAST_MINUTE && left(next) > 0) {
    parts.push(`Your last minute: ${timeLeft(next.deadline, next.now)}.`);
    urgent = true;
  }
  return parts.length ? { text: parts.join(" "), urgent } : null;
}
