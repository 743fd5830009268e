/**
 * A claim window's claims folded by kind (issue 36): one button per kind of claim (Mah Jongg, pung,
 * kong, quint…), the ways to make it (which rack, how many jokers, which line) listed under it when
 * opened, one kind open at a time; a kind with one way is that way's own button. A Royale discard
 * can be claimed some 26 ways: folded, Mah Jongg, Pass and the first claim fit a phone's first
 * screen. Each way keeps its whole move as its name, so a screen reader hears what it does; the
 * picture drops the words its kind's button already says. M (Mah Jongg) and C (a claim) press a
 * folded kind, which opens it, and then its ways (../access/keyboard.ts).
 */
import { useState } from "preact/hooks";
import type { Move } from "../../../worker/engine/api";
import { GROUP_NAMES } from "./words";
import "./claim-kinds.css";

/** A claim's kind: Mah Jongg, or the size of the exposure it makes. */
const kindOf = (m: Move) => (m.type.includes("mahjong") ? "mahjong" : `size-${Number(m.size)}`);

const KIND_WORDS = (kind: string) => (kind === "mahjong" ? "Mah Jongg" : `A ${GROUP_NAMES[Number(kind.slice(5))] ?? "group"}`);

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The words every label of a kind starts with, whole words only ("Claim 1 Dots for a pung "), and
 * never the word a number belongs to: the ways read "On rack 2 (no jokers)", not "2 (no jokers)".
 */
function sharedStart(labels: string[]): string {
  if (labels.length < 2) return "";
  const words = labels.map((l) => l.split(" "));
  let k = 0;
  while (k < words[0]!.length - 1 && words.every((w) => w[k] === words[0]![k])) k++;
  while (k > 0 && words.some((w) => /^\d/.test(w[k] ?? ""))) k--;
  return k ? `${words[0]!.slice(0, k).join(" ")} ` : "";
}

/** The claims of one window (not Pass), by kind, in the order their first way comes. */
export function ClaimKinds({ moves, label, busy, onChoose, kindClass }: { moves: Move[]; label: (m: Move) => string; busy: boolean; onChoose: (m: Move) => void; kindClass?: (kind: string) => string }) {
  const [open, setOpen] = useState<string | null>(null);
  const kinds = [...new Set(moves.map(kindOf))];
  return (
    <>
      {kinds.map((kind) => {
        const ways = moves.filter((m) => kindOf(m) === kind);
        const win = kind === "mahjong" ? "win" : "";
        const key = kind === "mahjong" ? "M" : "C";
        if (ways.length === 1)
          return (
            <button key={kind} type="button" class={`claim-kind one-way ${win}`} aria-label={label(ways[0]!)} aria-keyshortcuts={key} disabled={busy} onClick={() => onChoose(ways[0]!)}>
              <span class="claim-words">{label(ways[0]!)}</span>
            </button>
          );
        const isOpen = open === kind;
        const labels = ways.map(label);
        const start = sharedStart(labels);
        return (
          <div key={kind} class={`claim-kind-group${isOpen ? " open" : ""}`}>
            <button type="button" class={`claim-kind claim-toggle ${win} ${kindClass?.(kind) ?? ""}`} aria-expanded={isOpen} aria-keyshortcuts={isOpen ? undefined : key} disabled={busy} onClick={() => setOpen(isOpen ? null : kind)}>
              <span>
                {KIND_WORDS(kind)} <span class="small">({ways.length} ways)</span>
              </span>
              <span aria-hidden="true" class="claim-fold">{isOpen ? "▲" : "▼"}</span>
            </button>
            {isOpen ? (
              <div class="claim-ways" role="group" aria-label={`${KIND_WORDS(kind)}: which way`}>
                {ways.map((m, i) => (
                  <button key={i} type="button" class={`claim-way ${win}`} aria-label={labels[i]} aria-keyshortcuts={key} disabled={busy} onClick={() => onChoose(m)}>
                    {upper(labels[i]!.slice(start.length))}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
