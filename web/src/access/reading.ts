/**
 * The table read out as text, for the command line's questions ("hand", "discards", "who", "clock",
 * "status", "last", "help"). Each ruleset reads its own view into a Reading (its `reading` in
 * web/src/rulesets/registry.ts); the words below are the same at every table. Pure.
 */
import type { Move } from "../../../worker/engine/api";
import type { Kind } from "../../../worker/engine/tile-kinds";
import { timeLeft } from "../components/timeLeft";
import { claimWord, decisionOf, lower } from "./announce";

export interface SeatReading {
  seat: number;
  name: string;
  /** Where and what the seat is: "East", "South wind, flower 2", "across from you". */
  wind: string;
  hidden: number;
  /** What the seat has laid out, in words: "pung of 7 Craks on rack 1", "flower 2 red". */
  laid: string[];
  discards: Kind[];
  /** "rack 2 dead: …", "Mah Jongg on rack 1", "1,980 points". */
  tags: string[];
}

export interface Reading {
  /** Your concealed tiles, by rack (one list where a player has one hand). */
  racks: { name: string; tiles: { id: number; kind: Kind }[] }[];
  /** The tile you have just drawn (its id). */
  drawn: number | null;
  seats: SeatReading[];
  /** "52 tiles in the wall". */
  wall: string;
  /** The discard that may be claimed now, and whose it is. */
  claimable: { seat: number; kind: Kind } | null;
  /** A move in the table's own words (as on its button). */
  label: (m: Move) => string;
  /** The Charleston's pass now ("First Charleston, pass right"). */
  stage?: string;
  /** The tile a joker exchange gives. */
  jokerKind?: (m: Move) => Kind | undefined;
}

/** Reads one seat's view of a game into a Reading (null when the view cannot be read). */
export type Reader = (view: unknown, seat: number, names: string[], gameId: string, name: (k: Kind) => string) => Reading | null;

const COUNTS = ["", "", "twice", "3 times", "4 times"];
/** "1 Bams, 2 Dots twice, North" (in the order given, each kind once with how many). */
export function tilesText(kinds: Kind[], name: (k: Kind) => string): string {
  if (!kinds.length) return "none";
  const seen = new Map<Kind, number>();
  for (const k of kinds) seen.set(k, (seen.get(k) ?? 0) + 1);
  return [...seen].map(([k, n]) => `${name(k)}${n > 1 ? ` ${COUNTS[n] ?? `${n} times`}` : ""}`).join(", ");
}

const byKind = (ts: { id: number; kind: Kind }[]) => ts.map((t) => t.kind).sort((a, b) => a - b);

export function handText(r: Reading, name: (k: Kind) => string): string {
  const drawn = r.racks.flatMap((x) => x.tiles).find((t) => t.id === r.drawn);
  const racks = r.racks.map((x) => `${x.name}, ${x.tiles.length} ${x.tiles.length === 1 ? "tile" : "tiles"}: ${tilesText(byKind(x.tiles), name)}.`);
  const me = r.seats.find((s) => s.name === "You");
  const laid = me?.laid.length ? ` Laid out: ${me.laid.join("; ")}.` : "";
  const tags = me?.tags.length ? ` ${me.tags.map((t) => t.replace(/^./, (c) => c.toUpperCase())).join(". ")}.` : "";
  return `${racks.join(" ")}${drawn ? ` Just drawn: ${name(drawn.kind)}.` : ""}${laid}${tags}`;
}

export function discardsText(r: Reading, name: (k: Kind) => string): string {
  const rows = r.seats.map((s) => `${s.name === "You" ? "Yours" : `${s.name}'s`}: ${s.discards.length ? s.discards.map(name).join(", ") : "none"}.`);
  const c = r.claimable ? ` ${r.seats.find((s) => s.seat === r.claimable!.seat)?.name ?? "Someone"} just discarded ${name(r.claimable.kind)}: it may be claimed.` : "";
  return `Discards, oldest first. ${rows.join(" ")}${c}`;
}

export function whoText(r: Reading, players: { seat: number; toAct: boolean }[]): string {
  return r.seats
    .map((s) => {
      const acting = players.find((p) => p.seat === s.seat)?.toAct ? ", to play" : "";
      const laid = s.laid.length ? `, laid out: ${s.laid.join("; ")}` : ", nothing laid out";
      const tags = s.tags.length ? `, ${s.tags.join(", ")}` : "";
      return `${s.name} (${s.wind})${acting}: ${s.hidden} hidden${laid}${tags}.`;
    })
    .join(" ")
    .concat(` ${r.wall}.`);
}

export function clockText(players: { seat: number; name: string | null; toAct: boolean; deadline: number | null }[], me: number, now: number): string {
  const acting = players.filter((p) => p.toAct);
  if (!acting.length) return "No clock is running.";
  return acting.map((p) => `${p.seat === me ? "You" : (p.name ?? "A player")}: ${p.deadline ? timeLeft(p.deadline, now) : "to play"}.`).join(" ");
}

/** What you may do now ("Your turn: draw, or claim …"), or whom the table waits for. */
export function statusText(legal: Move[], players: { seat: number; name: string | null; toAct: boolean }[], me: number, r: Reading | null, name: (k: Kind) => string): string {
  const whose = r?.claimable ? (r.claimable.seat === me ? "your" : `${r.seats.find((s) => s.seat === r.claimable!.seat)?.name ?? "their"}'s`) : "the";
  const d = decisionOf(legal, whose, r?.stage);
  const tile = r?.claimable ? ` The discard is ${name(r.claimable.kind)}.` : "";
  if (d) return `Your turn: ${lower(d.prompt)}${tile}`;
  const waiting = players.filter((p) => p.toAct && p.seat !== me).map((p) => p.name ?? "a player");
  return waiting.length ? `Waiting for ${waiting.join(" and ")}.` : "Nothing to do now.";
}

export function lastText(events: { text: string }[], n = 5): string {
  const shown = events.filter((e) => e.text).slice(-Math.max(1, Math.min(n, 20)));
  return shown.length ? `The last ${shown.length === 1 ? "move" : `${shown.length} moves`}, oldest first: ${shown.map((e) => e.text).join(". ")}.` : "Nothing has happened yet.";
}

/** The commands, those you may use now first. */
export function helpText(legal: Move[]): string {
  const types = new Set(legal.map((m) => m.type));
  const now: string[] = [];
  if (types.has("draw")) now.push("draw");
  if (types.has("discard")) now.push("discard and a tile, like discard 3 dot");
  if (legal.some((m) => m.type === "pass" && Array.isArray(m.tiles))) now.push("pass and 3 tiles, like pass 3 dot, 5 bam, north" + (legal.some((m) => Number(m.blind) > 0) ? " (or 2 tiles and blind 1)" : ""));
  else if (types.has("pass")) now.push("pass");
  if (types.has("courtesy")) now.push("courtesy and up to 3 tiles");
  if (types.has("stop")) now.push("stop");
  const claims = [...new Set(legal.map(claimWord).filter((w): w is string => !!w))];
  if (claims.length) now.push(...claims.map((w) => (w === "take it" ? "take" : w)));
  if (legal.some((m) => ["mahjong", "claim-mahjong", "call-mahjong", "woo"].includes(m.type))) now.push("mah jongg");
  if (legal.some((m) => m.type === "kong" && m.kind !== undefined)) now.push("kong and a tile");
  if (types.has("joker")) now.push("swap and a tile");
  return `${now.length ? `Now you may type: ${now.join("; ")}. ` : ""}Any time: hand, discards, who, clock, status, last (the latest moves), help, close. Add rack 2 to choose a rack; when I offer choices, type the number. Keys at the table: arrows move among your tiles, Enter selects, D discards, P passes, M Mah Jongg, C claims, T types a command.`;
}
