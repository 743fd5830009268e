/**
 * The Siamese family's table as text for the command line (Siamese, its editions, Royale): your racks
 * as you arranged them, everyone's exposures, declarations, dead hands and discards, and the moves in
 * the table's own words (access/reading.ts says them).
 */
import type { Reader, SeatReading } from "../access/reading";
import { loadArrangement } from "./arrangement";
import { lineTitle } from "./card";
import { declaredName } from "./declared";
import { arrange, discardsBySeat, rackTiles, readTable } from "./model";
import { groupName, moveLabel } from "./words";

const windOf = (seat: number, players: number) => (players === 2 ? ["East", "West"] : ["East", "South", "West", "North"])[seat] ?? `Seat ${seat + 1}`;

export const readSiamese: Reader = (view, me, names, gameId, name) => {
  const t = readTable(view);
  const mine = t?.seats[me];
  if (!t || !mine) return null;
  const n = t.seats.length;
  const who = (s: number) => (s === me ? "You" : (names[s] ?? `Seat ${s + 1}`));
  const arr = arrange(loadArrangement(gameId), mine);
  const rows = discardsBySeat(t.discards, n);
  // the flowers a Wright-Patterson seat has laid out
  const flowers = (s: number): number[] => ((view as { seats?: { flowers?: { kind: number }[] }[] }).seats?.[s]?.flowers ?? []).map((f) => f.kind);
  const seats: SeatReading[] = t.seats.map((st, s) => ({
    seat: s,
    name: who(s),
    wind: windOf(s, n),
    hidden: st.poolCount,
    laid: [
      ...st.racks.flatMap((r, i) => r.exposures.map((e) => `${groupName(e.tiles.length, e.kind, name)} on rack ${i + 1}`)),
      ...flowers(s).map(name),
    ],
    discards: rows[s]!.map((x) => x.kind),
    tags: st.racks.flatMap((r, i) => [
      ...(r.mahjong ? [`Mah Jongg on rack ${i + 1}: ${declaredName(r.mahjong)}, ${r.mahjong.value} points`] : []),
      ...(r.dead ? [`rack ${i + 1} is dead: ${r.dead.message}`] : []),
    ]),
  }));
  const window = t.window ? { seat: t.window.discarder, kind: t.window.tile.kind } : null;
  return {
    racks: mine.racks.map((_, i) => ({ name: `Rack ${i + 1}`, tiles: rackTiles(arr, mine, i) })).concat(
      // the Atomic hand's tile just drawn sits on no rack until the discard
      (mine.pool ?? []).filter((x) => !arr.flat().includes(x.id)).length ? [{ name: "Apart", tiles: (mine.pool ?? []).filter((x) => !arr.flat().includes(x.id)) }] : [],
    ),
    drawn: mine.drawn,
    seats,
    wall: `${t.wall} tiles in the wall`,
    claimable: window ?? (t.claimable ? { seat: t.claimable.seat, kind: t.claimable.tile.kind } : null),
    label: (m) => moveLabel(m, t, me, who, lineTitle, name),
    jokerKind: (m) => t.seats[Number(m.seat)]?.racks[Number(m.rack)]?.exposures[Number(m.exposure)]?.kind,
  };
};
