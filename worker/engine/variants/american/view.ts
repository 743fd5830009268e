/**
 * What a seat may see. Never another seat's concealed tiles, Charleston choice, window answer or
 * call preference, nor the wall order (only its length). A hand thrown in by Mah Jongg in error is
 * shown; once the game is over everything is shown, the seed included, so the deal can be verified.
 */
import type { Seat } from "../../api";
import { windowView } from "../../game/claim-window";
import { declarationView, discardView, exposureView } from "../../game/exposure";
import { ref } from "../../game/physical";
import { viewHead } from "../../game/view-head";
import type { Kind } from "../../tiles";
import { STAGES } from "./stages";
import type { AmericanState } from "./state";

export function viewFor(kinds: readonly Kind[], s: AmericanState, seat: Seat | null) {
  const over = s.phase === "over";
  const tiles = (ids: number[]) => ids.map((id) => ref(kinds, id));
  const ch = s.charleston;
  const mine = seat === null || !ch ? null : ch.choices[seat];
  const last = seat === null || !ch?.last ? null : ch.last[seat]!;
  return {
    ...viewHead(s, seat),
    charleston: ch && {
      stage: STAGES[ch.stage]!.id,
      name: STAGES[ch.stage]!.name,
      direction: STAGES[ch.stage]!.direction,
      blindAllowed: STAGES[ch.stage]!.blind,
      stopAllowed: STAGES[ch.stage]!.stop,
      courtesy: STAGES[ch.stage]!.courtesy,
      chosen: ch.choices.map((c) => c !== null),
      yourChoice: mine ? ("pass" in mine ? { tiles: tiles(mine.pass.tiles), blind: mine.pass.blind } : "courtesy" in mine ? { tiles: tiles(mine.courtesy), blind: 0 } : { stop: true }) : null,
      // what you received in the last pass (what you gave is in the event log: those tiles now sit in another hand)
      yourLastPass: last ? { gave: last.gave.length, got: tiles(last.got), forwarded: last.forwarded } : null,
    },
    window: s.window && { ...windowView(s.window, seat), tile: ref(kinds, s.window.tile), hours: s.options.windowHours ?? 12 },
    discards: s.discards.map((d) => discardView(kinds, d)),
    seats: s.seats.map((p, i) => {
      const shown = over || p.revealed || i === seat;
      return {
        seat: i,
        concealedCount: p.concealed.length,
        concealed: shown ? tiles(p.concealed) : null,
        drawn: i === seat && p.drawn !== null && !over ? ref(kinds, p.drawn) : null,
        preference: i === seat ? p.preference : null,
        exposures: p.exposures.map((e) => exposureView(kinds, e)),
        mahjong: p.mahjong && declarationView(kinds, p.mahjong),
        dead: p.dead,
        revealed: p.revealed,
      };
    }),
    ended: s.ended,
    result: s.result,
    ...(over ? { seed: s.seed, wall: tiles(s.wall) } : {}),
  };
}

export type AmericanView = ReturnType<typeof viewFor>;
