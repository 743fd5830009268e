import { useState } from "preact/hooks";
import type { Me } from "../api";
import { navigate } from "../router";
import { leagueApi } from "../league/client";

/** The invitation link: /leagues/:id/join?invite=… */
export default function LeagueJoin({ id }: { me: Me; id: string }) {
  const [error, setError] = useState("");
  const invite = new URLSearchParams(location.search).get("invite") ?? "";
  const join = () => leagueApi.join(id, invite).then(() => navigate(`/leagues/${id}`, true), (e) => setError(e.message));
  return (
    <section>
      <h1>Join the league</h1>
      <p>You were invited to play in a Mah Jongg league. The organisers schedule the games; you are told when a round starts.</p>
      {error ? <p class="error" role="alert">{error}</p> : null}
      <button class="primary" onClick={join}>Join</button>
    </section>
  );
}
