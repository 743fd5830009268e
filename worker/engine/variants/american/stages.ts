/**
 * The Charleston by correspondence (RULES §6): every pass is a simultaneous step. Each player
 * chooses (never a joker) and may change the choice until all four have chosen; nobody sees
 * another's choice; the pass resolves when the fourth player chooses.
 *   first Charleston: right, across, left (blind passing allowed on this left)
 *   second Charleston: left, across, right (blind passing allowed on this last right);
 *     on its first pass any player may choose to stop instead: then it is not played
 *   courtesy pass across, 0–3 tiles, the smaller proposal used.
 * Ruling: the stop is chosen together with the second Charleston's first pass, so stopping costs
 * no extra round of correspondence; the tiles chosen by the others are then not passed.
 */
import type { GameEvent } from "../../api";
import { applyExchanges, resolveCourtesy, resolvePass, type Direction, type Exchange } from "../../game/charleston";
import { ref } from "../../game/physical";
import type { Kind } from "../../tiles";
import type { AmericanState } from "./state";

export interface Stage {
  id: string;
  name: string;
  direction: Direction;
  blind: boolean;
  stop: boolean;
  courtesy: boolean;
}

const stage = (id: string, name: string, direction: Direction, extra: Partial<Stage> = {}): Stage => ({ id, name, direction, blind: false, stop: false, courtesy: false, ...extra });

export const STAGES: readonly Stage[] = [
  stage("first-right", "First Charleston, pass right", "right"),
  stage("first-across", "First Charleston, pass across", "across"),
  stage("first-left", "First Charleston, pass left (blind pass allowed)", "left", { blind: true }),
  stage("second-left", "Second Charleston, pass left (or stop the Charleston)", "left", { stop: true }),
  stage("second-across", "Second Charleston, pass across", "across"),
  stage("second-right", "Second Charleston, pass right (blind pass allowed)", "right", { blind: true }),
  stage("courtesy", "Courtesy pass across (0 to 3 tiles)", "across", { courtesy: true }),
];
export const COURTESY = STAGES.length - 1;

/** Called once all four have chosen: resolve this pass (mutating the copy `s`), move to the next stage or to play. */
export function resolveStage(kinds: readonly Kind[], s: AmericanState): GameEvent[] {
  const ch = s.charleston!;
  const st = STAGES[ch.stage]!;
  const events: GameEvent[] = [];
  let xs: Exchange[] | null = null;
  if (st.stop && ch.choices.some((c) => c && "stop" in c)) {
    const by = ch.choices.flatMap((c, seat) => (c && "stop" in c ? [seat] : []));
    events.push({ type: "charleston-stopped", seat: null, by });
    ch.stage = COURTESY;
  } else {
    xs = st.courtesy
      ? resolveCourtesy(ch.choices.map((c) => (c && "courtesy" in c ? c.courtesy : [])))
      : resolvePass(ch.choices.map((c) => (c && "pass" in c ? c.pass : { tiles: [], blind: 0 })), st.direction);
    const hands = applyExchanges(s.seats.map((p) => p.concealed), xs);
    s.seats.forEach((p, seat) => (p.concealed = hands[seat]!));
    events.push({ type: "charleston", seat: null, stage: st.id, direction: st.direction, counts: xs.map((x) => x.gave.length), blind: xs.map((x) => x.forwarded) });
    xs.forEach((x, seat) =>
      events.push({ type: "charleston-received", seat, stage: st.id, secret: { gave: x.gave.map((id) => ref(kinds, id)), got: x.got.map((id) => ref(kinds, id)) }, secretFor: seat }),
    );
    ch.stage = ch.stage === COURTESY ? STAGES.length : ch.stage + 1;
  }
  ch.choices = [null, null, null, null];
  ch.last = xs;
  if (ch.stage >= STAGES.length) {
    s.charleston = null;
    s.phase = "discard";
    s.toAct = 0;
    s.began = { from: null, redeemed: false };
    events.push({ type: "charleston-done", seat: null });
  }
  return events;
}
