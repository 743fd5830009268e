/**
 * The table picture every ruleset shares: the other players placed around you (across; on your
 * left and right at four), each with name, wind, how many tiles they hide, their exposures and
 * their own discards in order (the table's last discard marked), then your racks and the action
 * area below them. The board fills the screen under the page heading; the felt shrinks (and
 * scrolls inside) so your tiles and the actions never leave the screen nor cover each other.
 * When you decide on a discard (`decide`: draw or claim, a claim window) a phone's felt is the
 * others' discards in compact tiles, whole lines, the newest that fit (felt-room.ts).
 */
import type { ComponentChildren } from "preact";
import { useContext, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Kind, TileSet } from "../../../worker/engine/tile-kinds";
import { Tile } from "../components/Tile";
import { seatPlace, type Place } from "./model";
import { SeatPlayers } from "./seat-players";
import { PlayerName } from "../profile/PlayerName";
import { useScrollCue } from "./scroll-cue";
import { useFeltRoom } from "./felt-room";
import "./board.css";
import "./decide-fit.css";

export interface OpponentM {
  seat: number;
  name: string;
  /** "East", "South wind, flower 2"… what the ruleset calls this seat. */
  wind?: string;
  /** East (the dealer / the Jong) gets its own marker. */
  east?: boolean;
  concealedCount: number;
  acting: boolean;
  discards: { id: number; kind: Kind }[];
  /** This seat threw the table's latest discard (the last tile of its row is marked). */
  lastIsTheirs: boolean;
  /** Exposures, flowers, tags: drawn by the ruleset's own parts. */
  children?: ComponentChildren;
  /** What an empty discard row says ("No discards yet." unless a compact box says less). */
  noDiscards?: string;
}

export function DiscardRow({ tiles, lastMarked, set, owner, empty = "No discards yet." }: { tiles: { id: number; kind: Kind }[]; lastMarked: boolean; set?: TileSet; owner: string; empty?: string }) {
  if (!tiles.length) return <p class="muted small no-discards">{empty}</p>;
  return (
    <div class="tiles wrap discard-row" role="group" aria-label={`${owner} discards, oldest first`}>
      {tiles.map((t, i) => {
        const last = lastMarked && i === tiles.length - 1;
        return (
          <span key={`${t.id}-${i}`} class={last ? "last-mark" : undefined}>
            <Tile kind={t.kind} set={set} size="sm" note={last ? "the last discard" : undefined} />
          </span>
        );
      })}
    </div>
  );
}

export function Opponent({ o, place, set }: { o: OpponentM; place: Place; set?: TileSet }) {
  const where = place === "across" ? "across from you" : `on your ${place}`;
  // The name links to the player's profile and shows their rating (computer seats: the name only).
  const seated = useContext(SeatPlayers);
  const player = seated?.players.find((p) => p.seat === o.seat);
  return (
    <section class={`opponent seat-${place}${o.acting ? " acting" : ""}`} aria-label={`${o.name}, ${where}`}>
      <div class="opp-head">
        <h2>{seated && player?.userId ? <PlayerName userId={player.userId} name={o.name} ruleset={seated.ruleset} /> : o.name}</h2>
        {o.east ? <span class="tag east-tag">East</span> : null}
        {o.wind ? <span class="muted small opp-wind">{o.wind}</span> : null}
        <span class="count">{o.concealedCount} hidden</span>
        {o.acting ? <span class="tag acting-tag">to play</span> : null}
      </div>
      {o.children}
      <DiscardRow tiles={o.discards} lastMarked={o.lastIsTheirs} set={set} owner={`${o.name}'s`} empty={o.noDiscards} />
    </section>
  );
}

/** The felt: opponents placed around you, and the middle (the discard that may be claimed, the wall). */
export function Felt({ me, seats, players, set, middle }: { me: number; seats: OpponentM[]; players: number; set?: TileSet; middle?: ComponentChildren }) {
  return (
    <div class={`felt-grid felt-${players}`}>
      {seats.map((o) => {
        const place = seatPlace(me, o.seat, players);
        return <Opponent key={o.seat} o={o} place={place} set={set} />;
      })}
      <div class="felt-middle">{middle}</div>
    </div>
  );
}

/**
 * The board: status on top, the felt, your racks, the action area. `--board-top` (how far the
 * board starts down the page) lets it take exactly the rest of the screen.
 */
export function Board(p: { class?: string; attrs?: Record<string, string | number>; status: ComponentChildren; felt: ComponentChildren; mine: ComponentChildren; actions: ComponentChildren; tools?: ComponentChildren; decide?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const set = () => el.style.setProperty("--board-top", `${Math.max(0, Math.round(el.getBoundingClientRect().top + scrollY))}px`);
    set();
    addEventListener("resize", set);
    return () => removeEventListener("resize", set);
  }, []);
  const felt = useRef<HTMLElement>(null);
  useScrollCue(felt);
  // a phone's felt shown whole, the page scrolling instead of the felt
  const [open, setOpen] = useState(false);
  // on a phone, when you decide on a discard: how many of the others' oldest discards are folded away
  const [earlier, setEarlier] = useState(0);
  useFeltRoom(ref, felt, setEarlier);
  // every table links to its own rules (by id only: the names would bring the engine's list into the game page)
  const ruleset = useContext(SeatPlayers)?.ruleset;
  return (
    <div ref={ref} class={`table board ${p.class ?? ""}${p.decide ? " deciding" : ""}`} {...p.attrs}>
      {p.status}
      <section ref={felt} class={open ? "felt felt-open" : "felt"} aria-label="The table" tabIndex={0}>
        {p.felt}
      </section>
      {/* on a phone, under the felt rather than over its last line: there is more, and a tap shows it all */}
      <button type="button" class="felt-cue" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? "▲ Fit the table to the screen again" : earlier ? `▼ Show all (${earlier} earlier ${earlier === 1 ? "discard" : "discards"})` : "▼ More of the table: show it all"}
      </button>
      {p.mine}
      {p.actions}
      {p.tools || ruleset ? (
        <div class="row tools board-tools">
          {p.tools}
          {ruleset ? <a class="rules-link" href={`/rules/${ruleset}`}>Rules of this game</a> : null}
        </div>
      ) : null}
    </div>
  );
}
