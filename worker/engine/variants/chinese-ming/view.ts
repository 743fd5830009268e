/**
 * What a seat may see: its own concealed tiles and drawn tile; of the others only how many they hold.
 * Melds (natural kongs included: their kind scores and is public), flowers, discards, points, the
 * match record and who is awaited in a claim window are public; answers in a window are not. The
 * wall shows only its length. Once the match is over the seed and wall are shown for verification.
 */
import type { Seat } from "../../api";
import { windowView } from "../../game/claim-window";
import { playedPly } from "../../game/view-head";
import { ref } from "../../game/physical";
import { KINDS } from "./deal";
import { DEAD_WALL, type ChineseState } from "./state";

export function viewFor(s: ChineseState, seat: Seat | null) {
  const over = s.phase === "over";
  const h = s.hand;
  const tiles = (ids: number[]) => ids.map((id) => ref(KINDS, id));
  return {
    ruleset: s.ruleset,
    options: s.options,
    commitment: s.commitment,
    ply: playedPly(s),
    phase: s.phase,
    you: seat,
    points: s.points.slice(),
    preferences: s.preferences.slice(),
    hand: {
      number: h.number,
      jong: h.jong,
      /** Who dealt this hand (chosen by the Jong's dice) and discarded first. */
      dealer: h.dealer ?? h.jong,
      prevailing: h.prevailing,
      dice: h.dice,
      phase: h.phase,
      toAct: over || h.phase === "window" ? null : h.toAct,
      wallCount: h.wall.length,
      deadWall: DEAD_WALL,
      discards: h.discards.map((d) => ({ seat: d.seat, tile: ref(KINDS, d.tile) })),
      window: h.window ? { ...windowView(h.window, seat), tile: ref(KINDS, h.window.tile) } : null,
      seats: h.seats.map((p, i) => ({
        seat: i,
        concealedCount: p.concealed.length,
        concealed: over || i === seat ? tiles(p.concealed) : null,
        drawn: i === seat && p.drawn !== null && !over ? ref(KINDS, p.drawn) : null,
        flowers: tiles(p.flowers),
        melds: p.melds.map((m) => ({ kind: m.kind, tiles: tiles(m.tiles), natural: m.natural, from: m.from, claimed: m.claimed === null ? null : ref(KINDS, m.claimed) })),
      })),
    },
    hands: s.hands,
    ended: s.ended,
    result: s.result,
    ...(over ? { seed: s.seed, wall: tiles(h.wall) } : {}),
  };
}

export type ChineseView = ReturnType<typeof viewFor>;
