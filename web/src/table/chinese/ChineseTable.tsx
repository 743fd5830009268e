/**
 * The chinese-ming table for four: running points, every seat's flowers and melds (natural kongs
 * with the two middle tiles face down), the discards, the claim window, your tiles with the moves
 * legalMoves allows, and the score sheets of the last hand. Built only from the seat's view.
 */
import { useEffect, useState } from "preact/hooks";
import type { Move } from "../../../../worker/engine/api";
import type { ChineseView } from "../../../../worker/engine/variants/chinese-ming/view";
import { chineseTileName, windWord } from "../../../../worker/engine/variants/chinese-ming/words";
import { Tile, TileBack, tileLabel } from "../../components/Tile";
import { timeLeft } from "../../components/timeLeft";
import { ScoreSheet } from "./ScoreSheet";
import { Board, DiscardRow, Felt, type OpponentM } from "../Board";
import { LargerTiles } from "../LargerTiles";
import { discardsBySeat, sortTiles } from "../model";
import { ConfirmMove, ErrorLine } from "../TableParts";
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
  /** The game's version (the service's), for pages and tests to know which state is drawn. */
  version?: number;
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

function moveLabel(m: Move, claimed: string | null): string {
  if (m.type === "kong" && typeof m.kind === "number") return `Kong of ${chineseTileName(m.kind)}`;
  const the = claimed ? ` the ${claimed}` : "";
  return { woo: claimed ? `Woo with the ${claimed}` : "Woo!", pung: `Pung${the}`, kong: `Kong${the}`, take: claimed ? `Take the ${claimed} instead of drawing` : "Take it instead of drawing", pass: "Pass" }[m.type] ?? m.type;
}

/** The flowers and melds a seat has laid out. */
function LaidOut({ view, s }: { view: V; s: number }) {
  const p = view.hand.seats[s]!;
  if (!p.flowers.length && !p.melds.length) return null;
  return (
    <div class="tiles wrap exposures">
      {p.flowers.map((f) => <Tile set="chinese" key={f.id} kind={f.kind} size="sm" />)}
      {p.melds.map((m, i) => <Meld key={i} m={m} />)}
    </div>
  );
}

export function ChineseTable(p: Props) {
  const [selected, setSelected] = useState<number | null>(null);
  const [pending, setPending] = useState<Move | null>(null);
  const [order, setOrder] = useState<"suit" | "number" | null>(null);
  const v = p.view;
  const h = v.hand;
  const me = h.seats[p.seat]!;
  const legalKey = JSON.stringify(p.legal);
  useEffect(() => setPending((m) => (m && legalKey.includes(JSON.stringify(m)) ? m : null)), [legalKey]);
  const choices = p.legal.filter((m) => m.type !== "discard" && m.type !== "preference");
  const canDiscard = p.legal.some((m) => m.type === "discard");
  const w = h.window;
  const last = v.hands.at(-1);
  const who = (s: number) => (s === p.seat ? "You" : names(p.names, s));
  const status = pending
    ? "Check your choice below, then confirm it or cancel."
    : w
      ? w.asked && !w.answered
        ? `Call ${names(p.names, w.discarder)}'s ${chineseTileName(w.tile.kind)}, or pass.`
        : `Waiting for ${w.awaiting.map((s) => names(p.names, s)).join(", ") || "nobody"} to call or pass.`
      : h.toAct === p.seat
        ? "Your turn: discard a tile."
        : `${names(p.names, h.toAct ?? 0)} to play.`;
  const rows = discardsBySeat(h.discards, 4);
  const lastSeat = w ? -1 : (h.discards.at(-1)?.seat ?? -1);
  const opponents: OpponentM[] = [1, 2, 3].map((d) => {
    const s = (p.seat + d) % 4;
    return {
      seat: s,
      name: names(p.names, s),
      wind: `${seatLabel(s)} · ${v.points[s]!.toLocaleString("en-US")} points`,
      east: h.jong === s,
      concealedCount: h.seats[s]!.concealedCount,
      acting: h.toAct === s,
      discards: rows[s]!,
      lastIsTheirs: lastSeat === s,
      children: <LaidOut view={v} s={s} />,
    };
  });
  const mineTiles = order ? sortTiles(me.concealed ?? [], order) : (me.concealed ?? []);
  const sel = selected !== null ? me.concealed?.find((t) => t.id === selected) : undefined;
  return (
    <Board
      class="cm-table"
      attrs={{ "data-version": p.version ?? v.ply, "data-phase": h.phase }}
      status={
        <div class="status" role="status" aria-live="polite">
          <strong class={canDiscard || (w?.asked && !w.answered) ? "your-turn" : ""}>{status}</strong>
          <div class="clocks">
            <span class="clock">Hand {h.number + 1}</span>
            <span class="clock">{windWord(h.prevailing)} prevailing</span>
            <span class="clock">Wall: {Math.max(0, h.wallCount - h.deadWall)} to draw</span>
            {(p.clocks ?? [])
              .filter((c) => c.toAct)
              .map((c) => (
                <span key={c.seat} class="clock running">
                  {who(c.seat)}: {timeLeft(c.deadline) || "waiting"}
                </span>
              ))}
          </div>
          <div class="last-event">{p.lastEvent ? `Last: ${p.lastEvent}.` : ""}</div>
        </div>
      }
      felt={
        <Felt me={p.seat} players={4} seats={opponents} set="chinese" middle={
          <div class="last-discard">
            {w ? (
              <>
                <span>{who(w.discarder)} just discarded (it may be called):</span>
                <Tile set="chinese" kind={w.tile.kind} size="md" note="may be called" />
              </>
            ) : null}
            <span class="small my-discards">
              Yours ({seatLabel(p.seat)}{h.jong === p.seat ? ", the Jong" : ""}): <DiscardRow tiles={rows[p.seat]!} lastMarked={lastSeat === p.seat} set="chinese" owner="Your" />
            </span>
          </div>
        } />
      }
      mine={
        <section class="mine" aria-label="Your tiles">
          <h3>
            Your tiles <span class="muted small">{v.points[p.seat]!.toLocaleString("en-US")} points</span>
          </h3>
          <LaidOut view={v} s={p.seat} />
          <div class="tiles wrap concealed">
            {mineTiles.map((t) => (
              <Tile set="chinese" key={t.id} kind={t.kind} note={me.drawn?.id === t.id ? "just drawn" : undefined} fresh={me.drawn?.id === t.id} selected={selected === t.id} onTap={canDiscard ? () => setSelected(selected === t.id ? null : t.id) : undefined} />
            ))}
          </div>
        </section>
      }
      tools={
        <>
          <span class="sort-label">Sort your tiles:</span>
          <button type="button" onClick={() => setOrder("suit")}>By suit</button>
          <button type="button" onClick={() => setOrder("number")}>By number</button>
          <LargerTiles />
        </>
      }
      actions={
        <section class="actions" aria-label="Your move">
          <ErrorLine error={p.error} />
          {pending ? (
            <ConfirmMove label={moveLabel(pending, w ? chineseTileName(w.tile.kind) : null)} busy={p.busy} onYes={() => (p.onMove(pending), setPending(null))} onCancel={() => setPending(null)} />
          ) : (
            <>
              {canDiscard && sel ? (
                <button class="primary big" type="button" disabled={p.busy} onClick={() => (p.onMove({ type: "discard", tile: sel.id }), setSelected(null))}>
                  Discard {tileLabel(sel.kind, "chinese")}
                </button>
              ) : canDiscard ? (
                <p class="hint-line">Tap a tile to discard it.</p>
              ) : null}
              {w && choices.length ? (
                <p class="choice-head claim-head">
                  <Tile set="chinese" kind={w.tile.kind} size="md" note="may be called" />
                  <span>{who(w.discarder)}'s {chineseTileName(w.tile.kind)}:</span>
                </p>
              ) : null}
              <div class="choices claim-list">
                {choices.map((m, i) => (
                  <button key={i} type="button" class={m.type === "woo" ? "win" : m.type === "pass" ? "primary" : ""} disabled={p.busy} onClick={() => (m.type === "pass" ? p.onMove(m) : setPending(m))}>
                    {moveLabel(m, w ? chineseTileName(w.tile.kind) : null)}
                  </button>
                ))}
              </div>
              {!canDiscard && !choices.length ? <p class="muted idle">Nothing to do now. We will tell you when it is your turn.</p> : null}
            </>
          )}
          <label>
            Claim windows
            <select value={v.preferences[p.seat]} disabled={p.busy} onChange={(e) => p.onMove({ type: "preference", call: e.currentTarget.value })}>
              <option value="ask">Ask me about every discard</option>
              <option value="mahjong">Only Woo, called for me automatically</option>
              <option value="never">Never call</option>
            </select>
          </label>
        </section>
      }
    />
  );
}

/** The last hand's score sheets, open while the next hand has no discard yet. */
export function LastHand({ view: v, names: all }: { view: V; names: (string | null)[] }) {
  const last = v.hands.at(-1);
  if (!last) return null;
  return (
    <details class="cm-last-hand" open={v.hand.discards.length === 0}>
      <summary>
        Hand {last.number + 1}: {last.winner === null ? "drawn" : `${names(all, last.winner)} went Woo`} — score sheets
      </summary>
      {last.sheets.map((sheet, s) => (
        <ScoreSheet key={s} sheet={sheet} caption={`${names(all, s)} (${seatLabel(s)}): ${sheet.score.toLocaleString("en-US")}, ${last.net[s]! > 0 ? "+" : ""}${last.net[s]} settled`} />
      ))}
    </details>
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
