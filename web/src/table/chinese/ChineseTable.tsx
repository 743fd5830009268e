/**
 * The chinese-ming table for four: running points, every seat's flowers and melds (natural kongs
 * with the two middle tiles face down), the discards, the claim window, your tiles with the moves
 * legalMoves allows, and the score sheets of the last hand. Built only from the seat's view.
 */
import { useState } from "preact/hooks";
import type { Move } from "../../../../worker/engine/api";
import type { ChineseView } from "../../../../worker/engine/variants/chinese-ming/view";
import { chineseTileName, windWord } from "../../../../worker/engine/variants/chinese-ming/words";
import { Tile, TileBack } from "../../components/Tile";
import { timeLeft } from "../../components/timeLeft";
import { ScoreSheet } from "./ScoreSheet";
import "./chinese.css";

type V = ChineseView;
interface Props {
  view: V;
  seat: number;
  names: (string | null)[];
  legal: Move[];
  busy: boolean;
  error: string;
  lastEvent: string;
  /** Whose clock runs and until when (the service's players list). */
  clocks?: { seat: number; toAct: boolean; deadline: number | null }[];
  onMove: (m: Move) => void;
}

export const seatLabel = (s: number) => `${windWord(s)}, flower ${s + 1}`;

function Meld({ m }: { m: V["hand"]["seats"][number]["melds"][number] }) {
  const name = `${m.natural ? "natural" : "exposed"} ${m.tiles.length === 4 ? "kong" : "pung"} of ${chineseTileName(m.kind)}`;
  return (
    <span class={`exposure${m.natural ? " natural" : ""}`} role="group" aria-label={name}>
      {m.tiles.map((t, i) => (m.natural && m.tiles.length === 4 && (i === 1 || i === 2) ? <TileBack key={t.id} size="sm" /> : <Tile set="chinese" key={t.id} kind={t.kind} size="sm" />))}
    </span>
  );
}

export function SeatRow({ view, s, names }: { view: V; s: number; names: (string | null)[] }) {
  const p = view.hand.seats[s]!;
  const jong = view.hand.jong === s;
  return (
    <section class={`cm-seat${view.hand.toAct === s ? " acting" : ""}${s === view.you ? " cm-own" : ""}`} aria-label={`${names[s] ?? `Seat ${s + 1}`}'s tiles`}>
      <div class="opp-head">
        <strong>{names[s] ?? `Seat ${s + 1}`}</strong> <span class="muted">{seatLabel(s)}{jong ? " · the Jong" : ""}</span>{" "}
        <span class="count">{view.points[s]!.toLocaleString("en-US")} points</span>
        {s === view.you ? null : <span class="count"> · {p.concealedCount} hidden</span>}
      </div>
      <div class="tiles wrap">
        {p.flowers.map((f) => <Tile set="chinese" key={f.id} kind={f.kind} size="md" />)}
        {p.melds.map((m, i) => <Meld key={i} m={m} />)}
        {!p.flowers.length && !p.melds.length ? <span class="muted">Nothing laid out yet.</span> : null}
      </div>
    </section>
  );
}

function moveLabel(m: Move): string {
  if (m.type === "kong" && typeof m.kind === "number") return `Kong of ${chineseTileName(m.kind)}`;
  return { woo: "Woo!", pung: "Pung", kong: "Kong", pass: "Pass" }[m.type] ?? m.type;
}

export function ChineseTable(p: Props) {
  const [selected, setSelected] = useState<number | null>(null);
  const v = p.view;
  const h = v.hand;
  const me = h.seats[p.seat]!;
  const choices = p.legal.filter((m) => m.type !== "discard" && m.type !== "preference");
  const canDiscard = p.legal.some((m) => m.type === "discard");
  const w = h.window;
  const last = v.hands.at(-1);
  const order = [1, 2, 3].map((i) => (p.seat + i) % 4);
  const status = w
    ? w.asked && !w.answered
      ? `Call ${names(p.names, w.discarder)}'s ${chineseTileName(w.tile.kind)}, or pass.`
      : `Waiting for ${w.awaiting.map((s) => names(p.names, s)).join(", ") || "nobody"} to call or pass.`
    : h.toAct === p.seat
      ? "Your turn: discard a tile."
      : `${names(p.names, h.toAct ?? 0)} to play.`;
  return (
    <div class="table cm-table" data-version={v.ply} data-phase={h.phase}>
      <div class="status" role="status" aria-live="polite">
        <strong class={canDiscard || (w?.asked && !w.answered) ? "your-turn" : ""}>{status}</strong>
        <div class="clocks">
          <span class="clock">Hand {h.number + 1}</span>
          <span class="clock">{windWord(h.prevailing)} prevailing</span>
          <span class="clock">Wall: {Math.max(0, h.wallCount - h.deadWall)} to draw</span>
        </div>
        {p.clocks?.some((c) => c.toAct) ? (
          <div class="clocks">
            {p.clocks
              .filter((c) => c.toAct)
              .map((c) => (
                <span key={c.seat} class="clock running">
                  {c.seat === p.seat ? "You" : names(p.names, c.seat)}: {timeLeft(c.deadline) || "waiting"}
                </span>
              ))}
          </div>
        ) : null}
        <div class="last-event">{p.lastEvent ? `Last: ${p.lastEvent}.` : ""}</div>
      </div>
      {order.map((s) => <SeatRow key={s} view={v} s={s} names={p.names} />)}
      <section class="discards" aria-label="Discards">
        {w ? (
          <div class="last-discard">
            <span>{w.discarder === p.seat ? "You" : names(p.names, w.discarder)} just discarded (it may be called):</span>
            <Tile set="chinese" kind={w.tile.kind} size="md" note="may be called" />
          </div>
        ) : null}
        <div class="muted">{h.discards.length ? `All discards (${h.discards.length}):` : "No discards yet."}</div>
        <div class="tiles wrap">{h.discards.map((d) => <Tile set="chinese" key={d.tile.id} kind={d.tile.kind} size="sm" />)}</div>
      </section>
      <SeatRow view={v} s={p.seat} names={p.names} />
      <section class="mine" aria-label="Your tiles">
        <div class="tiles wrap concealed">
          {(me.concealed ?? []).map((t) => (
            <Tile set="chinese" key={t.id} kind={t.kind} fresh={me.drawn?.id === t.id} selected={selected === t.id} onTap={canDiscard ? () => setSelected(selected === t.id ? null : t.id) : undefined} />
          ))}
        </div>
      </section>
      <section class="actions" aria-label="Your move">
        {p.error ? <p class="error" role="alert">{p.error}</p> : null}
        {canDiscard && selected !== null && me.concealed?.some((t) => t.id === selected) ? (
          <button class="primary big" type="button" disabled={p.busy} onClick={() => (p.onMove({ type: "discard", tile: selected }), setSelected(null))}>
            Discard {chineseTileName(me.concealed.find((t) => t.id === selected)!.kind)}
          </button>
        ) : canDiscard ? (
          <p class="hint-line">Tap a tile to discard it.</p>
        ) : null}
        <div class="choices">
          {choices.map((m, i) => (
            <button key={i} type="button" class={m.type === "woo" ? "win" : ""} disabled={p.busy} onClick={() => p.onMove(m)}>
              {moveLabel(m)}
            </button>
          ))}
        </div>
        <label>
          Claim windows
          <select value={v.preferences[p.seat]} disabled={p.busy} onChange={(e) => p.onMove({ type: "preference", call: e.currentTarget.value })}>
            <option value="ask">Ask me about every discard</option>
            <option value="mahjong">Only Woo, called for me automatically</option>
            <option value="never">Never call</option>
          </select>
        </label>
      </section>
      <RunningPoints view={v} names={p.names} />
      {last ? (
        <details class="cm-last-hand" open={h.discards.length === 0}>
          <summary>
            Hand {last.number + 1}: {last.winner === null ? "drawn" : `${names(p.names, last.winner)} went Woo`} — score sheets
          </summary>
          {last.sheets.map((sheet, s) => (
            <ScoreSheet key={s} sheet={sheet} caption={`${names(p.names, s)} (${seatLabel(s)}): ${sheet.score.toLocaleString("en-US")}, ${last.net[s]! > 0 ? "+" : ""}${last.net[s]} settled`} />
          ))}
        </details>
      ) : null}
    </div>
  );
}

const names = (all: (string | null)[], s: number) => all[s] ?? `Seat ${s + 1}`;

/** Points after every hand of the match so far. */
export function RunningPoints({ view, names: who }: { view: V; names: (string | null)[] }) {
  return (
    <table class="cm-points">
      <caption>Running points</caption>
      <thead>
        <tr>
          <th scope="col">Hand</th>
          {who.map((n, s) => <th scope="col" key={s}>{n ?? `Seat ${s + 1}`}</th>)}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Start</th>
          {who.map((_, s) => <td key={s}>2,010</td>)}
        </tr>
        {view.hands.map((h) => (
          <tr key={h.number}>
            <th scope="row">
              {h.number + 1} ({windWord(h.prevailing)}){h.winner === null ? " drawn" : ""}
            </th>
            {h.points.map((pt, s) => <td key={s}>{pt.toLocaleString("en-US")}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
