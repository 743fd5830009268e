import { useEffect, useState } from "preact/hooks";
import { ShareLink } from "../components/ShareLink";
import { api, type ApiError, type GameInfo, type Me } from "../api";
import { RULESET_NAMES } from "../components/names";
import { navigate } from "../router";

/** Two faces: the creator copies or shares the link; the invited player accepts it. */
export default function Invite({ me, id }: { me: Me; id: string }) {
  const [game, setGame] = useState<GameInfo | null>(null);
  const [error, setError] = useState("");
  const [full, setFull] = useState(false);
  const [busy, setBusy] = useState(false);
  const q = new URLSearchParams(location.search);
  const token = q.get("t") ?? q.get("invite") ?? "";

  useEffect(() => {
    api.getGame(id, token || undefined).then(setGame, (e) => {
      // A valid invitation to a game whose seats were taken meanwhile gets its own answer.
      if ((e as ApiError).code === "game/full") setFull(true);
      setError((e as Error).message);
    });
  }, [id]);

  if (full && !game)
    return (
      <section>
        <h1>This game has already started</h1>
        <p class="notice" role="status">All seats are taken, so this invitation cannot be used any more. Ask whoever sent it to start a new game with you.</p>
        <p class="row">
          <a class="button primary" href="/new">Start a game</a>
          <a class="button" href="/">Back to your games</a>
        </p>
      </section>
    );
  if (error && !game) return <p class="error" role="alert">{error}</p>;
  if (!game) return <p class="loading" aria-busy="true">Loading…</p>;

  const seated = game.players.some((p) => p.userId === me.id);
  if (seated && game.status !== "open") {
    navigate(`/game/${id}`, true);
    return null;
  }

  const rules = RULESET_NAMES[game.ruleset] ?? game.ruleset;
  const seats = game.players.length;
  const free = game.players.filter((p) => !p.userId).length;
  if (seated && !game.inviteUrl && !localStorage.getItem(`invite:${id}`)) {
    // An open challenge has no invitation link: players take its seats from the lobby.
    return (
      <section>
        <h1>Waiting for players</h1>
        <p>This game is an open challenge in the lobby. It starts when every seat is taken.</p>
        <p>
          <a href="/">Back to your games</a>
        </p>
      </section>
    );
  }

  if (seated) {
    const link = localStorage.getItem(`invite:${id}`) ?? "";
    const mailed = mailedTo(sessionStorage.getItem(`invite-mailed:${id}`));
    return (
      <section>
        <h1>Invite a player</h1>
        {mailed ? (
          <p class="notice sent" role="status">
            {mailed.sent ? (
              <>
                ✉ Invitation sent by email to <strong>{mailed.to}</strong>.
              </>
            ) : mailed.refused ? (
              <>
                The mail server for <strong>{mailed.to}</strong> refused the invitation. Please check the address, or send them the link below.
              </>
            ) : (
              <>
                We could not send the invitation to <strong>{mailed.to}</strong> yet; we are trying again. You can also send them the link below.
              </>
            )}
          </p>
        ) : null}
        {seats > 2 ? (
          <p>
            Send this link to the people you want to play with: the same link for everyone. The game starts when all {seats} seats are taken
            ({free === 1 ? "1 seat is" : `${free} seats are`} still free).
          </p>
        ) : (
          <p>Send this link to the person you want to play with. The game starts when they accept.</p>
        )}
        {link ? null : <p class="notice">The link was shown on the device where you started the game; it cannot be shown again here.</p>}
        <ShareLink id="link" label="Invitation link" link={link} title="Mah Jongg" text={`${me.displayName} invites you to a game of ${rules} Mah Jongg`} />
        <p>
          <a href="/">Back to your games</a>
        </p>
      </section>
    );
  }

  const accept = async () => {
    setBusy(true);
    setError("");
    try {
      await api.joinGame(id, token);
      navigate(`/game/${id}`, true);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  const host = game.players[0]?.name ?? "A player";
  return (
    <section>
      <h1>You are invited</h1>
      <p>
        <strong>{host}</strong> invites you to a game of {rules} Mah Jongg{seats > 2 ? ` for ${seats} players` : ""}, {game.daysPerMove} {game.daysPerMove === 1 ? "day" : "days"} per move.
      </p>
      {game.status !== "open" ? <p class="notice">This game has already started; all seats are taken.</p> : null}
      {error ? <p class="error" role="alert">{error}</p> : null}
      <p class="row">
        <button class="primary" type="button" onClick={accept} disabled={busy || game.status !== "open"}>
          Accept and play
        </button>
        <a class="button" href="/">Not now</a>
      </p>
    </section>
  );
}

/** What the new-game form noted about the invitation mail (an address typed in this tab, and whether it left). */
function mailedTo(stored: string | null): { to: string; sent: boolean; refused: boolean } | null {
  if (!stored) return null;
  try {
    const v = JSON.parse(stored) as { to?: unknown; sent?: unknown; refused?: unknown };
    return typeof v.to === "string" ? { to: v.to, sent: v.sent !== false, refused: v.refused === true } : null;
  } catch {
    return { to: stored, sent: true, refused: false };
  }
}
