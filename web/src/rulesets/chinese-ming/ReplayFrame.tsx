/**
 * A chinese-ming replay frame: during a hand every seat's flowers, melds and concealed tiles laid
 * open, with the discards; at the end of a hand its score sheets, the tiles each seat held and the
 * points after the settlement.
 */
import type { ChineseView } from "../../../../worker/engine/variants/chinese-ming/view";
import { chineseTileName, windWord } from "../../../../worker/engine/variants/chinese-ming/words";
import { Tile } from "../../components/Tile";
import type { FrameProps } from "../../table-types";
import { RunningPoints, SeatRow, seatLabel } from "./parts";
import { ScoreSheet } from "./ScoreSheet";
import "./chinese.css";
import { sortTiles } from "../../table/model";

type Record = ChineseView["hands"][number];

function HandEnd({ h, names }: { h: Record; names: string[] }) {
  const who = (s: number) => names[s] ?? `Seat ${s + 1}`;
  return (
    <section class="cm-hand-end" aria-label={`End of hand ${h.number + 1}`}>
      <h2>
        Hand {h.number + 1} ({windWord(h.prevailing)} prevailing):{" "}
        {h.winner === null ? "drawn, nobody went Woo" : `${who(h.winner)} went Woo${h.from !== null && h.from !== h.winner ? ` on ${who(h.from)}'s discard` : ", self-drawn"}`}
      </h2>
      {h.sheets.map((sheet, s) => (
        <div key={s} class="cm-hand-end-seat">
          <h3>
            {who(s)} <span class="muted">({seatLabel(s)}{h.jong === s ? ", the Jong" : ""})</span>
            {h.winner === s ? <span class="tag win-tag">Woo</span> : null}
          </h3>
          <div class="tiles wrap" aria-label={`${who(s)}'s tiles`}>
            {h.tiles[s]!.flowers.map((k, i) => <Tile set="chinese" key={`f${i}`} kind={k} size="md" />)}
            {h.tiles[s]!.melds.map((m, i) => (
              <span key={`m${i}`} class={`exposure${m.natural ? " natural" : ""}`} role="group" aria-label={`${m.size === 4 ? "kong" : "pung"} of ${chineseTileName(m.kind)}`}>
                {Array.from({ length: m.size }, (_, j) => <Tile set="chinese" key={j} kind={m.kind} size="md" />)}
              </span>
            ))}
            {[...h.tiles[s]!.concealed].sort((a, b) => a - b).map((k, i) => <Tile set="chinese" key={`c${i}`} kind={k} size="md" />)}
          </div>
          <ScoreSheet sheet={sheet} caption={`Score ${sheet.score.toLocaleString("en-US")}; ${h.net[s]! > 0 ? "+" : ""}${h.net[s]!.toLocaleString("en-US")} after settling`} />
        </div>
      ))}
    </section>
  );
}

export default function ChineseReplayFrame({ frame, names }: FrameProps) {
  const v = frame.view as ChineseView;
  const ended = frame.ended === undefined ? undefined : v.hands[frame.ended];
  if (ended)
    return (
      <div class="cm-replay">
        <HandEnd h={ended} names={names} />
        <RunningPoints view={{ ...v, hands: v.hands.slice(0, frame.ended! + 1) }} names={names} />
      </div>
    );
  const h = v.hand;
  return (
    <div class="cm-replay">
      <p class="muted">
        Hand {h.number + 1}, {windWord(h.prevailing)} prevailing. Wall: {Math.max(0, h.wallCount - h.deadWall)} to draw.
        {h.window ? ` ${names[h.window.discarder]}'s ${chineseTileName(h.window.tile.kind)} may be called.` : ""}
      </p>
      {h.seats.map((s, i) => (
        <div key={i}>
          <SeatRow view={v} s={i} names={names} />
          <div class="tiles wrap" aria-label={`${names[i]}'s concealed tiles`}>
            {sortTiles(s.concealed ?? [], "suit").map((t) => (
              <Tile set="chinese" key={t.id} kind={t.kind} size="md" />
            ))}
          </div>
        </div>
      ))}
      <section class="discards" aria-label="Discards">
        <div class="tiles wrap">
          {h.discards.map((d) => (
            <Tile set="chinese" key={d.tile.id} kind={d.tile.kind} size="sm" />
          ))}
        </div>
      </section>
      <RunningPoints view={v} names={names} />
    </div>
  );
}
