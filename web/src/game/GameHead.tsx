/** The game page's headline, the same for every ruleset: who you play with, whether the live link is down, who is here. */
import type { GameInfo } from "../api";
import type { SocketState } from "../live";
import { PlayerName } from "../profile/PlayerName";
import { LiveStatus } from "./LiveStatus";
import { NextGame } from "./parts";
import { TableNotes } from "./TableNotes";

export function GameHead({ game, seat, title, linked, socket }: {
  game: GameInfo;
  seat: number;
  /** "Game with", "American Mah Jongg with"… */
  title: string;
  /** The other players' names link to their profiles with their ratings. */
  linked?: boolean;
  /** Given: "Connecting…" shows until the live link is first open, "Reconnecting…" while it is down after that. */
  socket?: SocketState;
}) {
  const others = game.players.filter((p) => p.seat !== seat);
  return (
    <div class="row game-head">
      <h1>
        {title}{" "}
        {linked ? others.map((p, i) => <>{i ? ", " : ""}<PlayerName userId={p.userId} name={p.name ?? "—"} ruleset={game.ruleset} /></>) : others.map((p) => p.name ?? "—").join(", ")}
      </h1>
      {seat >= 0 ? <LiveStatus game={game} seat={seat} /> : null}
      {socket && socket !== "open" && game.status !== "ended" ? <span class="muted" role="status">{socket === "closed" ? "Reconnecting…" : "Connecting…"}</span> : null}
      {/* what happened while you were away (time-outs, vacations), and your next game (issue 36) */}
      {seat >= 0 ? <TableNotes game={game} seat={seat} /> : null}
      {seat >= 0 ? <NextGame game={game} seat={seat} /> : null}
    </div>
  );
}
