/** The Chinese table as text for the command line: your tiles, every seat's flowers, melds, points and discards, the moves in the table's words. */
import type { ChineseView } from "../../../../worker/engine/variants/chinese-ming/view";
import type { Reader } from "../../access/reading";
import { discardsBySeat } from "../../table/model";
import { moveLabel, seatLabel } from "./parts";

export const readChinese: Reader = (view, me, names, _gameId, name) => {
  const v = view as ChineseView | null;
  const h = v?.hand;
  const mine = h?.seats?.[me];
  if (!v || !h || !mine) return null;
  const who = (s: number) => (s === me ? "You" : (names[s] ?? `Seat ${s + 1}`));
  const rows = discardsBySeat(h.discards, 4);
  return {
    racks: [{ name: "Your tiles", tiles: (mine.concealed ?? []).map((t) => ({ id: t.id, kind: t.kind })) }],
    drawn: mine.drawn?.id ?? null,
    seats: h.seats.map((p, s) => ({
      seat: s,
      name: who(s),
      wind: `${seatLabel(s)}${h.jong === s ? ", the Jong" : ""}`,
      hidden: p.concealedCount,
      laid: [...p.flowers.map((f) => name(f.kind)), ...p.melds.map((m) => `${m.natural ? "natural" : "exposed"} ${m.tiles.length === 4 ? "kong" : "pung"} of ${name(m.kind)}`)],
      discards: rows[s]!.map((x) => x.kind),
      tags: [`${v.points[s]!.toLocaleString("en-US")} points`],
    })),
    wall: `${Math.max(0, h.wallCount - h.deadWall)} tiles to draw; hand ${h.number + 1}`,
    claimable: h.window ? { seat: h.window.discarder, kind: h.window.tile.kind } : null,
    label: (m) => moveLabel(m, h.window ? name(h.window.tile.kind) : null),
  };
};
