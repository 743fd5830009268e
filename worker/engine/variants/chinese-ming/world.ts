/**
 * A Chinese (Ming) world: the match as one seat's view shows it, the hand in play with the tiles
 * that seat cannot see dealt at random (the expert's samples, engine/expert/): the other seats'
 * concealed tiles (never a flower: flowers are laid out at once) and the wall. What the view does
 * not say is chosen plainly: the last tile came from the wall, and in an open claim window every
 * other seat whose answer is secret is asked again.
 */
import type { Seat } from "../../api";
import { answer, openWindow, type CallPreference, type ClaimWindow } from "../../game/claim-window";
import { dealHidden, idsOf, seenIds, unseenIds, WorldError, type Ref } from "../../expert/world";
import { seedRng, type RngState } from "../../random";
import { isFlower } from "../../tiles";
import type { Kind } from "../../tiles";
import { KINDS } from "./deal";
import type { Call, ChineseState, Hand, HandRecord } from "./state";

interface WorldView {
  ruleset: "chinese-ming";
  options: ChineseState["options"];
  commitment: string;
  ply: number;
  phase: ChineseState["phase"];
  you: Seat;
  points: number[];
  preferences: CallPreference[];
  hand: {
    number: number;
    jong: Seat;
    dealer: Seat;
    prevailing: number;
    dice: [number, number];
    phase: Hand["phase"];
    toAct: Seat | null;
    wallCount: number;
    discards: { seat: Seat; tile: Ref }[];
    window: { discarder: Seat; awaiting: Seat[]; asked: boolean; answered: boolean; yourAnswer: Call | null; tile: Ref } | null;
    seats: { concealedCount: number; concealed: Ref[] | null; drawn: Ref | null; flowers: Ref[]; melds: { kind: Kind; tiles: Ref[]; natural: boolean; from: Seat | null; claimed: Ref | null }[] }[];
  };
  hands: HandRecord[];
  ended: ChineseState["ended"];
  result: ChineseState["result"];
}

export function chineseWorld(view: unknown, rng: RngState): ChineseState {
  const v = view as WorldView;
  if (v.phase === "over") throw new WorldError("the game is over");
  const h = v.hand;
  const me = v.you;
  const hidden = h.seats.map((p, i) => i !== me && p.concealed === null);
  const counts = h.seats.map((p, i) => (hidden[i] ? p.concealedCount : 0));
  const { places, wall } = dealHidden(rng, unseenIds(KINDS, seenIds(v)), counts, h.wallCount, (_, id) => !isFlower(KINDS[id]!));
  const seats = h.seats.map((p, i) => ({
    concealed: hidden[i] ? places[i]! : idsOf(p.concealed),
    melds: p.melds.map((m) => ({ kind: m.kind, tiles: idsOf(m.tiles), claimed: m.claimed?.id ?? null, from: m.from, natural: m.natural })),
    flowers: idsOf(p.flowers),
    drawn: i === me ? (p.drawn?.id ?? null) : null,
  }));
  let window: ClaimWindow<Call> | null = null;
  if (h.window) {
    const w = h.window;
    window = openWindow<Call>({ players: 4, discarder: w.discarder, tile: w.tile.id, eligible: [0, 1, 2, 3].filter((x) => x !== w.discarder), preferences: v.preferences });
    // the seats asked that answered already: their answers are secret, so they answer again here
    if (w.answered) window = answer(window, me, w.yourAnswer);
    if (!window.awaiting.length && window.auto.length === 0) throw new WorldError("an open window with nobody to answer");
  } else if (h.phase === "window") throw new WorldError("a window phase without its window");
  const hand: Hand = {
    number: h.number,
    jong: h.jong,
    dealer: h.dealer,
    prevailing: h.prevailing,
    dice: h.dice,
    wall,
    seats,
    toAct: h.toAct ?? h.window?.discarder ?? me,
    phase: h.phase,
    discards: h.discards.map((d) => ({ seat: d.seat, tile: d.tile.id })),
    window,
    lastTile: "wall",
  };
  return {
    ruleset: "chinese-ming",
    options: v.options,
    commitment: v.commitment,
    seed: "a sampled world",
    rng: seedRng(`world:${v.commitment}:${v.ply}`),
    ply: v.ply,
    players: 4,
    phase: v.phase,
    points: v.points.slice(),
    preferences: v.preferences.slice(),
    hand,
    hands: v.hands,
    ended: v.ended,
    result: v.result,
  };
}
