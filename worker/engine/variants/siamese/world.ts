/**
 * A Siamese world (every edition: Siamese, MahJong Masters, Royale): a whole state built from one
 * seat's view, the tiles it cannot see dealt at random (the expert's samples, engine/expert/). The
 * other seats' concealed tiles and the wall come from the unseen tiles; everything else is the view
 * read back. What the view does not say is chosen plainly: another seat's call preference is "ask",
 * an opponent going for the Atomic hand holds its first 13 concealed tiles on rack 1, and in an open
 * claim window every other seat still to answer, or whose answer is secret, is asked again.
 */
import type { Seat } from "../../api";
import type { RngState } from "../../random";
import { seedRng } from "../../random";
import { answer, openWindow, type ClaimWindow, type CallPreference } from "../../game/claim-window";
import type { Dead } from "../../game/exposure";
import { dealHidden, idsOf, seenIds, unseenIds, WorldError, type Ref } from "../../expert/world";
import type { Kind } from "../../tiles";
import type { Declaration, SiameseState, WindowCall } from "./state";

interface ExposureView {
  kind: Kind;
  tiles: Ref[];
  claimed: Ref;
  from: Seat;
  turn: number;
  killed: boolean;
}
type DeclarationView = Omit<Declaration, "tiles" | "claimed"> & { tiles: Ref[]; claimed: Ref | null };
interface SeatView {
  concealedCount: number;
  concealed: Ref[] | null;
  drawn: Ref | null;
  stopped: boolean;
  revealed: boolean;
  atomic: boolean;
  atomicTiles: Ref[] | null;
  racks: { exposures: ExposureView[]; mahjong: DeclarationView | null; dead: Dead | null }[];
}
export interface SiameseWorldView {
  ruleset: SiameseState["ruleset"];
  options: SiameseState["options"];
  commitment: string;
  ply: number;
  turn: number;
  phase: SiameseState["phase"];
  toAct: Seat | null;
  you: Seat;
  die: number;
  wallCount: number;
  discards: { seat: Seat; turn: number; tile: Ref }[];
  claimable: { seat: Seat; tile: Ref } | null;
  seats: SeatView[];
  ended: SiameseState["ended"];
  result: SiameseState["result"];
  window?: { discarder: Seat; awaiting: Seat[]; asked: boolean; answered: boolean; yourAnswer: WindowCall | null; tile: Ref } | null;
  preference?: CallPreference | null;
}

/** A state consistent with `view` (the seat `view.you` sees), its hidden tiles dealt from `rng`; `kinds`: the game's tiles by id. */
export function siameseWorld(view: unknown, rng: RngState, kinds: readonly Kind[]): SiameseState {
  const v = view as SiameseWorldView;
  if (v.phase === "over") throw new WorldError("the game is over");
  const me = v.you;
  const hiddenSeats = v.seats.map((p, i) => i !== me && p.concealed === null);
  const counts = v.seats.map((p, i) => (hiddenSeats[i] ? p.concealedCount : 0));
  const { places, wall } = dealHidden(rng, unseenIds(kinds, seenIds(v)), counts, v.wallCount);
  const turnOf = new Map(v.discards.map((d) => [d.tile.id, d.turn]));
  const state: SiameseState = {
    ruleset: v.ruleset,
    options: v.options,
    commitment: v.commitment,
    seed: "a sampled world",
    rng: seedRng(`world:${v.commitment}:${v.ply}`),
    ply: v.ply,
    players: v.seats.length,
    die: v.die,
    wall,
    seats: v.seats.map((p, i) => {
      const pool = hiddenSeats[i] ? places[i]! : idsOf(p.concealed);
      const atomic = p.atomic ? (p.atomicTiles ? idsOf(p.atomicTiles) : pool.slice(0, 13)) : undefined;
      return {
        pool,
        racks: p.racks.map((r) => ({
          exposures: r.exposures.map((e) => ({ kind: e.kind, tiles: idsOf(e.tiles), claimed: e.claimed.id, from: e.from, turn: e.turn, ...(e.killed ? { killed: true as const } : {}) })),
          mahjong: r.mahjong && { ...r.mahjong, tiles: idsOf(r.mahjong.tiles), claimed: r.mahjong.claimed?.id ?? null },
          dead: r.dead,
        })),
        drawn: i === me ? (p.drawn?.id ?? null) : null,
        stopped: p.stopped,
        revealed: p.revealed,
        ...(atomic ? { atomic } : {}),
        ...(i === me && v.preference ? { preference: v.preference } : {}),
      };
    }),
    turn: v.turn,
    toAct: v.toAct ?? me,
    phase: v.phase,
    discards: v.discards.map((d) => ({ seat: d.seat, tile: d.tile.id, turn: d.turn })),
    claimable: v.claimable && { seat: v.claimable.seat, tile: v.claimable.tile.id, turn: turnOf.get(v.claimable.tile.id) ?? v.turn },
    ended: v.ended,
    result: v.result,
  };
  if (v.window) state.window = windowOf(v, state);
  else if (v.phase === "window") throw new WorldError("a window phase without its window");
  return state;
}

/**
 * The open claim window as the seat knows it: every other seat still playing is asked (their call
 * preferences are secret), and only the seat's own answer is known; the others answer again in the world.
 */
function windowOf(v: SiameseWorldView, s: SiameseState): ClaimWindow<WindowCall> {
  const w = v.window!;
  let win = openWindow<WindowCall>({
    players: s.players,
    discarder: w.discarder,
    tile: w.tile.id,
    eligible: s.seats.flatMap((p, i) => (i !== w.discarder && !p.stopped ? [i] : [])),
    preferences: s.seats.map((_, i) => (i === v.you ? (v.preference ?? "ask") : "ask")),
  });
  if (w.answered) win = answer(win, v.you, w.yourAnswer);
  else if (!w.awaiting.includes(v.you)) win = { ...win, asked: win.asked.filter((x) => x !== v.you), awaiting: win.awaiting.filter((x) => x !== v.you) };
  if (!win.awaiting.length) throw new WorldError("an open window with nobody to answer");
  return win;
}
