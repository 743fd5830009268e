/**
 * `npm run cli -- simulate --ruleset siamese-wp --games N --seed S [--dead enforce] [--match G] [--fast]`
 * Random legal Wright-Patterson play (RULES §5) to the end of each match (`--match`: games per
 * match, default 4; N counts games), somewhat purposeful: declares Mah Jongg when it can, claims
 * often, lays out concealed kongs, discards its loneliest tiles. The invariants are checked on every
 * step unless --fast: 144 tiles each in one place, 28/27 tiles, flowers never in a hand, the pot
 * balanced (the match's totals and the pot sum to zero), views and events leak no hidden tile.
 * Prints JSON figures; exit 1 on the first violated invariant.
 */
import type { GameEvent, GameOptions, GameRecord, Move, Seat } from "../../worker/engine/api";
import { nextInt, nextU32, seedRng, type RngState } from "../../worker/engine/random";
import { isFlower } from "../../worker/engine/tiles";
import { siameseWp } from "../../worker/engine/variants/siamese-wp";
import type { WpState } from "../../worker/engine/variants/siamese-wp/state";
import { WP_KINDS as K } from "../../worker/engine/variants/siamese-wp/tiles";
import { checkTiles, rulesOfVariant } from "../../worker/engine/simulate";
import { argReader, deadHandsArg, gamesArg, InvariantError, must, printFigures } from "./sim-run";

export { InvariantError };
export const WP = siameseWp;
const WP_RULES = rulesOfVariant(WP);

/** 144 tiles, each in exactly one place; 27 tiles between turns, 28 for the player who drew or claimed; no flower in a hand; the pot balanced. */
export function checkInvariants(s: WpState): void {
  // each of the 144 tiles in one place: the engine's own check over the edition's tilesOf
  const places = checkTiles(WP_RULES, s);
  must(places !== null && places.total === 144, `the game does not say where its 144 tiles are`);
  s.seats.forEach((p, seat) => {
    for (const id of p.flowers) must(isFlower(K[id]!), `seat ${seat} lays out ${id}, not a flower`);
  });
  s.seats.forEach((p, seat) => {
    let n = p.pool.length;
    const hand = [...p.pool];
    for (const r of p.racks) {
      for (const e of r.exposures) {
        n += e.tiles.length - (e.type === "kong" ? 1 : 0);
        hand.push(...e.tiles);
      }
      n += r.mahjong?.tiles.length ?? 0;
      hand.push(...(r.mahjong?.tiles ?? []));
    }
    for (const id of hand) must(!isFlower(K[id]!), `a flower (${id}) is in seat ${seat}'s hand`);
    if (s.phase !== "over") {
      const acting = s.phase === "discard" && s.toAct === seat;
      must(n === (acting ? 28 : 27), `seat ${seat} holds ${n} tiles in phase ${s.phase}`);
    }
  });
  const sum = s.match.totals[0] + s.match.totals[1] + s.match.pot;
  must(sum === 0, `the match's totals and the pot sum to ${sum}, not 0`);
  must(s.match.pot === 50 * s.match.potGames, `the pot holds ${s.match.pot} after ${s.match.potGames} wall games`);
}

/** No view (nor the public part of an event) shows a hidden tile, the seed or the walls' order while the match runs. */
export function checkView(s: WpState, seat: Seat | null, events: GameEvent[] = []): void {
  if (s.phase === "over") return;
  const hidden = new Uint8Array(K.length);
  for (const id of s.wall) hidden[id] = 1;
  for (const id of s.flowerWall) hidden[id] = 1;
  s.seats.forEach((p, i) => {
    if (i !== seat) for (const id of p.pool) hidden[id] = 1;
  });
  const walk = (x: unknown, what: string): void => {
    if (Array.isArray(x)) return x.forEach((y) => walk(y, what));
    if (x && typeof x === "object") {
      const o = x as Record<string, unknown>;
      if (typeof o.id === "number" && typeof o.kind === "number" && hidden[o.id] === 1) throw new InvariantError(`${what} for ${seat} shows hidden tile ${o.id}`);
      for (const k in o) {
        if (k === "seed" || k === "rng" || k === "wall" || k === "flowerWall" || k === "secret") {
          if ((k === "secret" && what === "event") || typeof o[k] === "number") continue; // a count is public
          throw new InvariantError(`${what} for ${seat} shows ${k}`);
        }
        walk(o[k], what);
      }
    }
  };
  walk(WP.viewFor(s, seat), "view");
  // events of a game that ended in this step name tiles of that game (re-dealt since): checked up to the new deal only when none
  if (events.some((e) => e.type === "game")) return;
  for (const e of events) if (e.secretFor !== seat) walk({ ...e, secret: undefined }, "event");
}

const pick = <T>(rng: RngState, xs: T[]) => xs[nextInt(rng, xs.length)]!;
const chance = (rng: RngState, p: number) => nextU32(rng) / 2 ** 32 < p;

const slow = (s: WpState, seat: Seat) => (s.commitment.charCodeAt(seat) + s.game) % 3 === 0;

/** A move chosen by a somewhat purposeful random player. */
export function choose(s: WpState, seat: Seat, moves: Move[], rng: RngState): Move {
  const of = (t: string) => moves.filter((m) => m.type === t);
  const win = [...of("claim-mahjong"), ...of("mahjong"), ...of("chow")];
  // declares only now and then (a seeded player in three is slow to), so wall games and the pot happen too
  if (win.length && (s.seats[seat]!.mustDeclare !== undefined || chance(rng, slow(s, seat) ? 0.02 : 0.9))) return pick(rng, win);
  const claims = of("claim");
  if (claims.length && chance(rng, 0.6)) return pick(rng, claims);
  const kongs = of("kong");
  if (kongs.length && chance(rng, 0.5)) return pick(rng, kongs);
  if (s.phase === "draw") return { type: "draw" };
  const me = s.seats[seat]!;
  const count = new Map<number, number>();
  for (const id of me.pool) count.set(K[id]!, (count.get(K[id]!) ?? 0) + 1);
  const fewest = Math.min(...me.pool.map((id) => count.get(K[id]!)!));
  return { type: "discard", tile: pick(rng, me.pool.filter((id) => count.get(K[id]!) === fewest)) };
}

export function simulateGame(options: GameOptions, seed: string, opts: { check?: boolean } = {}): { state: WpState; record: GameRecord; turns: number } {
  const rng = seedRng(`players:${seed}`);
  let s = WP.newGame(options, seed);
  const moves: { seat: Seat; move: Move }[] = [];
  let turns = 0;
  if (opts.check) checkInvariants(s);
  while (s.phase !== "over") {
    const seat = s.toAct;
    const legal = WP.legalMoves(s, seat);
    must(legal.length > 0, `seat ${seat} has no legal move`);
    const move = choose(s, seat, legal, rng);
    const r = WP.apply(s, seat, move);
    if (!r.ok) throw new InvariantError(`legal move ${JSON.stringify(move)} refused: ${r.message}`);
    moves.push({ seat, move });
    if (move.type === "discard") turns++;
    s = r.state;
    if (opts.check) {
      checkInvariants(s);
      for (const v of [0, 1, null] as const) checkView(s, v, r.events);
    }
    must(moves.length < 5000, "the match does not end");
  }
  return { state: s, record: { ruleset: "siamese-wp", options, seed, commitment: s.commitment, moves } as GameRecord, turns };
}

/** `games` games in matches of `match` games each. */
export function simulate(options: GameOptions, games: number, seed: string, opts: { check?: boolean; match?: number } = {}) {
  const per = opts.match ?? 4;
  const t0 = performance.now();
  let played = 0;
  let turns = 0;
  const reasons: Record<string, number> = {};
  let bouquets = 0;
  let potsWon = 0;
  for (let m = 0; played < games; m++) {
    const n = Math.min(per, games - played);
    const { state, turns: t } = simulateGame({ ...options, games: n }, `${seed}:${m}`, opts);
    played += n;
    turns += t;
    for (const g of state.games) {
      reasons[g.reason] = (reasons[g.reason] ?? 0) + 1;
      bouquets += g.lines.filter((l) => l.reason === "bouquet").length;
      potsWon += g.lines.filter((l) => l.reason === "pot/won").length;
    }
  }
  const secs = (performance.now() - t0) / 1000;
  return { ruleset: "siamese-wp", games: played, gamesPerSecond: Math.round(played / secs), endings: reasons, bouquets, potsWon, meanTurns: Math.round((turns / Math.max(1, played)) * 10) / 10 };
}

export async function run(args: string[]): Promise<number> {
  const arg = argReader(args);
  const games = gamesArg(arg, "40");
  if (games === null) return 2;
  const deadHands = deadHandsArg(arg);
  if (deadHands === null) return 2;
  const match = Number(arg("match", "4"));
  if (!Number.isInteger(match) || match < 1 || match > 8) {
    console.error("simulate: --match must be a whole number from 1 to 8");
    return 2;
  }
  return printFigures(() => simulate({ deadHands }, games, arg("seed", "simulate"), { check: !args.includes("--fast"), match }));
}
