/**
 * A vacation in words, the same on the table, the home page and in mail: "Dave is away until Sat 3 pm;
 * their clock is stopped." The time is the reader's (their time zone; the browser's when none is given).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit", hour12: true });
    formats.set(key, f);
  }
  return f;
}

/** "Sat 3 pm", "Sat 3:30 pm"; "Sat 14 Mar, 3 pm" when it is a week or more away (a weekday alone would not say which). */
export function untilWords(until: number, now: number, timeZone?: string): string {
  const parts: Record<string, string> = {};
  let f: Intl.DateTimeFormat;
  try {
    f = format(timeZone);
  } catch {
    f = format("UTC");
  }
  for (const p of f.formatToParts(new Date(until))) parts[p.type] = p.value;
  const minute = parts.minute === "00" ? "" : `:${parts.minute}`;
  const time = `${parts.hour}${minute} ${(parts.dayPeriod ?? "").toLowerCase()}`.trim();
  return until - now >= 6 * 24 * 3600_000 ? `${parts.weekday} ${parts.day} ${parts.month}, ${time}` : `${parts.weekday} ${time}`;
}

/** "Dave is away until Sat 3 pm; their clock is stopped" (no full stop: the caller ends the sentence). */
export const awayWords = (name: string, until: number, now: number, timeZone?: string) => `${name} is away until ${untilWords(until, now, timeZone)}; their clock is stopped`;
