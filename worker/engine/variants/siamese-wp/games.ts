/**
 * The match inside one state (RULES §5 Matches): each game dealt from the state's generator (the
 * dealer alternating, the prevailing wind moving on), its flowers laid out and replaced and its
 * Bouquets announced; when a game ends it is scored (payout option 2, the pot) and the next one is
 * dealt, or the match ends with its totals and every game's lines.
 */
import type { GameEvent, GameOptions, GameResult, ResultLine, Seat } from "../../api";
import { ref } from "../../game/physical";
import { commitment, seedRng } from "../../random";
import { emptyRacks } from "../siamese/racks";
import { dealerOf, dealWp, prevailingWind, type Replacement } from "./deal";
import { WP_HEAD } from "./head";
import type { WpJudge } from "./judge";
import type { Step } from "./play";
import { DEFAULT_GAMES, matchOver, newMatch, type WpMatch } from "./scoring";
import type { WpState } from "./state";
import { bouquets, kindsOfIds, WP_KINDS as K } from "./tiles";

export const flowerEvents = (log: Replacement[], from: number, walls: WpState, events: GameEvent[]) => {
  for (const r of log.slice(from))
    events.push(
      r.flower !== null
        ? { type: "flower", seat: r.seat, tile: ref(K, r.flower), from: r.from, flowerWall: walls.flowerWall.length, secret: { tile: ref(K, r.tile) }, secretFor: r.seat }
        : { type: "replacement", seat: r.seat, from: r.from, secret: { tile: ref(K, r.tile) }, secretFor: r.seat },
    );
};

/** New Bouquets of `seat` (all four flowers of a colour laid out), recorded and announced once. */
export function checkBouquets(s: WpState, seat: Seat, events: GameEvent[]) {
  for (const colour of bouquets(kindsOfIds(s.seats[seat]!.flowers)))
    if (!s.bouquets.some((b) => b.seat === seat && b.colour === colour)) {
      s.bouquets.push({ seat, colour });
      events.push({ type: "bouquet", seat, colour });
    }
}

/** Deals game `index` of the match into `s` (from the state's generator). */
function dealGame(s: WpState, index: number, events: GameEvent[]): void {
  const dealer = dealerOf(index);
  const d = dealWp(s.rng, dealer);
  s.game = index;
  s.dealer = dealer;
  s.prevailing = prevailingWind(index);
  s.die = d.die;
  s.wall = d.wall;
  s.flowerWall = d.flowerWall;
  s.seats = d.seats.map((p) => ({ pool: p.pool, flowers: p.flowers, drawn: p.drawn, stopped: false, racks: emptyRacks(WP_HEAD.handsPerPlayer) }));
  s.turn = 0;
  s.toAct = dealer;
  s.phase = "discard";
  s.discards = [];
  s.claimable = null;
  s.mahjongs = [];
  s.bouquets = [];
  events.push({ type: "game", seat: null, game: index + 1, games: s.match.games, dealer, prevailing: s.prevailing, pot: s.match.pot });
  flowerEvents(d.replacements, 0, s, events);
  for (const seat of [dealer, 1 - dealer]) checkBouquets(s, seat, events);
}

export function newGame(options: GameOptions, seed: string): WpState {
  const opts: GameOptions = { deadHands: "prevent", ...options };
  const s = {
    ruleset: "siamese-wp",
    options: opts,
    commitment: commitment(seed),
    seed,
    rng: seedRng(seed),
    ply: 0,
    players: 2,
    match: newMatch(opts.games ?? DEFAULT_GAMES),
    games: [],
    ended: null,
    result: null,
  } as unknown as WpState;
  dealGame(s, 0, []);
  return s;
}

/** Scores the game in play, then deals the next game of the match or ends the match. */
export function endGame(judge: WpJudge, s: WpState, reason: GameResult["reason"], seat: Seat | null, events: GameEvent[], abandoned = false): Step {
  const bothDead = reason === "dead" || abandoned ? seat : null;
  let before: WpMatch = s.match;
  if (abandoned) before = { ...before, games: before.played + 1 }; // the match ends with this game
  const { result, match } = judge.score({ mahjongs: s.mahjongs, bouquets: s.bouquets, bothDead }, before);
  const game = abandoned ? { ...result, reason: "abandoned" as const } : result;
  s.match = match;
  s.games.push(game);
  s.claimable = null;
  events.push({ type: "game-end", seat: null, game: s.game + 1, result: game });
  if (!matchOver(match)) {
    dealGame(s, match.played, events);
    return { ok: true, state: s, events };
  }
  s.phase = "over";
  s.ended = { reason: game.reason, seat };
  s.result = matchResult(s.games, match, abandoned);
  return { ok: true, state: s, events };
}

/** The match's result: its totals, and every game's lines (detail words prefixed with the game). */
export function matchResult(games: GameResult[], match: WpMatch, abandoned: boolean): GameResult {
  const lines: ResultLine[] = games.flatMap((g, i) => g.lines.map((l) => ({ ...l, detail: games.length > 1 ? `Game ${i + 1}: ${l.detail}` : l.detail })));
  const reason: GameResult["reason"] = abandoned ? "abandoned" : games.length > 1 ? "match" : games[0]!.reason;
  return { reason, totals: [...match.totals], lines };
}
