import { useEffect, useState } from "preact/hooks";
import { api, type GameInfo, type Me } from "../api";
import { navigate } from "../router";

/** Two faces: the creator copies or shares the link; the invited player accepts it. */
export default function Invite({ me, id }: { me: Me; id: string }) {
  const [game, setGame] = useState<GameInfo | null>(null);
  const [error, setError] = useState("");
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const q = new URLSearchParams(location.search);
  const token = q.get("t") ?? q.get("invite") ?? "";

  useEffect(() => {
    api.getGame(id, token || undefined).then(setGame, (e) => setError(e.message));
  }, [id]);

  if (error && !game) return <p class="error" role="alert">{error}</p>;
  if (!game) return <p class="loading" aria-busy="true">Loading…</p>;

  const seated = game.players.some((p) => p.userId === me.id);
  if (seated && game.status !== "open") {
    navigate(`/game/${id}`, true);
    return null;
  }

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
    const share = async () => {
      const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
      if (nav.share) await nav.share({ title: "Mah Jongg", text: `${me.displayName} invites you to a game of Siamese Mah Jongg`, url: link }).catch(() => {});
      else copy();
    };
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(link);
        setCopied(true);
      } catch {
        setCopied(false);
      }
    };
    return (
      <section>
        <h1>Invite a player</h1>
        <p>Send this link to the person you want to play with. The game starts when they accept.</p>
        {link ? null : <p class="notice">The link was shown on the device where you started the game; it cannot be shown again here.</p>}
        <label for="link">Invitation link</label>
        <input id="link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        <p class="row">
          <button class="primary" type="button" onClick={share}>Share the link</button>
          <button type="button" onClick={copy}>{copied ? "Copied" : "Copy the link"}</button>
        </p>
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
        <strong>{host}</strong> invites you to a game of Siamese Mah Jongg, {game.daysPerMove} {game.daysPerMove === 1 ? "day" : "days"} per move.
      </p>
      {game.status !== "open" ? <p class="notice">This game has already started.</p> : null}
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
