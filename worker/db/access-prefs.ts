/** A player's way of seeing and playing the tables (Settings, the table's tools): kept with the account, so every device of theirs draws the tables alike. */
import type { Env } from "../lib/env";

export interface AccessPrefs {
  /** Every tile drawn larger. */
  largeTiles: boolean;
  /** The command line for typed moves opens at every table. */
  playByTyping: boolean;
}

/** Changes the preferences given (the others stay). */
export async function saveAccessPrefs(env: Env, userId: string, prefs: Partial<AccessPrefs>): Promise<void> {
  const cols = { largeTiles: "large_tiles", playByTyping: "play_by_typing" } as const;
  const set = (Object.keys(cols) as (keyof AccessPrefs)[]).filter((k) => prefs[k] !== undefined);
  if (!set.length) return;
  await env.DB.prepare(`UPDATE users SET ${set.map((k) => `${cols[k]} = ?`).join(", ")} WHERE id = ?`)
    .bind(...set.map((k) => (prefs[k] ? 1 : 0)), userId)
    .run();
}
