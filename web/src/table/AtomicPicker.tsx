/**
 * Declaring the Atomic hand (RULES §3): the player chooses the 13 tiles rack 1 keeps, starting
 * from the engine's suggestion for one Atomic line, tapping tiles in or out. Loaded on demand
 * (it needs the card matcher), only when the player opens it.
 */
import { useMemo, useState } from "preact/hooks";
import type { Move } from "../../../worker/engine/api";
import { Tile } from "../components/Tile";
import { cardParts } from "./atomic";
import { atomicAway, suggestionLines } from "./atomic-picks";
import { lineTitle } from "./card";
import { HintLine } from "./Hints";
import { hintLine } from "./hint-line";
import { sortTiles, type T } from "./model";

export const ATOMIC_SIZE = 13;

interface Props {
  /** All the player's concealed tiles. */
  pool: T[];
  /** The engine's `atomic` moves: one suggested pick of 13 tiles per Atomic line. */
  suggestions: Move[];
  card: string;
  busy: boolean;
  onConfirm: (tiles: number[]) => void;
  onCancel: () => void;
}

const idsOf = (m: Move | undefined): number[] => (Array.isArray(m?.tiles) ? (m.tiles as unknown[]).filter((x): x is number => typeof x === "number") : []);

export default function AtomicPicker(p: Props) {
  const byId = useMemo(() => new Map(p.pool.map((t) => [t.id, t])), [p.pool]);
  const kindsOf = (ids: number[]) => ids.map((id) => byId.get(id)?.kind ?? -1).filter((k) => k >= 0);
  const lines = useMemo(() => suggestionLines(p.suggestions.map((m) => ({ kinds: kindsOf(idsOf(m)), line: m.line })), p.card), [p.suggestions]);
  const [start, setStart] = useState(0);
  const [chosen, setChosen] = useState<number[]>(() => idsOf(p.suggestions[0]));
  const parts = cardParts(p.card);

  const pick = (i: number) => {
    setStart(i);
    setChosen(idsOf(p.suggestions[i]));
  };
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const onRack1 = sortTiles(p.pool.filter((t) => chosen.includes(t.id)), "suit");
  const onRack2 = sortTiles(p.pool.filter((t) => !chosen.includes(t.id)), "suit");
  const kinds = onRack1.map((t) => t.kind);
  const goal = lines[start] ?? "";
  const progress = useMemo(() => {
    const a = atomicAway(kinds, p.card).find((x) => x.line.id === goal);
    return a && parts ? hintLine({ line: goal, text: a.line.text, away: a.away, needed: a.needed }, kinds, [], parts.atomic) : null;
  }, [chosen.join(), goal]);
  const n = chosen.length;
  const count = n === ATOMIC_SIZE ? `${n} of ${ATOMIC_SIZE} chosen` : n > ATOMIC_SIZE ? `${n} of ${ATOMIC_SIZE} chosen: take ${n - ATOMIC_SIZE} back` : `${n} of ${ATOMIC_SIZE} chosen: choose ${ATOMIC_SIZE - n} more`;

  return (
    <div class="atomic-picker" role="dialog" aria-modal="true" aria-labelledby="atomic-title">
      <h2 id="atomic-title">Go for the Atomic hand</h2>
      <p class="atomic-what">Rack 1 keeps these 13 tiles for the Atomic hand; no tile moves between racks unless you give it up.</p>
      {p.suggestions.length > 1 ? (
        <fieldset class="atomic-start">
          <legend>Start from the tiles we suggest for</legend>
          {p.suggestions.map((_, i) => (
            <button key={i} type="button" class={i === start ? "chosen" : ""} aria-pressed={i === start} onClick={() => pick(i)}>
              {lines[i] ? lineTitle(lines[i]!) : `Suggestion ${i + 1}`}
            </button>
          ))}
        </fieldset>
      ) : null}
      {progress ? (
        <ul class="hint-list atomic-goal" aria-label="Your Atomic line">
          <HintLine m={progress} />
        </ul>
      ) : null}
      <h3>
        Rack 1: <span class={`atomic-count${n === ATOMIC_SIZE ? " done" : ""}`} role="status">{count}</span>
      </h3>
      <p class="muted small">Tap a tile to put it back on rack 2.</p>
      <div class="tiles wrap atomic-rack1">
        {onRack1.map((t) => (
          <Tile key={t.id} kind={t.kind} selected note="on rack 1" onTap={() => toggle(t.id)} />
        ))}
      </div>
      <h3>Rack 2</h3>
      <p class="muted small">Tap a tile to move it to rack 1.</p>
      <div class="tiles wrap atomic-rack2">
        {onRack2.map((t) => (
          <Tile key={t.id} kind={t.kind} note="on rack 2" onTap={() => toggle(t.id)} />
        ))}
      </div>
      <div class="row atomic-buttons">
        <button class="primary big" type="button" disabled={p.busy || n !== ATOMIC_SIZE} onClick={() => p.onConfirm([...chosen].sort((a, b) => a - b))}>
          Confirm these 13 tiles
        </button>
        <button type="button" onClick={p.onCancel}>Cancel</button>
      </div>
    </div>
  );
}
