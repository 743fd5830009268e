/**
 * The American move vocabulary. Every move is plain JSON; legalMoves(state, seat) lists the moves
 * apply accepts (tile lists in ascending id order; apply also takes them in any order, which
 * matters only for blind and courtesy passes, see game/charleston.ts).
 *
 * Any time before the end, any seat:
 *   {type:"preference", call}              "ask" | "mahjong" | "never": how claim windows treat you
 *                                          (from the next window on; default "ask")
 * Charleston (every seat, simultaneously; re-choosing replaces the choice until all four chose):
 *   {type:"pass", tiles, blind}            3 − blind own tiles (never a joker); blind 1–3 only on the
 *                                          first left and the last right
 *   {type:"stop"}                          second Charleston's first pass only: no second Charleston
 *   {type:"courtesy", tiles}               0–3 tiles to the player across
 * Your turn (you hold 14):
 *   {type:"discard", tile}                 ends the turn; opens a claim window
 *   {type:"mahjong", line}                 declare all 14 as card `line` (under deadHands "enforce"
 *                                          every line is offered, a wrong one is Mah Jongg in error)
 *   {type:"joker", seat, exposure}         give the real tile for a joker in exposure #exposure of `seat`
 * Claim window (seats asked, i.e. preference "ask"; answers are secret until it closes):
 *   {type:"pass"}
 *   {type:"call", size, jokers}            pung/kong/quint (3–5) of the discard with `jokers` jokers
 *   {type:"call-mahjong", line}            the discard completes card `line`
 * There is no draw move: when a window closes without a call the next player draws automatically.
 */
import type { Move, Seat } from "../../api";
import { CALL_PREFERENCES, isAsked } from "../../game/claim-window";
import { countOf } from "../../game/physical";
import { JOKER, type Kind } from "../../tiles";
import { asGroup, completions, completionsWith } from "../siamese/judge";
import type { CardCtx as Ctx } from "../siamese/moves";
import { STAGES } from "./stages";
import type { AmericanState, Exposure, SeatState } from "./state";

export type { Ctx };

export const concealedKinds = (p: SeatState, kinds: readonly Kind[]) => p.concealed.map((id) => kinds[id]!);
export const groupsOf = (p: SeatState, kinds: readonly Kind[]) => p.exposures.map((e) => asGroup(e, kinds));
export const live = (p: SeatState) => !p.dead && !p.mahjong;
export const MAX_CALL = 5;

/** A joker may be redeemed from an exposure unless it made its hand dead or its owner threw the hand in. */
export const jokerFree = (owner: SeatState, e: Exposure, kinds: readonly Kind[]) =>
  !owner.revealed && !e.killed && e.tiles.some((id) => kinds[id] === JOKER);

/** Every choice of `k` of `ids`, each in the order of `ids`, in lexicographic order of positions. */
export function combinations(ids: readonly number[], k: number): number[][] {
  const n = ids.length;
  // up to three (every pass): plain loops, no list built on the way to each choice
  if (k === 0) return [[]];
  if (k === 1) return ids.map((a) => [a]);
  const out: number[][] = [];
  if (k === 2) {
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) out.push([ids[a]!, ids[b]!]);
    return out;
  }
  if (k === 3) {
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) for (let c = b + 1; c < n; c++) out.push([ids[a]!, ids[b]!, ids[c]!]);
    return out;
  }
  const pick = (from: number, acc: number[]) => {
    if (acc.length === k) return void out.push(acc);
    for (let i = from; i <= n - (k - acc.length); i++) pick(i + 1, [...acc, ids[i]!]);
  };
  pick(0, []);
  return out;
}

export function legalMoves(ctx: Ctx, s: AmericanState, seat: Seat): Move[] {
  if (s.phase === "over" || !Number.isInteger(seat) || seat < 0 || seat >= s.players) return [];
  const me = s.seats[seat]!;
  const { kinds, cards, card } = ctx;
  const out: Move[] = CALL_PREFERENCES.filter((p) => p !== me.preference).map((call) => ({ type: "preference", call }));
  const enforce = s.options.deadHands === "enforce";

  if (s.phase === "charleston") {
    const st = STAGES[s.charleston!.stage]!;
    const passable = me.concealed.filter((id) => kinds[id] !== JOKER).sort((a, b) => a - b);
    if (st.courtesy) {
      for (let n = 0; n <= 3; n++) for (const tiles of combinations(passable, n)) out.push({ type: "courtesy", tiles });
      return out;
    }
    for (let blind = 0; blind <= (st.blind ? 3 : 0); blind++) for (const tiles of combinations(passable, 3 - blind)) out.push({ type: "pass", tiles, blind });
    if (st.stop) out.push({ type: "stop" });
    return out;
  }

  if (s.phase === "window") {
    const w = s.window!;
    if (!isAsked(w, seat)) return out;
    out.push({ type: "pass" });
    const kind = kinds[w.tile]!;
    const real = countOf(me.concealed, kinds, kind);
    const jokers = countOf(me.concealed, kinds, JOKER);
    const exposures = groupsOf(me, kinds);
    for (let size = 3; size <= MAX_CALL; size++) {
      if (real + jokers < size - 1) break;
      if (!enforce && !cards.exposuresFit([...exposures, { kind, size, jokers: 0 }], card).ok) continue;
      for (let j = Math.max(0, size - 1 - real); j <= Math.min(jokers, size - 1); j++) out.push({ type: "call", size, jokers: j });
    }
    if (enforce) for (const l of card.lines) if (!l.atomic) out.push({ type: "call-mahjong", line: l.id });
    if (!enforce) for (const c of completionsWith(cards, card, concealedKinds(me, kinds), exposures, kind)) out.push({ type: "call-mahjong", line: c.line });
    return out;
  }

  if (s.toAct !== seat) return out;
  for (const tile of me.concealed) out.push({ type: "discard", tile });
  if (enforce) {
    for (const l of card.lines) if (!l.atomic) out.push({ type: "mahjong", line: l.id });
  } else {
    for (const c of completions(cards, card, concealedKinds(me, kinds), groupsOf(me, kinds))) out.push({ type: "mahjong", line: c.line });
  }
  const mine = new Set(concealedKinds(me, kinds));
  s.seats.forEach((owner, o) =>
    owner.exposures.forEach((e, exposure) => {
      if (jokerFree(owner, e, kinds) && mine.has(e.kind)) out.push({ type: "joker", seat: o, exposure });
    }),
  );
  return out;
}
