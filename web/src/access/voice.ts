/**
 * The table's voice: what the announcer and the command line say, kept in order for the two live
 * regions (Access.tsx: polite and urgent) and the command line's transcript.
 */
export interface Line {
  n: number;
  text: string;
  urgent: boolean;
  /** Typed by the player (shown in the transcript, never read out again). */
  typed?: boolean;
}

const KEEP = 20;
let lines: Line[] = [];
let count = 0;
const listeners = new Set<(l: Line[]) => void>();

export const spoken = () => lines;

export function say(text: string, urgent = false, typed = false) {
  if (!text) return;
  lines = [...lines, { n: ++count, text, urgent, typed }].slice(-KEEP);
  listeners.forEach((f) => f(lines));
}

/**
 * Hears every line said from now on, and at once the lines as they stand: a line said between a
 * listener's drawing (which read `spoken()`) and its subscribing would otherwise never be shown (the
 * page's first "Your turn" was sometimes lost so).
 */
export function listen(f: (l: Line[]) => void): () => void {
  listeners.add(f);
  f(lines);
  return () => void listeners.delete(f);
}
