/**
 * A deterministic American bot for service and browser tests: it picks from the legal moves it is
 * given, so the same seed plays the same game through HTTP as through the engine directly.
 * Mah Jongg when offered; in a window a call for an exposure when offered (fewest jokers), else a
 * pass; in the Charleston the first listed pass (no blind) or an empty courtesy; on its turn it
 * discards a tile of the kind it holds fewest of (lowest id on ties).
 */
type M = { type: string; [k: string]: unknown };
type Tile = { id: number; kind: number };

export function botMove(legal: M[], concealed: Tile[] | null): M {
  const own = legal.filter((m) => m.type !== "preference");
  const mj = own.find((m) => m.type === "mahjong" || m.type === "call-mahjong");
  if (mj) return mj;
  const call = own.filter((m) => m.type === "call").sort((a, b) => (a.jokers as number) - (b.jokers as number))[0];
  if (call) return call;
  const pass = own.find((m) => m.type === "pass" && (!("blind" in m) || m.blind === 0));
  if (pass) return pass;
  const courtesy = own.find((m) => m.type === "courtesy");
  if (courtesy) return courtesy;
  const discards = own.filter((m) => m.type === "discard");
  if (discards.length && concealed) {
    const count = new Map<number, number>();
    for (const t of concealed) count.set(t.kind, (count.get(t.kind) ?? 0) + 1);
    const kindOf = new Map(concealed.map((t) => [t.id, t.kind]));
    const JOKER = 35;
    const score = (m: M) => {
      const k = kindOf.get(m.tile as number)!;
      return (k === JOKER ? 100 : count.get(k)!) * 1000 + (m.tile as number);
    };
    return discards.sort((a, b) => score(a) - score(b))[0]!;
  }
  return own[0]!;
}
