/** The american game page body: the table for four while it runs, your standing orders in the game menu, the result after. */
import type { Move } from "../../../../worker/engine/api";
import type { AmericanView } from "../../../../worker/engine/variants/american/view";
import type { Hints } from "../../../../worker/engine/variants/siamese/hints";
import { GameHead } from "../../game/GameHead";
import { sentHints } from "../../game/hints";
import type { TableProps } from "../../table-types";
import { Tile } from "../../components/Tile";
import { AmericanTable, byKind, Exposures, SeatTags } from "./AmericanTable";
import { AmericanHints } from "./Hints";
import { Chat, MoveList, OrdersPanel, Pinned, RatingChanges, Verify } from "../../game/parts";

const REASONS: Record<string, string> = {
  mahjong: "Mah Jongg!",
  wall: "The wall ran out: a wall game, nobody pays.",
  dead: "Every player still in the game was dead.",
  void: "A third player declared Mah Jongg in error: the game is void.",
  abandoned: "A player resigned, or a player's time ran out three turns in a row, so the game was abandoned.",
};

export default function AmericanGame({ game, seat, sync }: TableProps) {
  const { busy, error, send: onMove } = sync;
  const view = game.view as AmericanView | null;
  const names = game.players.map((p, i) => p.name ?? `Seat ${i + 1}`);
  const name = (s: number) => (s === seat ? "You" : names[s]!);
  const rating = <RatingChanges game={game} seat={seat} />;
  if (!view) return <>{rating}<p class="notice">Waiting for four players: the game starts when the fourth accepts the invitation.</p></>;
  const mine = seat >= 0 ? view.seats[seat] : undefined;
  // The service leaves hints out (null) when the game's options turn them off.
  const hints = sentHints<Hints>(game);
  return (
    <>
    {rating}
    <div>
      <GameHead game={game} seat={seat} title="American Mah Jongg with" />
      {game.status === "ended" ? (
        <section class="game-over" aria-label="Game over">
          <h2>Game over</h2>
          <p>{REASONS[game.result?.reason ?? ""] ?? game.result?.reason}</p>
          <table class="scores">
            <tbody>
              {game.result?.lines.map((l, i) => (
                <tr key={i}>
                  <td>{name(l.seat)}</td>
                  <td>{l.detail}</td>
                  <td class="num">{l.points > 0 ? `+${l.points}` : l.points}</td>
                </tr>
              ))}
              {game.result?.totals.map((t, s) => (
                <tr key={`t${s}`} class="total">
                  <td>{name(s)}</td>
                  <td>Total</td>
                  <td class="num">{t}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {view.seats.map((p, s) => (
            <div key={s} class="hands am-final-hand">
              <h3>
                {s === seat ? "Your hand" : `${name(s)}'s hand`} <SeatTags seat={p} />
              </h3>
              <Exposures seat={p} />
              <div class="tiles wrap">
                {byKind(p.concealed ?? []).map((t) => (
                  <Tile key={t.id} kind={t.kind} size="md" />
                ))}
              </div>
            </div>
          ))}
          <Verify game={game} seed={(view as { seed?: string }).seed ?? null} />
        </section>
      ) : seat >= 0 ? (
        <AmericanTable
          view={view}
          version={game.version}
          seat={seat}
          names={names}
          clocks={game.players.map((p) => ({ seat: p.seat, toAct: p.toAct, deadline: p.deadline }))}
          legal={game.legalMoves as Move[]}
          busy={busy}
          error={error}
          lastEvent={game.events.filter((e) => e.text).at(-1)?.text ?? ""}
          onMove={onMove}
        />
      ) : null}
      <OrdersPanel game={game} seat={seat} busy={busy} onMove={onMove} windowHours={view.options.windowHours ?? 12} />
      <MoveList events={game.events} />
      {game.status === "active" && hints && mine ? (
        <Pinned game={game} seat={seat} busy={busy} onMove={onMove}>
          <AmericanHints hints={hints} seat={mine} options={view.options} />
        </Pinned>
      ) : null}
      <Chat gameId={game.id} me={seat} players={game.players} version={game.version} chatSeq={sync.chatSeq} />
      <p class="row">
        <a href="/card">See the card</a>
        {game.status === "ended" ? <a href={`/replay/${game.id}`}>Replay this game</a> : null}
      </p>
    </div>
    </>
  );
}
