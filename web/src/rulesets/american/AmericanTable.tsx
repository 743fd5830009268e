/**
 * The American table for four: status and clocks, the three opponents (where they sit, tiles
 * hidden, exposures), the discards, the Charleston screen, the claim prompt, your rack and the
 * actions the engine allows right now (and nothing else).
 */
import { useEffect, useState } from "preact/hooks";
import type { Move } from "../../../../worker/engine/api";
import { tileName } from "../../../../worker/engine/tile-kinds";
import type { AmericanView } from "../../../../worker/engine/variants/american/view";
import { Tile } from "../../components/Tile";
import { ErrorLine, ExposedGroups, HandTags, StatusBar, type ClockM } from "../../table/TableParts";
import { AmericanActions } from "./AmericanActions";
import { CharlestonPanel } from "./Charleston";
import { Board, DiscardRow, Felt, type OpponentM } from "../../table/Board";
import { LargerTiles } from "../../table/LargerTiles";
import { discardsBySeat, WINDS4 } from "../../table/model";
import { lineText, moveLabel } from "./words";

type SeatV = AmericanView["seats"][number];
export type Clock = ClockM;

interface Props {
  view: AmericanView;
  version: number;
  seat: number;
  names: string[];
  clocks: Clock[];
  legal: Move[];
  busy: boolean;
  error: string;
  lastEvent: string;
  onMove: (m: Move) => void;
}

export const byKind = <T extends { id: number; kind: number }>(ts: T[]) => ts.slice().sort((a, b) => a.kind - b.kind || a.id - b.id);

export const Exposures = ({ seat, small }: { seat: SeatV; small?: boolean }) => <ExposedGroups hand={seat} small={small} owner="exposed" mahjongLabel="Mah Jongg" />;

export const SeatTags = ({ seat }: { seat: SeatV }) => <HandTags hand={seat} />;

export function AmericanTable(p: Props) {
  const { view: v, seat: me } = p;
  const who = (s: number) => (s === me ? "You" : (p.names[s] ?? `Seat ${s + 1}`));
  const mine = v.seats[me]!;
  const concealed = byKind(mine.concealed ?? []);
  const [selected, setSelected] = useState<number[]>([]);
  const [pending, setPending] = useState<Move | null>(null);
  const handKey = concealed.map((t) => t.id).join(",");
  useEffect(() => setSelected((s) => s.filter((id) => concealed.some((t) => t.id === id))), [handKey]);
  useEffect(() => setPending(null), [p.legal]);
  useEffect(() => setSelected([]), [v.charleston?.stage, v.phase, JSON.stringify(v.charleston?.yourChoice ?? null)]);

  const own = p.legal.filter((m) => m.type !== "preference" && m.type !== "orders");
  // Whose clock runs: in the Charleston a player who has chosen may still change, but is not awaited.
  const acting = own.length > 0 && !!p.clocks.find((c) => c.seat === me)?.toAct;
  const discardKind = v.window ? v.window.tile.kind : null;
  const exposureKind = (s: number, i: number) => v.seats[s]?.exposures[i]?.kind ?? null;
  const label = (m: Move) => moveLabel(m, who, lineText, discardKind, exposureKind);
  const toggle = (id: number) => {
    setPending(null);
    const max = v.phase === "charleston" ? 3 : 1;
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...(s.length >= max ? s.slice(1) : s), id]));
  };
  const single = selected.length === 1 ? selected[0]! : null;
  const discardMove = v.phase === "discard" && single !== null ? own.find((m) => m.type === "discard" && m.tile === single) : undefined;
  const windowMoves = v.phase === "window" ? own : [];
  const turnMoves = v.phase === "discard" ? own.filter((m) => m.type !== "discard") : [];

  const status = (() => {
    if (v.phase === "charleston") return acting ? `Charleston: ${v.charleston!.name}. Choose your tiles.` : "Charleston: waiting for the others to choose.";
    if (v.phase === "window") {
      const d = `${who(v.window!.discarder)} discarded ${tileName(v.window!.tile.kind)}`;
      if (acting) return `${d}. Call it or pass.`;
      return `${d}. Waiting for ${v.window!.awaiting.map(who).join(", ")} to call or pass.`;
    }
    if (v.toAct === me) return "Your turn: choose a tile to discard.";
    return `Waiting for ${who(v.toAct ?? 0)}.`;
  })();

  const rows = discardsBySeat(v.discards, 4);
  const lastSeat = v.window ? -1 : (v.discards.at(-1)?.seat ?? -1);
  const opponents: OpponentM[] = [1, 2, 3].map((d) => {
    const s = (me + d) % 4;
    const seat = v.seats[s]!;
    return {
      seat: s,
      name: who(s),
      wind: s === 0 ? undefined : WINDS4[s],
      east: s === 0,
      concealedCount: seat.concealedCount,
      acting: p.clocks.some((c) => c.seat === s && c.toAct),
      discards: rows[s]!,
      lastIsTheirs: lastSeat === s,
      children: <OpponentTiles seat={seat} name={who(s)} />,
    };
  });

  return (
    <Board
      class="am-table"
      attrs={{ "data-version": p.version, "data-phase": v.phase, "data-turn": acting ? "you" : "other" }}
      decide={acting && v.phase === "window"}
      status={<StatusBar status={status} yourTurn={acting} clocks={p.clocks} name={(c) => who(c.seat)} wall={v.wallCount} lastEvent={p.lastEvent} />}
      felt={
        <Felt me={me} players={4} seats={opponents} middle={
          <div class="last-discard">
            {v.window ? (
              <>
                <span>{who(v.window.discarder)} just discarded:</span>
                <Tile kind={v.window.tile.kind} size="md" note="may be called" />
              </>
            ) : v.discards.length ? (
              <>
                <span>Last discard ({who(v.discards.at(-1)!.seat)}):</span>
                <Tile kind={v.discards.at(-1)!.tile.kind} size="md" note="the last discard" />
              </>
            ) : (
              <span class="muted">No discards yet.</span>
            )}
            <span class="small my-discards">
              Yours{me === 0 ? " (East)" : ` (${WINDS4[me]})`}: <DiscardRow tiles={rows[me]!} lastMarked={lastSeat === me} owner="Your" />
            </span>
          </div>
        } />
      }
      mine={
      <section class="mine" aria-label="Your rack">
        <h3>
          Your rack <SeatTags seat={mine} />
        </h3>
        <Exposures seat={mine} />
        <div class="tiles wrap concealed">
          {concealed.map((t) => (
            <Tile key={t.id} kind={t.kind} selected={selected.includes(t.id)} note={t.id === mine.drawn?.id ? "just drawn" : undefined} fresh={t.id === mine.drawn?.id} onTap={() => toggle(t.id)} />
          ))}
        </div>
      </section>
      }
      tools={<LargerTiles />}
      actions={
      v.phase === "charleston" && v.charleston ? (
        <section class="am-charleston-wrap" aria-label="Your move">
          <ErrorLine error={p.error} />
          <CharlestonPanel ch={v.charleston} names={p.names} me={me} selected={selected} legal={own} busy={p.busy} onMove={p.onMove} onClear={() => setSelected([])} />
        </section>
      ) : (
      <AmericanActions view={v} who={who} acting={acting} windowMoves={windowMoves} turnMoves={turnMoves} discardMove={discardMove} discardKind={discardMove ? concealed.find((t) => t.id === single)!.kind : null} pending={pending} setPending={setPending} label={label} busy={p.busy} error={p.error} onMove={p.onMove} />
      )
      }
    />
  );
}

/** What the felt shows of another player: tags, their tiles once shown, their exposures. */
function OpponentTiles({ seat, name }: { seat: SeatV; name: string }) {
  return (
    <>
      <SeatTags seat={seat} />
      {seat.concealed ? (
        <div class="tiles wrap" role="group" aria-label={`${name}'s tiles, shown`}>
          {byKind(seat.concealed).map((t) => (
            <Tile key={t.id} kind={t.kind} size="sm" />
          ))}
        </div>
      ) : null}
      <Exposures seat={seat} small />
    </>
  );
}
