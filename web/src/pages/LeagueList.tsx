import { members } from "../league/words";
import { useEffect, useState } from "preact/hooks";
import type { Me } from "../api";
import { navigate } from "../router";
import { leagueApi, type LeagueSummary } from "../league/client";

/** My leagues and public ones; an organiser starts a new league here. */
export default function LeagueList(_: { me: Me }) {
  const [leagues, setLeagues] = useState<LeagueSummary[] | null>(null);
  const [error, setError] = useState("");
  const [name, setName] = useState("");
  const [visibility, setVisibility] = useState<"public" | "private">("private");
  const [play, setPlay] = useState<boolean | null>(null);
  useEffect(() => void leagueApi.list().then(setLeagues, (e) => setError(e.message)), []);
  const create = (e: Event) => {
    e.preventDefault();
    if (play === null) return setError("Say whether you will play in the league yourself.");
    leagueApi.create(name, visibility, play).then((l) => navigate(`/leagues/${l.id}`), (e) => setError(e.message));
  };
  return (
    <section>
      <h1>Leagues</h1>
      {error ? <p class="error" role="alert">{error}</p> : null}
      {leagues === null && !error ? <p class="loading" aria-busy="true">Loading…</p> : null}
      <ul class="card-list">
        {(leagues ?? []).map((l) => (
          <li key={l.id}>
            <div>
              <strong>{l.name}</strong>
              <div class="muted">
                {members(l.members)} · {l.visibility}
                {l.status === "archived" ? " · archived" : ""}
                {l.organiser ? " · you organise it" : l.member ? "" : " · you are not a member"}
              </div>
            </div>
            <a class="button" href={`/leagues/${l.id}`}>Open</a>
          </li>
        ))}
      </ul>
      <h2>Start a league</h2>
      <form onSubmit={create}>
        <label>
          Name <input value={name} required maxLength={80} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <label class="check">
          <input type="checkbox" checked={visibility === "public"} onChange={(e) => setVisibility((e.target as HTMLInputElement).checked ? "public" : "private")} /> Anyone may look at it (public)
        </label>
        <fieldset>
          <legend>Will you play in it yourself?</legend>
          <label class="check">
            <input type="radio" name="play" required checked={play === true} onChange={() => (setPlay(true), setError(""))} /> Yes, schedule games for me too
          </label>
          <label class="check">
            <input type="radio" name="play" checked={play === false} onChange={() => (setPlay(false), setError(""))} /> No, I only organise it
          </label>
        </fieldset>
        <button class="primary" type="submit">Create the league</button>
      </form>
    </section>
  );
}
