/**
 * The Siamese table: status and clocks, the opponent's exposures and face-down racks, the
 * discards, your two racks, and the actions the engine allows right now (and nothing else).
 * Its own state (the racks' order, the selection, a choice to confirm) lives in tableReducer.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useReducer } from "preact/hooks";
import type { Move } from "../../../worker/engine/api";
import type { GameInfo } from "../api";
import type { GameSync } from "../game/useGame";
import { Tile } from "../components/Tile";
import { useTileWords } from "../components/tile-words";
import { loadArrangement, saveArrangement } from "./arrangement";
import { Board, DiscardRow, Felt, type OpponentM } from "./Board";
import { choicesOf, statusLine } from "./choices";
import { LargerTiles } from "./LargerTiles";
import { discardsBySeat, initTableState, rackTiles, tableReducer, type TableM } from "./model";
import { SiameseActions } from "./SiameseActions";
import { MyRacks, OpponentRacks } from "./SiameseRacks";
import { StatusBar } from "./TableParts";
import { moveLabel } from "./words";

export interface Player {
  seat: number;
  name: string | null;
  toAct: boolean;
  deadline: number | null;
}

/** What a ruleset says beside a seat (Wright-Patterson: the racks' seat winds and the flowers laid out). */
export interface SeatNotes {
  /** The seat's wind words ("East and South"); East and West by seat otherwise. */
  wind?: string;
  /** This seat deals (the East marker); seat 0 otherwise. */
  east?: boolean;
  /** Words after each rack's name ("East wind"). */
  racks?: string[];
  /** Drawn beside the seat's racks (the flowers laid out). */
  beside?: ComponentChildren;
}

/** The props every Siamese-family table takes straight from the game's answer and its sync. */
export const gameTableProps = (game: GameInfo, sync: GameSync) => ({
  gameId: game.id,
  version: game.version,
  players: game.players.map((p) => ({ seat: p.seat, name: p.name, toAct: p.toAct, deadline: p.deadline })),
  legal: game.legalMoves as Move[],
  busy: sync.busy,
  error: sync.error,
  lastEvent: game.events.filter((e) => e.text).at(-1)?.text ?? "",
  onMove: sync.send,
  onClearError: sync.clearError,
});

interface Props {
  gameId: string;
  version: number;
  table: TableM;
  seat: number;
  players: Player[];
  legal: Move[];
  busy: boolean;
  error: string;
  lineText: (id: string) => string;
  /** The game's card id (for the Atomic picker's suggestions); the sample card when not given. */
  card?: string;
  /** The latest thing that happened, in words. */
  lastEvent: string;
  onMove: (m: Move) => void;
  onClearError: () => void;
  /** What the ruleset shows beside each seat, if anything. */
  seatNotes?: (seat: number) => SeatNotes;
}

/** A seat's wind: East and West at two players; East, South, West (and North) to the right in turn at three or four. */
const windOf = (seat: number, players: number) => (players === 2 ? ["East", "West"] : ["East", "South", "West", "North"])[seat] ?? `Seat ${seat + 1}`;

export function Table(p: Props) {
  const { table: t, seat: me, players } = p;
  const n = t.seats.length;
  const who = (s: number) => (s === me ? "You" : (players[s]?.name ?? "Your opponent"));
  const mine = t.seats[me]!;
  const [s, dispatch] = useReducer(tableReducer, null, () => initTableState(mine, p.legal, loadArrangement(p.gameId)));
  useEffect(() => dispatch({ type: "server", seat: mine, legal: p.legal }), [mine, p.legal]);
  useEffect(() => saveArrangement(p.gameId, s.arr), [s.arr]);

  const words = useTileWords();
  const notes = (seat: number): SeatNotes => p.seatNotes?.(seat) ?? {};
  const c = choicesOf(t, me, p.legal, s);
  const label = (m: Move) => moveLabel(m, t, me, who, p.lineText, words.name);
  const tap = (id: number) => {
    p.onClearError();
    dispatch({ type: "select", id });
  };
  const sort = (by: "suit" | "number") => dispatch({ type: "sort", by, seat: mine });

  const rows = discardsBySeat(t.discards, n);
  const lastSeat = t.discards.at(-1)?.seat ?? -1;
  // every other player (one at Siamese, two or three at Royale), in turn order after you
  const opponents: OpponentM[] = Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n).map((o) => ({
    seat: o,
    name: who(o),
    wind: notes(o).wind ?? (o === 0 ? undefined : windOf(o, n)),
    east: notes(o).east ?? o === 0,
    concealedCount: t.seats[o]!.poolCount,
    // in a claim window the players still awaited are the ones to play
    acting: t.phase === "window" ? !!t.window?.awaiting.includes(o) : t.toAct === o && t.phase !== "over",
    discards: rows[o]!,
    lastIsTheirs: lastSeat === o,
    noDiscards: n > 2 ? "No discards" : undefined,
    children: (
      <>
        {notes(o).beside}
        <OpponentRacks seat={t.seats[o]!} short={n > 2} />
      </>
    ),
  }));
  const last = t.discards.at(-1);

  return (
    <Board
      // two or three others (Royale): on a phone each other player is a compact chip, all in one row
      class={n > 2 ? "chip-opponents" : undefined}
      attrs={{ "data-version": p.version, "data-phase": t.phase, "data-turn": c.myTurn ? "you" : "other" }}
      decide={c.myTurn && (t.phase === "draw" || t.phase === "window")}
      status={<StatusBar status={statusLine(t, me, c, s.pending, who, words.name)} yourTurn={c.myTurn} clocks={players} name={(pl) => (pl.seat === me ? "You" : (pl.name ?? "Opponent"))} wall={t.wall} lastEvent={p.lastEvent} />}
      felt={
        <Felt me={me} players={n} seats={opponents} middle={
          <>
            <div class="last-discard">
              {last ? (
                <>
                  <span>{last.seat === me ? "Your last discard" : `${who(last.seat)}'s last discard`}:</span>
                  <Tile kind={last.tile.kind} size="md" note="the last discard" />
                </>
              ) : (
                <span class="muted">No discards yet.</span>
              )}
            </div>
            <section class="my-discards" aria-label="Your discards">
              <span class="small">{`You (${notes(me).wind ?? windOf(me, n)})`}:</span> <DiscardRow tiles={rows[me]!} lastMarked={lastSeat === me} owner="Your" />
            </section>
          </>
        } />
      }
      mine={<MyRacks seat={mine} tiles={(i) => rackTiles(s.arr, mine, i)} selected={s.selected} atomic={!!c.atomic} apart={c.apart} onTap={tap} rackNotes={notes(me).racks} beside={notes(me).beside} foldAll={c.windowMoves.length > 0 && !!t.window} />}
      tools={
        <>
          <span class="sort-label">Sort your racks:</span>
          <button type="button" onClick={() => sort("suit")}>By suit</button>
          <button type="button" onClick={() => sort("number")}>By number</button>
          <LargerTiles />
        </>
      }
      actions={<SiameseActions t={t} c={c} s={s} dispatch={dispatch} pool={mine.pool ?? []} busy={p.busy} error={p.error} card={p.card ?? "sample-2026"} label={label} who={who} onMove={p.onMove} />}
    />
  );
}
