/** A player's rating over their rated games, as a small inline SVG (no chart library). */
export function RatingChart({ points, label }: { points: { at: number; rating: number }[]; label: string }) {
  // `points`: the rating before the first game shown, then after each game.
  if (points.length < 2) return <p class="muted">No rated games yet.</p>;
  const W = 320, H = 140, padL = 40, padR = 8, padT = 10, padB = 20;
  const rs = points.map((p) => p.rating);
  let lo = Math.min(...rs), hi = Math.max(...rs);
  if (hi - lo < 40) { const mid = (hi + lo) / 2; lo = mid - 20; hi = mid + 20; }
  const x = (i: number) => padL + (i * (W - padL - padR)) / (points.length - 1);
  const y = (r: number) => padT + ((hi - r) * (H - padT - padB)) / (hi - lo);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const last = points.at(-1)!;
  return (
    <svg class="rating-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${label}: from ${points[0]!.rating} to ${last.rating} over ${points.length - 1} rated games`} style={{ width: "100%", maxWidth: "40rem", height: "auto" }}>
      <line x1={padL} y1={y(hi)} x2={W - padR} y2={y(hi)} stroke="#ccc" />
      <line x1={padL} y1={y(lo)} x2={W - padR} y2={y(lo)} stroke="#ccc" />
      <text x={padL - 4} y={y(hi) + 4} text-anchor="end" font-size="11">{Math.round(hi)}</text>
      <text x={padL - 4} y={y(lo) + 4} text-anchor="end" font-size="11">{Math.round(lo)}</text>
      <text x={padL} y={H - 4} font-size="11">start</text>
      <text x={W - padR} y={H - 4} text-anchor="end" font-size="11">latest</text>
      <path d={line} fill="none" stroke="#1f6f43" stroke-width="2.5" stroke-linejoin="round" />
      <circle cx={x(points.length - 1)} cy={y(last.rating)} r="4" fill="#1f6f43" />
    </svg>
  );
}
