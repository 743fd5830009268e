/**
 * The chinese-ming table for four: running points, every seat's flowers and melds (natural kongs
 * with the two middle tiles face down), the discards, the claim window, your tiles with the moves
 * legalMoves allows, and the score sheets of the last hand. Built only from the seat's view.
 */
import { useEffect, useState } from "preact/hooks";
import type { Move } from "../../../../worker/engine/api";
import type { ChineseView } from "../../../../worker/engine/variants/chinese-ming/view";
import { chineseTileName } from "../../../../worker/engine/variants/chinese-ming/words";
import { Tile, tileLabel } from "../../components/Tile";
import { ChineseStatus, LaidOut, moveLabel, names, seatLabel } from "./parts";
import { Board, DiscardRow, Felt, type OpponentM } from "../../table/Board";
import { LargerTiles } from "../../table/LargerTiles";
import { Countdown } from "../../game/LiveCountdown";
import { discardsBySeat, sortTiles } from "../../table/model";
import { ConfirmMove, ErrorLine } from "../../table/TableParts";
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

export function ChineseTable(p: Props) {
  const [selected, setSelected] = useState<number | null>(null);
  const [pending, setPending] = useState<Move | null>(null);
  // sorted as Siamese and American racks are, by suit until you choose: a matter of display (the engine's
  // deal, the stored games and their records stay exactly as they are, and replay as they did)
  const [order, setOrder] = useState<"suit" | "number">("suit");
  const v = p.view;
  const h = v.hand;
  const me = h.seats[p.seat]!;
  const legalKey = JSON.stringify(p.legal);
  useEffect(() => setPending((m) => (m && legalKey.includes(JSON.stringify(m)) ? m : null)), [legalKey]);
  const choices = p.legal.filter((m) => m.type !== "discard" && m.type !== "preference" && m.type !== "orders");
  const canDiscard = p.legal.some((m) => m.type === "discard");
  const w = h.window;
  const deciding = !!(w?.asked && !w.answered);
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
      // deciding on a discard, a phone's felt keeps to what the call needs (the points are in the score sheet)
      wind: deciding ? seatLabel(s) : `${seatLabel(s)} · ${v.points[s]!.toLocaleString("en-US")} points`,
      east: h.jong === s,
      concealedCount: h.seats[s]!.concealedCount,
      acting: h.toAct === s,
      discards: rows[s]!,
      lastIsTheirs: lastSeat === s,
      children: <LaidOut view={v} s={s} />,
    };
  });
  const mineTiles = sortTiles(me.concealed ?? [], order);
  const sel = selected !== null ? me.concealed?.find((t) => t.id === selected) : undefined;
  return (
    <Board
      class="cm-table"
      attrs={{ "data-version": p.version ?? v.ply, "data-phase": h.phase }}
      decide={deciding}
      status={<ChineseStatus view={v} status={status} yourTurn={canDiscard || !!(w?.asked && !w.answered)} clocks={p.clocks ?? []} who={who} lastEvent={p.lastEvent} />}
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
                <button class="primary big" type="button" aria-keyshortcuts="D" disabled={p.busy} onClick={() => (p.onMove({ type: "discard", tile: sel.id }), setSelected(null))}>
                  Discard {tileLabel(sel.kind, "chinese")}
                </button>
              ) : canDiscard ? (
                <p class="hint-line">Tap a tile to discard it.</p>
              ) : null}
              {w && choices.length ? (
                <p class="choice-head claim-head">
                  <Tile set="chinese" kind={w.tile.kind} size="md" note="may be called" />
                  <span>{who(w.discarder)}'s {chineseTileName(w.tile.kind)}:</span>
                  <Countdown />
                </p>
              ) : null}
              <div class="choices claim-list">
                {choices.map((m, i) => (
                  <button key={i} type="button" class={m.type === "woo" ? "win" : m.type === "pass" ? "primary" : ""} data-decision={m.type === "pass" ? "" : undefined} aria-keyshortcuts={{ pass: "P", woo: "M", pung: "C", take: "C", kong: m.kind === undefined ? "C" : undefined }[m.type]} disabled={p.busy} onClick={() => (m.type === "pass" ? p.onMove(m) : setPending(m))}>
                    {moveLabel(m, w ? chineseTileName(w.tile.kind) : null)}
                  </button>
                ))}
              </div>
              {!canDiscard && !choices.length ? <p class="muted idle">Nothing to do now. We will tell you when it is your turn.</p> : null}
            </>
          )}
          {/* How claim windows treat you is your standing orders, in the game menu (../Orders.tsx). */}
        </section>
      }
    />
  );
}
