/**
 * RULES §5 Hands: the matcher's suit tables give the same tiles-away as the exhaustive search they
 * replaced (kept below as the reference, unchanged), on random racks of 13 to 24 tiles, with and
 * without exposures, for every sets hand of the list; and the open sets agree where ties are all
 * searched (two tiles away or nearer).
 */
import { describe, expect, it } from "vitest";
import { FIRST_DRAGON, FIRST_WIND, isDragon, isHonour, isSuited, isWind, numberOf, suitOf, type Kind } from "../../worker/engine/tiles";
import { seedRng, shuffle } from "../../worker/engine/random";
import { WP_HAND_LIST, type TileRule, type WpHand } from "../../worker/engine/variants/siamese-wp/hands";
import { tilesAway, type Away, type WpSet } from "../../worker/engine/variants/siamese-wp/match";

// ---- reference: the depth-first search the first matcher used -------------------------------
const PLAY_KINDS = 34;
/** Ways that tie for the best are all searched (and their needs joined) only this close to a hand. */
const TIES_WITHIN = 2;
const DRAGONS = [FIRST_DRAGON, FIRST_DRAGON + 1, FIRST_DRAGON + 2];
const WINDS = [FIRST_WIND, FIRST_WIND + 1, FIRST_WIND + 2, FIRST_WIND + 3];
const ORPHANS: Kind[] = [0, 8, 9, 17, 18, 26, ...WINDS, ...DRAGONS];

/** The kinds a tile rule allows, as alternatives (one per suit where the rule names one suit). */
function allowedSets(rule: TileRule): ((k: Kind) => boolean)[] {
  const n = (k: Kind) => numberOf(k);
  switch (rule) {
    case "any": return [(k) => k < PLAY_KINDS];
    case "suits": return [isSuited];
    case "one-suit": return [0, 1, 2].map((s) => (k: Kind) => isSuited(k) && suitOf(k) === s);
    case "one-suit-honours": return [0, 1, 2].map((s) => (k: Kind) => isHonour(k) || (isSuited(k) && suitOf(k) === s));
    case "honours": return [isHonour];
    case "simples": return [(k) => isSuited(k) && n(k) >= 2 && n(k) <= 8];
    case "ends": return [(k) => isSuited(k) && (n(k) === 1 || n(k) === 9)];
    case "ends-honours": return [(k) => isHonour(k) || (isSuited(k) && (n(k) === 1 || n(k) === 9))];
    case "even": return [(k) => isSuited(k) && n(k) % 2 === 0];
  }
}

const tilesOf = (s: WpSet): Kind[] => (s.type === "chow" ? [s.kind, s.kind + 1, s.kind + 2] : Array<Kind>(s.type === "kong" ? 4 : 3).fill(s.kind));

function countsOf(kinds: readonly Kind[]): number[] {
  const c = new Array<number>(PLAY_KINDS).fill(0);
  for (const k of kinds) if (k >= 0 && k < PLAY_KINDS) c[k]!++;
  return c;
}

/** Keeps the best (lowest) away, joining the needs and open counts of ties. */
class Best {
  away = Infinity;
  need = new Set<Kind>();
  open = Infinity;
  offer(away: number, need: Iterable<Kind>, open: number) {
    if (away > this.away) return;
    if (away < this.away) {
      this.away = away;
      this.need = new Set();
      this.open = open;
    }
    for (const k of need) this.need.add(k);
    this.open = Math.min(this.open, open);
  }
  result(): Away | null {
    return this.away === Infinity ? null : { away: this.away, need: [...this.need].sort((a, b) => a - b), open: this.open };
  }
}
function sets(hand: WpHand, held: number[], exposed: readonly WpSet[], allow: (k: Kind) => boolean, best: Best) {
  const kongs = hand.kongs === 4;
  const rule = hand.sets ?? "any";
  // Exposures must belong to the hand.
  if (exposed.length > 4) return;
  for (const s of exposed) {
    if (rule === "pungs" && s.type === "chow") return;
    if (rule === "chows" && s.type !== "chow") return;
    if (kongs && s.type !== "kong") return;
    if (!tilesOf(s).every(allow)) return;
  }
  const used = new Array<number>(PLAY_KINDS).fill(0); // tiles of each kind the target uses
  for (const s of exposed) for (const k of tilesOf(s)) used[k]!++;
  if (used.some((n) => n > 4)) return;
  const rem = held.slice(); // held tiles not yet placed
  const need = new Array<number>(PLAY_KINDS).fill(0); // tiles the target uses that are not held
  const size = kongs ? 4 : 3;
  // 14 tiles, one more for every kong (a kong hand: 4 × 4 + 2)
  const totalTiles = size * 4 + 2 + (kongs ? 0 : exposed.filter((s) => s.type === "kong").length);
  const pairAllowed = (k: Kind) => allow(k) && (hand.pair === "dragon" ? isDragon(k) : hand.pair === "wind" ? isWind(k) : true);
  const pungs = rule !== "chows";
  const chows = rule !== "pungs" && !kongs;
  /** Honour and suit sets (or pair) placed so far: one-suit-honours needs one of each somewhere. */
  let honours = exposed.filter((s) => isHonour(s.kind)).length;
  let suited = exposed.length - honours;

  const put = (tiles: Kind[]): number | null => {
    for (const k of tiles) if (used[k]! >= 4) return null;
    let got = 0;
    for (const k of tiles) {
      used[k]!++;
      if (rem[k]! > 0) rem[k]!--, got++;
      else need[k]!++;
    }
    return got;
  };
  /** Exactly undoes `put(tiles)`: a kind is needed only once none of it is left held. */
  const unput = (tiles: Kind[]) => {
    for (let i = tiles.length - 1; i >= 0; i--) {
      const k = tiles[i]!;
      used[k]!--;
      if (need[k]! > 0) need[k]!--;
      else rem[k]!++;
    }
  };
  const missing = () => {
    const ks: Kind[] = [];
    for (let k = 0; k < PLAY_KINDS; k++) if (need[k]! > 0) ks.push(k);
    return ks;
  };
  let left = 0; // held tiles of allowed kinds not yet placed nor set aside
  for (let k = 0; k < PLAY_KINDS; k++) if (allow(k)) left += rem[k]!;

  // Open sets and an open pair need at least one set and one pair of tiles the hand allows.
  let anySet = false, anyPair = false;
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (pairAllowed(k)) anyPair = true;
    if (pungs && allow(k)) anySet = true;
    if (chows && isSuited(k) && numberOf(k) <= 7 && allow(k) && allow(k + 1) && allow(k + 2)) anySet = true;
  }

  /** Every held tile is placed or set aside: the sets and pair still missing are left open. */
  const leaf = (overlap: number, slots: number, pairDone: boolean) => {
    if ((slots > 0 && !anySet) || (!pairDone && !anyPair)) return;
    const open = slots + (pairDone ? 0 : 1);
    if (hand.tiles === "one-suit-honours" && open < (honours === 0 ? 1 : 0) + (suited === 0 ? 1 : 0)) return;
    best.offer(totalTiles - overlap, missing(), open);
  };

  /**
   * The lowest held kind not yet dealt with goes into sets or the pair that contain it (chosen in
   * a fixed order, so no way is met twice), and whatever is left of it is set aside, unused by
   * this hand: each way of building the hand from held tiles is met once.
   */
  const dfs = (slots: number, pairDone: boolean, overlap: number, from: number, choice: number) => {
    const floor = totalTiles - (overlap + Math.min(slots * size + (pairDone ? 0 : 2), left));
    if (floor > best.away || (floor === best.away && best.away > TIES_WITHIN)) return;
    let k = from;
    while (k < PLAY_KINDS && !(rem[k]! > 0 && allow(k))) k++;
    if (k === PLAY_KINDS) return leaf(overlap, slots, pairDone);
    if (k !== from) choice = 0;
    const tryPut = (c: number, tiles: Kind[], slotsAfter: number, pairAfter: boolean) => {
      const got = put(tiles);
      if (got === null) return;
      left -= got;
      const h = isHonour(tiles[0]!) ? 1 : 0;
      honours += h;
      suited += 1 - h;
      dfs(slotsAfter, pairAfter, overlap + got, k, c);
      honours -= h;
      suited -= 1 - h;
      left += got;
      unput(tiles);
    };
    // choices at one kind, in order: 0 pung/kong, 1..3 chows ending, through, starting at it, 4 pair
    if (slots > 0) {
      if (pungs && choice <= 0) tryPut(0, Array<Kind>(size).fill(k), slots - 1, pairDone);
      if (chows && isSuited(k))
        for (let c = Math.max(1, choice); c <= 3; c++) {
          const start = k - 3 + c;
          if (start >= 0 && suitOf(start) === suitOf(k) && numberOf(start) <= 7 && allow(start) && allow(start + 1) && allow(start + 2))
            tryPut(c, [start, start + 1, start + 2], slots - 1, pairDone);
        }
    }
    if (!pairDone && choice <= 4 && pairAllowed(k)) tryPut(4, [k, k], slots, true);
    // set the rest of this kind aside (it stays in the rack, unused by this hand)
    const n = rem[k]!;
    rem[k] = 0;
    left -= n;
    dfs(slots, pairDone, overlap, k + 1, 0);
    left += n;
    rem[k] = n;
  };

  // Required honour pungs first (every choice of which dragons / winds), then the free search.
  const choose = (pool: Kind[], n: number): Kind[][] => (n === 0 ? [[]] : pool.flatMap((k, i) => choose(pool.slice(i + 1), n - 1).map((rest) => [k, ...rest])));
  const have = new Set(exposed.filter((s) => s.type !== "chow").map((s) => s.kind));
  const base = exposed.reduce((t, s) => t + tilesOf(s).length, 0);
  for (const d of hand.dragonPungs ? choose(DRAGONS, hand.dragonPungs) : [[]]) {
    for (const w of hand.windPungs ? choose(WINDS, hand.windPungs) : [[]]) {
      const req = [...d, ...w];
      if (req.some((k) => !allow(k))) continue;
      const todo = req.filter((k) => !have.has(k));
      if (todo.length > 4 - exposed.length) continue;
      const placed: { tiles: Kind[]; got: number }[] = [];
      let overlap = base;
      for (const k of todo) {
        const tiles = Array<Kind>(size).fill(k);
        const got = put(tiles);
        if (got === null) break;
        placed.push({ tiles, got });
        overlap += got;
        left -= got;
      }
      if (placed.length === todo.length) {
        honours += todo.length;
        dfs(4 - exposed.length - todo.length, false, overlap, 0, 0);
        honours -= todo.length;
      }
      for (const p of placed.reverse()) (left += p.got), unput(p.tiles);
    }
  }
}


function reference(hand: WpHand, concealed: readonly Kind[], exposed: readonly WpSet[]): { away: number; open: number } | null {
  if (hand.concealed && exposed.some((s) => !s.concealed)) return null;
  const best = new Best();
  for (const allow of allowedSets(hand.tiles ?? "any")) sets(hand, countsOf(concealed), exposed, allow, best);
  const r = best.result();
  return r && { away: r.away, open: r.open };
}

describe("§5 Hands: tiles-away by suit tables equals the exhaustive search", () => {
  it("random racks of 13 to 24 tiles, with and without exposures, every sets hand", () => {
    const rng = seedRng("wp-reference");
    const plays = Array.from({ length: 34 }, (_, k) => k).flatMap((k) => [k, k, k, k]);
    const setsHands = WP_HAND_LIST.hands.filter((h) => h.shape === "sets");
    let compared = 0;
    for (let i = 0; i < 36; i++) {
      const n = [13, 14, 17, 20, 24][i % 5]!;
      const tiles = shuffle(rng, plays).slice(0, n + 3) as Kind[];
      let exposed: WpSet[] = [];
      let concealed = tiles.slice(0, n);
      if (i % 3 === 1) {
        // expose a pung of the first kind held three times, if any
        const k = concealed.find((t) => concealed.filter((x) => x === t).length >= 3);
        if (k !== undefined) {
          exposed = [{ type: "pung", kind: k }];
          for (let j = 0; j < 3; j++) concealed.splice(concealed.indexOf(k), 1);
        }
      } else if (i % 3 === 2) {
        const k = concealed.find((t) => isSuited(t) && numberOf(t) <= 7);
        if (k !== undefined) {
          exposed = [{ type: "chow", kind: k }];
          concealed = concealed.filter((t, j) => j !== concealed.indexOf(k));
        }
      }
      for (const h of setsHands) {
        const want = reference(h, concealed, exposed);
        const got = tilesAway(h, { concealed, exposed });
        expect(got === null, `${h.id} null`).toBe(want === null);
        if (!want || !got) continue;
        expect(got.away, `${h.id} on ${concealed.join(",")}`).toBe(want.away);
        if (want.away <= TIES_WITHIN) expect(got.open, `${h.id} open`).toBe(want.open);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});

describe("the matcher's memo of suit tables", () => {
  it("tiles-away of a rack does not depend on the racks asked about before (five of a kind in a trial)", async () => {
    const { vi } = await import("vitest");
    // Bams 2, 4 4, 6, 7 7 and honours; the trial rack holds five 5 Bams where the other holds one 6 Bam:
    // written in base 5, both suits read the same number, and the first table was handed to the second.
    const bams = (ns: number[]) => ns.map((n) => n - 1) as Kind[];
    const honours = [FIRST_WIND, FIRST_WIND, FIRST_WIND, FIRST_DRAGON, FIRST_DRAGON] as Kind[];
    const later: Kind[] = [...bams([2, 4, 4, 6, 7, 7]), ...honours];
    const trial: Kind[] = [...bams([2, 4, 4, 5, 5, 5, 5, 5, 7, 7]), ...honours];
    const away = async (racks: Kind[][]) => {
      vi.resetModules();
      const m = await import("../../worker/engine/variants/siamese-wp/match");
      const { WP_HAND_LIST: list } = await import("../../worker/engine/variants/siamese-wp/hands");
      return racks.map((concealed) => list.hands.map((h) => m.tilesAway(h, { concealed })?.away ?? null)).at(-1);
    };
    expect(await away([trial, later])).toEqual(await away([later]));
  });
});
