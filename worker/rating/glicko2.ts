/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system"), as a pure function of numbers: no clock,
 * no storage. Ratings are on the Glicko scale (1500 / RD 350 …); the maths runs on the Glicko-2
 * scale (μ, φ) inside. The service's constants (lichess's, tuned on millions of games) are in
 * RATING; the paper's worked example uses τ 0.5 and no floor or cap.
 */

export interface Rating {
  rating: number;
  rd: number;
  vol: number;
}

/** One result of a rating period: the opponent's rating before the period and the score (1 win, ½ draw, 0 loss). */
export interface Outcome {
  opponent: { rating: number; rd: number };
  score: number;
}

export interface Constants {
  tau: number;
  /** RD is kept within [minRd, maxRd] and σ below maxVol after each period. */
  minRd: number;
  maxRd: number;
  maxVol: number;
  /** The rating moves by at most this much in one period. */
  maxChange: number;
}

/** The service's constants. */
export const RATING = {
  start: { rating: 1500, rd: 500, vol: 0.09 } satisfies Rating,
  tau: 0.75,
  minRd: 45,
  maxRd: 500,
  maxVol: 0.1,
  maxChange: 700,
  /** Idle time, in rating periods per day (RD 60 → 110 over a year at σ 0.06). */
  periodsPerDay: 0.21436,
  /** Shown with "?" while RD is at least this. */
  provisionalRd: 110,
  /** Leaderboards: RD at most this, and at least this many rated games. */
  leaderboardRd: 75,
  leaderboardGames: 10,
} as const;

export const SERVICE: Constants = { tau: RATING.tau, minRd: RATING.minRd, maxRd: RATING.maxRd, maxVol: RATING.maxVol, maxChange: RATING.maxChange };
/** The paper's set-up: τ 0.5, nothing clamped. */
export const PAPER: Constants = { tau: 0.5, minRd: 0, maxRd: Infinity, maxVol: Infinity, maxChange: Infinity };

const SCALE = 173.7178;
const EPSILON = 0.000001;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** RD after `periods` rating periods without games (may be fractional), capped at maxRd. */
export function idleRd(r: Rating, periods: number, c: Constants = SERVICE): number {
  if (!(periods > 0)) return Math.min(r.rd, c.maxRd);
  const phi = r.rd / SCALE;
  return Math.min(c.maxRd, Math.sqrt(phi * phi + periods * r.vol * r.vol) * SCALE);
}

/** One rating period: the player's rating after all of `outcomes` (their order does not matter). */
export function ratePeriod(player: Rating, outcomes: readonly Outcome[], c: Constants = SERVICE): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (!outcomes.length) return { ...player, rd: clamp(Math.sqrt(phi * phi + sigma * sigma) * SCALE, c.minRd, c.maxRd) };
  let vInv = 0;
  let sum = 0;
  for (const o of outcomes) {
    const muJ = (o.opponent.rating - 1500) / SCALE;
    const gJ = g(o.opponent.rd / SCALE);
    const e = expected(mu, muJ, o.opponent.rd / SCALE);
    vInv += gJ * gJ * e * (1 - e);
    sum += gJ * (o.score - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;
  const sigmaNew = volatility(phi, sigma, v, delta, c.tau);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  const rating = 1500 + muNew * SCALE;
  return {
    rating: clamp(rating, player.rating - c.maxChange, player.rating + c.maxChange),
    rd: clamp(phiNew * SCALE, c.minRd, c.maxRd),
    vol: Math.min(sigmaNew, c.maxVol),
  };
}

/** Step 5 of the paper: the new volatility by the Illinois algorithm. */
function volatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
