import { useEffect, useState } from "preact/hooks";
import type { Me } from "../api";
import { navigate } from "../router";
import { leagueApi } from "../league/client";
import { members } from "../league/words";

type Invitation = Awaited<ReturnType<typeof leagueApi.invitation>>;

/** The invitation link: /leagues/:id/join?invite=… says which league and who invites you, then joins. */
export default function LeagueJoin({ id }: { me: Me; id: string }) {
  const [error, setError] = useState("");
  const [inv, setInv] = useState<Invitation | null>(null);
  const invite = new URLSearchParams(location.search).get("invite") ?? "";
  useEffect(() => void leagueApi.invitation(id, invite).then(setInv, (e) => setError(e.message)), [id, invite]);
  const join = () => leagueApi.join(id, invite).then(() => navigate(`/leagues/${id}`, true), (e) => setError(e.message));
  const names = (l: string[]) => (l.length > 1 ? `${l.slice(0, -1).join(", ")} and ${l.at(-1)}` : (l[0] ?? ""));
  if (!inv)
    return error ? (
      <section>
        <h1>Join a league</h1>
        <p class="error" role="alert">{error}</p>
        <p>Ask whoever sent you the link for a new one.</p>
      </section>
    ) : (
      <p class="loading" aria-busy="true">Loading…</p>
    );
  return (
    <section>
      <h1>Join “{inv.name}”</h1>
      <p>
        {inv.invitedBy ? `${inv.invitedBy} invites you` : "You were invited"} to play in the Mah Jongg league “{inv.name}”
        {inv.organisers.length ? `, organised by ${names(inv.organisers)}` : ""}. It has {members(inv.members)}.
      </p>
      <p>The organisers schedule the games; we tell you when a game of yours starts, and when it is your turn.</p>
      {error ? <p class="error" role="alert">{error}</p> : null}
      {inv.member ? (
        <p>
          You are already a member. <a class="button primary" href={`/leagues/${id}`}>Open the league</a>
        </p>
      ) : inv.removed ? (
        <p class="notice">The organisers removed you from this league. Ask one of them to invite you again.</p>
      ) : inv.status === "archived" ? (
        <p class="notice">This league is archived: nobody can join any more.</p>
      ) : (
        <div class="row">
          <button class="primary" type="button" onClick={join}>Join “{inv.name}”</button>
          <a class="button" href="/">Not now</a>
        </div>
      )}
    </section>
  );
}
