/**
 * The hand list's names as the table shows them ("All Pungs (Double Limit, 50)"), from the list's
 * own data: the game page draws the table with these, and loads the engine's list view (./HandList.tsx,
 * with every hand's matcher) only for the viewer and the hints, after the tiles.
 */
import list from "../../../../worker/engine/variants/siamese-wp/hand-list.json";

/** What each limit is called and pays, as the engine's hand list has them (worker/engine/variants/siamese-wp/hands.ts LIMIT_WORDS, LIMIT_POINTS; test/web/page-budget.test.ts holds them the same). */
export const LIMITS: Record<string, { words: string; points: number }> = {
  single: { words: "Single Limit", points: 25 },
  double: { words: "Double Limit", points: 50 },
  triple: { words: "Triple Limit", points: 75 },
};

const byId = new Map(list.hands.map((h) => [h.id, { name: h.name, limit: LIMITS[h.limit]! }]));

/** "All Pungs (Double Limit, 50)": a hand as the table, the hints and the orders name it. */
export const handName = (id: string) => {
  const h = byId.get(id);
  return h ? `${h.name} (${h.limit.words}, ${h.limit.points})` : id;
};

/** A declared hand on the game-over sheet, which adds its points: "Four Sets and a Pair (Single Limit)". */
export const handTitle = (id: string) => {
  const h = byId.get(id);
  return h ? `${h.name} (${h.limit.words})` : id;
};
