/**
 * The end of a game: why it ended, each player's hands laid open, every score line with its
 * reason, the totals, and the seed, which anyone can check against the commitment published
 * at the start by re-dealing and re-playing the game in this browser.
 */
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { api, type GameInfo } from "../api";
import { Tile } from "../components/Tile";
import { useTileWords } from "../components/tile-words";
import { lineName } from "./card";
import { declaredGroups } from "./declared";
import { readTable, sortTiles } from "./model";
import { groupName, rackName } from "./words";

const REASONS: Record<string, string> = {
  mahjong: "A player made two Mah Jonggs.",
  wall: "The wall ran out.",
  dead: "A player's two hands were both dead.",
  abandoned: "A player resigned, or a player's time ran out three turns in a row, so the game was abandoned.",
};

/**
 * `lineText` names a declared hand (a card line unless given), `reasons` says why a game ends where
 * a ruleset's endings differ (REASONS unless given), `beside(seat)` what it shows with a player's
 * hands (Wright-Patterson: the flowers); tiles are in the table's words (TileWordsContext).
 */
export default function GameOver(p: { game: GameInfo; seat: number; lineText?: (id: string) => string; reasons?: Record<string, string>; beside?: (seat: number) => ComponentChildren }) {
  const { game, seat, lineText = lineName, reasons = REASONS } = p;
  const words = useTileWords();
  const t = readTable(game.view);
  const r = game.result;
  const name = (s: number) => (s === seat ? "You" : (game.players[s]?.name ?? `Player ${s + 1}`));
  return (
    <section class="game-over" aria-label="Game over">
      <h2>Game over</h2>
      {r ? <p>{reasons[r.reason] ?? r.reason}</p> : null}
      {r ? (
        <table class="scores">
          <thead>
            <tr>
              <th>Player</th>
              <th>Why</th>
              <th class="num">Points</th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((l, i) => (
              <tr key={i}>
                <td>{name(l.seat)}</td>
                <td>{l.detail}</td>
                <td class="num">{l.points > 0 ? `+${l.points}` : l.points}</td>
              </tr>
            ))}
            {r.totals.map((tot, s) => (
              <tr key={`t${s}`} class="total">
                <td>{name(s)}</td>
                <td>Total</td>
                <td class="num">{tot > 0 ? `+${tot}` : tot}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {t
        ? t.seats.map((s, i) => (
            <div key={i} class="hands">
              <h3>{i === seat ? "Your hands" : `${name(i)}'s hands`}</h3>
              {p.beside?.(i)}
              {s.racks.map((rack, ri) => (
                <div key={ri} class="rack">
                  <strong>{rackName(ri)[0]!.toUpperCase() + rackName(ri).slice(1)}: </strong>
                  {rack.mahjong ? (
                    <span class="tag win-tag">
                      Mah Jongg: {lineText(rack.mahjong.line)}, {rack.mahjong.value} points{rack.mahjong.jokerless ? ", jokerless" : ""}
                    </span>
                  ) : rack.dead ? (
                    <span class="tag dead-tag">Dead: {rack.dead.message}</span>
                  ) : (
                    <span class="muted">no Mah Jongg</span>
                  )}
                  <div class="exposures">
                    {rack.mahjong
                      ? // the declared hand whole, in its line's order
                        declaredGroups(rack.mahjong, rack.exposures).map((g, k) => (
                          <span key={k} class="exposure mahjong">
                            {g.map((kind, x) => <Tile key={x} kind={kind} size="md" />)}
                          </span>
                        ))
                      : rack.exposures.map((e, k) => (
                          <span key={k} class="exposure" role="group" aria-label={groupName(e.tiles.length, e.kind, words.name)}>
                            {e.tiles.map((x) => <Tile key={x.id} kind={x.kind} size="md" />)}
                          </span>
                        ))}
                  </div>
                </div>
              ))}
              {s.pool && s.pool.length ? (
                <div>
                  <span class="muted">Concealed: </span>
                  <div class="tiles wrap">
                    {sortTiles(s.pool, "suit").map((x) => <Tile key={x.id} kind={x.kind} size="md" />)}
                  </div>
                </div>
              ) : null}
            </div>
          ))
        : null}
      <Verify game={game} seed={t?.seed ?? null} />
    </section>
  );
}

export function Verify({ game, seed }: { game: GameInfo; seed: string | null }) {
  const [out, setOut] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const [{ verifyDeal }, record] = await Promise.all([import("./verify"), api.record(game.id)]);
      setOut(verifyDeal(record, game.commitment));
    } catch (e) {
      setOut({ ok: false, text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="verify">
      <h3>Check the deal</h3>
      <p>
        When the game began, the server published a fingerprint of its secret seed: <code class="hash">{game.commitment}</code>
      </p>
      <p>
        The seed, revealed now: <code class="hash">{seed ?? "(not shown)"}</code>
      </p>
      <button type="button" onClick={run} disabled={busy}>
        {busy ? "Checking…" : "Verify this deal"}
      </button>
      {out ? (
        <p class={out.ok ? "notice" : "error"} role="status">
          {out.text}
        </p>
      ) : null}
    </div>
  );
}
