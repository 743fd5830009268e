/**
 * Larger tiles and play by typing: kept with the account (PUT /api/me `access`), so every device of
 * the player draws the tables alike, with a copy on this device so a page is drawn right before the
 * account has answered (and, signed out, the device's own choice).
 */
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";

export interface AccessPrefs {
  largeTiles: boolean;
  playByTyping: boolean;
}

const KEY = "access";
const listeners = new Set<(p: AccessPrefs) => void>();

function stored(): AccessPrefs {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) ?? "null");
    // (before the account kept it, "Larger tiles" was this device's alone)
    if (!p) return { largeTiles: localStorage.getItem("tiles") === "large", playByTyping: false };
    return { largeTiles: !!p.largeTiles, playByTyping: !!p.playByTyping };
  } catch {
    return { largeTiles: false, playByTyping: false };
  }
}

let current = stored();

function use(p: AccessPrefs) {
  current = p;
  document.documentElement.classList.toggle("big-tiles", p.largeTiles);
  try {
    localStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    /* private mode: this visit only */
  }
  listeners.forEach((f) => f(p));
}
use(current);

export const accessPrefs = () => current;

/** The account's answer: what it keeps wins over this device's copy. */
export function adoptPrefs(p: AccessPrefs | null | undefined) {
  if (p && (p.largeTiles !== current.largeTiles || p.playByTyping !== current.playByTyping)) use({ largeTiles: p.largeTiles, playByTyping: p.playByTyping });
}

/** Changes a preference here at once and with the account (signed out, or offline: on this device only). */
export function savePrefs(patch: Partial<AccessPrefs>): Promise<unknown> {
  use({ ...current, ...patch });
  return api.updateMe({ access: patch }).catch(() => {});
}

export function useAccessPrefs(): AccessPrefs {
  const [p, setP] = useState(current);
  useEffect(() => {
    listeners.add(setP);
    setP(current);
    return () => void listeners.delete(setP);
  }, []);
  return p;
}
