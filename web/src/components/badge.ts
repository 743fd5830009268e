/** The count of games waiting for the player: in the title and, where supported, on the app icon. */
export function setBadge(count: number) {
  document.title = count > 0 ? `(${count}) Mah Jongg by post` : "Mah Jongg by post";
  const nav = navigator as Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  try {
    if (count > 0) nav.setAppBadge?.(count)?.catch(() => {});
    else nav.clearAppBadge?.()?.catch(() => {});
  } catch {
    /* not supported */
  }
}
