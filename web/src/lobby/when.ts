/** Dates and places in plain words for the games list. */

const MIN = 60_000, HOUR = 60 * MIN, DAY = 24 * HOUR;
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

/** "a moment ago", "20 minutes ago", "5 hours ago", "3 days ago". */
export function ago(at: number, now = Date.now()): string {
  const ms = Math.max(0, now - at);
  if (ms < 2 * MIN) return "a moment ago";
  if (ms < HOUR) return `${plural(Math.floor(ms / MIN), "minute")} ago`;
  if (ms < DAY) return `${plural(Math.floor(ms / HOUR), "hour")} ago`;
  return `${plural(Math.floor(ms / DAY), "day")} ago`;
}

/** "today 14:05", "12 Nov", "12 Nov 2025" (another year), in the reader's own time zone. */
export function dayOf(at: number, now = Date.now()): string {
  const d = new Date(at), n = new Date(now);
  if (d.toDateString() === n.toDateString()) return `today ${d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })}`;
  return d.toLocaleDateString(undefined, { day: "numeric", month: "short", ...(d.getFullYear() !== n.getFullYear() ? { year: "numeric" } : {}) });
}

/** Points or a change with its sign: "+35", "−25" (a minus sign, not a hyphen), and `zero` for 0. */
export const signed = (n: number, zero = "0") => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : zero);

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 4 → "4th". */
export const placeWords = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;
