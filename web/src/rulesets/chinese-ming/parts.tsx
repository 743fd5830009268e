/** The chinese-ming table's parts: a seat's flowers and melds, move words, the last hand's sheets and the running points. */
import type { Move } from "../../../../worker/engine/api";
import type { ChineseView } from "../../../../worker/engine/variants/chinese-ming/view";
import { chineseTileName, windWord } from "../../../../worker/engine/variants/chinese-ming/words";
import { Tile, TileBack } from "../../components/Tile";
import { useClockWords } from "../../game/LiveCountdown";
import { ScoreSheet } from "./ScoreSheet";

type V = ChineseView;

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

export function moveLabel(m: Move, claimed: string | null): string {
  if (m.type === "kong" && typeof m.kind === "number") return `Kong of ${chineseTileName(m.kind)}`;
  const the = claimed ? ` the ${claimed}` : "";
  return { woo: claimed ? `Woo with the ${claimed}` : "Woo!", pung: `Pung${the}`, kong: `Kong${the}`, take: claimed ? `Take the ${claimed} instead of drawing` : "Take it instead of drawing", pass: "Pass" }[m.type] ?? m.type;
}

/** The flowers and melds a seat has laid out. */
export function LaidOut({ view, s }: { view: V; s: number }) {
  const p = view.hand.seats[s]!;
  if (!p.flowers.length && !p.melds.length) return null;
  return (
    <div class="tiles wrap exposures">
      {p.flowers.map((f) => <Tile set="chinese" key={f.id} kind={f.kind} size="sm" />)}
      {p.melds.map((m, i) => <Meld key={i} m={m} />)}
    </div>
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

export const names = (all: (string | null)[], s: number) => all[s] ?? `Seat ${s + 1}`;

/**
 * A name for a narrow column: a word of 8 letters or more may break once, with a hyphen, a little past
 * its middle ("Compu-ter"), only where the column needs it (a soft hyphen); never anywhere else in it.
 */
const breakable = (name: string) => name.replace(/\S{8,}/gu, (w) => w.slice(0, Math.ceil(w.length * 0.6)) + "\u00AD" + w.slice(Math.ceil(w.length * 0.6)));

/** Points after every hand of the match so far. */
export function RunningPoints({ view, names: who }: { view: V; names: (string | null)[] }) {
  // Names and hands wrap between words, never inside one (a phone showed "Comp|uter" and "(East" over ")");
  // a long word of a name may break once at its hyphen. In a box of its own that scrolls sideways if
  // even so the names are too long for a phone.
  return (
    <div class="cm-points-wrap" role="region" aria-label="Running points" tabIndex={0}>
      <table class="cm-points">
        <caption>Running points</caption>
        <thead>
          <tr>
            <th scope="col">Hand</th>
            {who.map((n, s) => <th scope="col" key={s}>{breakable(n ?? `Seat ${s + 1}`)}</th>)}
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
    </div>
  );
}

/** The status bar: what to do now, the hand, the prevailing wind, the wall, the running clocks and the last event. */
export function ChineseStatus({ view, status, yourTurn, clocks, who, lastEvent }: { view: V; status: string; yourTurn: boolean; clocks: { seat: number; toAct: boolean; deadline: number | null }[]; who: (s: number) => string; lastEvent: string }) {
  const h = view.hand;
  const left = useClockWords();
  const acting = clocks.filter((c) => c.toAct);
  const running = acting.length > 2 ? acting.filter((c) => who(c.seat) === "You").slice(0, 1) : acting;
  const more = acting.length - running.length;
  return (
    // (not read out as it changes: the announcer says each thing once, access/announce.ts)
    <div class="status" role="status" aria-live="off">
      <strong class={yourTurn ? "your-turn" : ""}>{status}</strong>
      <div class="clocks">
        <span class="clock">Hand {h.number + 1}</span>
        <span class="clock">{windWord(h.prevailing)} prevailing</span>
        <span class="clock">Wall: {Math.max(0, h.wallCount - h.deadWall)} to draw</span>
        {/* when three call at once: yours and how many more, as the other tables say it */}
        {running.map((c) => (
          <span key={c.seat} class="clock running">
            {who(c.seat)}: {left(c.deadline) || "waiting"}
          </span>
        ))}
        {more ? <span class="clock more">and {more} more to call</span> : null}
      </div>
      <div class="last-event">{lastEvent ? `Last: ${lastEvent}.` : ""}</div>
    </div>
  );
}
