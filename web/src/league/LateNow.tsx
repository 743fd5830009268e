import { ConfirmButton } from "../components/Confirm";
import { leagueApi, type Season } from "./client";
import { turnsLine } from "./words";

/**
 * "Late now", at the top of the organiser's tools: the season's games past their deadline, whose turn
 * it is and how late, each with the two things an organiser does about it: more days, or a forfeit.
 */
export function LateNow({ league, season, me, now, run }: { league: string; season: Season; me: string; now: number; run: (p: Promise<unknown>, done: string) => unknown }) {
  const late = season.games.filter((g) => g.late);
  return (
    <section class="late-now" aria-labelledby="late-now">
      <h3 id="late-now">Late now</h3>
      {late.length === 0 ? (
        <p class="muted">No game of {season.name} is past its deadline.</p>
      ) : (
        <ul class="card-list">
          {late.map((g) => (
            <li key={g.gameId}>
              <div>
                <strong>Round {g.round + 1}: {g.players.map((p) => p.name).join(" – ")}</strong>
                <div class="turn late">{turnsLine(g.toPlay, me, now)}</div>
              </div>
              <button type="button" onClick={() => run(leagueApi.extend(league, g.gameId, 2), "Deadline extended.")}>
                Give 2 more days
              </button>
              {g.toPlay.filter((t) => t.late).map((t) => (
                <ConfirmButton
                  key={t.userId}
                  label={`${t.name} forfeits`}
                  question={`Declare that ${t.name} forfeits round ${g.round + 1}?`}
                  note="The game ends at once and counts as abandoned by them."
                  yes="Yes, declare the forfeit"
                  danger
                  onYes={() => run(leagueApi.forfeit(league, g.gameId, t.userId), "Forfeit declared.")}
                />
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
