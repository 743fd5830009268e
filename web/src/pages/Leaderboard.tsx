/** The top 100 of a family: players with at least 10 rated games and a settled rating (RD ≤ 75). */
import { useEffect, useState } from "preact/hooks";
import type { Me } from "../api";
import { FAMILIES, profileApi, type BoardRow, type Family } from "../profile/data";

export default function Leaderboard({ me }: { me: Me }) {
  const start = new URLSearchParams(location.search).get("family");
  const [family, setFamily] = useState<Family>(FAMILIES.find((f) => f.id === start)?.id ?? FAMILIES[0]!.id);
  const [rows, setRows] = useState<BoardRow[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    setRows(null);
    profileApi.leaderboard(family).then((b) => setRows(b.players), (e) => setError(String(e.message ?? e)));
  }, [family]);
  return (
    <section>
      <h1>Leaderboard</h1>
      <div class="rating-tabs" role="tablist">
        {FAMILIES.map((f) => (
          <button type="button" role="tab" aria-selected={f.id === family} class={f.id === family ? "selected" : ""} onClick={() => setFamily(f.id)}>{f.name}</button>
        ))}
      </div>
      <p class="muted">Players with at least 10 rated games and a settled rating.</p>
      {/* "Ratings" in the header leads here: a newcomer, on no board yet, looks here for their own */}
      <p>
        <a href={`/players/${encodeURIComponent(me.id)}`}>Your own ratings and games</a>
      </p>
      {error ? <p class="error" role="alert">{error}</p> : rows === null ? <p class="loading">Loading…</p> : rows.length === 0 ? <p>Nobody is on this board yet: a player comes onto it after 10 rated games.</p> : (
        <ol class="leaderboard">
          {rows.map((r) => <li><a href={`/players/${encodeURIComponent(r.userId)}`}>{r.name}</a> <strong>{r.rating}</strong> <span class="muted">({r.games} games)</span></li>)}
        </ol>
      )}
    </section>
  );
}
