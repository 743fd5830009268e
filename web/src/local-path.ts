/**
 * Where a `next` parameter may send the player: a path on this site, never another site
 * ("//example.net/…", "/\example.net") nor a script ("javascript:…"). Anything else is the home page.
 */
export function localPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return "/";
  try {
    const url = new URL(raw, location.origin);
    return url.origin === location.origin ? url.pathname + url.search + url.hash : "/";
  } catch {
    return "/";
  }
}
