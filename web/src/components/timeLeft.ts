/** "2 days 3 hours left", "5 hours left", "40 minutes left", "15 seconds left" (a live claim window), "time is up" — plain words, no clock maths for the reader. */
export function timeLeft(deadline: number | null | undefined, now = Date.now()): string {
  if (!deadline) return "";
  const ms = deadline - now;
  if (ms <= 0) return "time is up";
  const min = Math.floor(ms / 60000), h = Math.floor(min / 60), d = Math.floor(h / 24);
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  if (d >= 1) return `${plural(d, "day")}${h % 24 ? " " + plural(h % 24, "hour") : ""} left`;
  if (h >= 1) return `${plural(h, "hour")} left`;
  if (min < 1) return `${plural(Math.ceil(ms / 1000), "second")} left`;
  return `${plural(min, "minute")} left`;
}
