/** The American table as text for the command line: your rack, everyone's exposures and discards, the Charleston's pass, the moves in the table's words. */
import type { AmericanView } from "../../../../worker/engine/variants/american/view";
import type { Reader } from "../../access/reading";
import { discardsBySeat, WINDS4 } from "../../table/model";
import { groupName } from "../../table/words";
import { lineText, moveLabel, position } from "./words";

export const readAmerican: Reader = (view, me, names, _gameId, name) => {
  const v = view as AmericanView | null;
  const mine = v?.seats?.[me];
  if (!v || !mine) return null;
  const who = (s: number) => (s === me ? "You" : (names[s] ?? `Seat ${s + 1}`));
  const rows = discardsBySeat(v.discards, 4);
  const ch = v.charleston;
  return {
    racks: [{ name: "Your rack", tiles: (mine.concealed ?? []).map((t) => ({ id: t.id, kind: t.kind })) }],
    drawn: mine.drawn?.id ?? null,
    seats: v.seats.map((p, s) => ({
      seat: s,
      name: who(s),
      wind: `${WINDS4[s]}${s === me ? "" : `, ${position(me, s)}`}`,
      hidden: p.concealedCount,
      laid: p.exposures.map((e) => groupName(e.tiles.length, e.kind, name)),
      discards: rows[s]!.map((x) => x.kind),
      tags: [
        ...(p.mahjong ? [`Mah Jongg`] : []),
        ...(p.dead ? [`dead hand: ${p.dead.message}`] : []),
        ...(ch && s === me && ch.yourLastPass ? [`in the last pass you received ${ch.yourLastPass.got.length ? ch.yourLastPass.got.map((t) => name(t.kind)).join(", ") : "nothing"}`] : []),
        ...(ch && s !== me ? [ch.chosen[s] ? "has chosen" : "choosing"] : []),
      ],
    })),
    wall: `${v.wallCount} tiles in the wall`,
    stage: ch?.name,
    claimable: v.window ? { seat: v.window.discarder, kind: v.window.tile.kind } : null,
    label: (m) => moveLabel(m, who, lineText, v.window ? v.window.tile.kind : null, (s, i) => v.seats[s]?.exposures[i]?.kind ?? null),
    jokerKind: (m) => v.seats[Number(m.seat)]?.exposures[Number(m.exposure)]?.kind,
  };
};
