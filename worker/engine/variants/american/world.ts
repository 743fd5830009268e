/**
 * An American world: a whole state built from one seat's view, the tiles it cannot see dealt at
 * random (the expert's samples, engine/expert/): the other seats' concealed tiles and the wall. What
 * the view does not say is chosen plainly: the others' call preferences are "ask"; their Charleston
 * choices are still to be made (they choose again in the world); in an open claim window every other
 * seat still playing is asked again (answers are secret); a turn began from a discard when the seat
 * made an exposure in it, and no joker was redeemed since.
 */
import type { Seat } from "../../api";
import { answer, openWindow, type CallPreference, type ClaimWindow } from "../../game/claim-window";
import type { Dead } from "../../game/exposure";
import { dealHidden, idsOf, seenIds, unseenIds, WorldError, type Ref } from "../../expert/world";
import { seedRng, type RngState } from "../../random";
import { JOKER, type Kind } from "../../tiles";
import { STAGES } from "./stages";
import type { AmericanState, Call, Declaration } from "./state";

interface ExposureView {
  kind: Kind;
  tiles: Ref[];
  claimed: Ref;
  from: Seat;
  turn: number;
  killed: boolean;
}
interface WorldView {
  ruleset: "american";
  options: AmericanState["options"];
  commitment: string;
  ply: number;
  turn: number;
  phase: AmericanState["phase"];
  toAct: Seat | null;
  you: Seat;
  die: number;
  wallCount: number;
  charleston: { stage: string; yourChoice: { tiles: Ref[]; blind: number } | { stop: true } | null } | null;
  window: { discarder: Seat; awaiting: Seat[]; asked: boolean; answered: boolean; yourAnswer: Call | null; tile: Ref } | null;
  discards: { seat: Seat; turn: number; tile: Ref }[];
  seats: {
    concealedCount: number;
    concealed: Ref[] | null;
    drawn: Ref | null;
    preference: CallPreference | null;
    exposures: ExposureView[];
    mahjong: (Omit<Declaration, "tiles" | "claimed"> & { tiles: Ref[]; claimed: Ref | null }) | null;
    dead: Dead | null;
    revealed: boolean;
  }[];
  ended: AmericanState["ended"];
  result: AmericanState["result"];
}

export function americanWorld(view: unknown, rng: RngState, kinds: readonly Kind[]): AmericanState {
  const v = view as WorldView;
  if (v.phase === "over") throw new WorldError("the game is over");
  const me = v.you;
  const hidden = v.seats.map((p, i) => i !== me && p.concealed === null);
  const counts = v.seats.map((p, i) => (hidden[i] ? p.concealedCount : 0));
  const { places, wall } = dealHidden(rng, unseenIds(kinds, seenIds(v)), counts, v.wallCount);
  const seats = v.seats.map((p, i) => ({
    concealed: hidden[i] ? places[i]! : idsOf(p.concealed),
    exposures: p.exposures.map((e) => ({ kind: e.kind, tiles: idsOf(e.tiles), claimed: e.claimed.id, from: e.from, turn: e.turn, ...(e.killed ? { killed: true as const } : {}) })),
    mahjong: p.mahjong && { ...p.mahjong, tiles: idsOf(p.mahjong.tiles), claimed: p.mahjong.claimed?.id ?? null },
    dead: p.dead,
    revealed: p.revealed,
    drawn: i === me ? (p.drawn?.id ?? null) : null,
    preference: (i === me ? p.preference : null) ?? ("ask" as CallPreference),
  }));
  let charleston: AmericanState["charleston"] = null;
  if (v.charleston) {
    const stage = STAGES.findIndex((st) => st.id === v.charleston!.stage);
    if (stage < 0) throw new WorldError(`no Charleston stage "${v.charleston.stage}"`);
    const mine = v.charleston.yourChoice;
    const choices: NonNullable<AmericanState["charleston"]>["choices"] = seats.map(() => null);
    if (mine) choices[me] = "stop" in mine ? { stop: true } : STAGES[stage]!.courtesy ? { courtesy: idsOf(mine.tiles) } : { pass: { tiles: idsOf(mine.tiles), blind: mine.blind } };
    charleston = { stage, choices, last: null };
  }
  let window: ClaimWindow<Call> | null = null;
  if (v.window) {
    const w = v.window;
    const eligible = kinds[w.tile.id] === JOKER ? [] : seats.flatMap((p, i) => (i !== w.discarder && !p.dead ? [i] : []));
    window = openWindow<Call>({ players: seats.length, discarder: w.discarder, tile: w.tile.id, eligible, preferences: seats.map((p) => p.preference) });
    if (w.answered) window = answer(window, me, w.yourAnswer);
    if (!window.awaiting.length) throw new WorldError("an open window with nobody to answer");
  } else if (v.phase === "window") throw new WorldError("a window phase without its window");
  // a turn began from a discard when its player made an exposure in it (the claimed one)
  const toAct = v.toAct ?? v.window?.discarder ?? me;
  const claimedNow = v.phase === "discard" ? seats[toAct]!.exposures.find((e) => e.turn === v.turn) : undefined;
  return {
    ruleset: "american",
    options: v.options,
    commitment: v.commitment,
    seed: "a sampled world",
    rng: seedRng(`world:${v.commitment}:${v.ply}`),
    ply: v.ply,
    players: seats.length,
    die: v.die,
    wall,
    seats,
    turn: v.turn,
    phase: v.phase,
    charleston,
    toAct,
    began: { from: claimedNow ? claimedNow.from : null, redeemed: false },
    discards: v.discards.map((d) => ({ seat: d.seat, tile: d.tile.id, turn: d.turn })),
    window,
    ended: v.ended,
    result: v.result,
  };
}
