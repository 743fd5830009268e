import { useState } from "preact/hooks";
import { ConfirmButton } from "../components/Confirm";
import { ShareLink } from "../components/ShareLink";
import { leagueApi, type LeaguePage, type Season } from "./client";
import { HEADS, headOf, seatsOf } from "../../../worker/engine/rulesets";
import type { GameOptions } from "../../../worker/engine/api";
import { formOptions, RulesetOptions, type Chosen } from "../components/RulesetOptions";
import { LateNow } from "./LateNow";
import { RemoveMember } from "./RemoveMember";
import { StrengthSelect } from "../lobby/StrengthSelect";
import type { Strength } from "../lobby/client";
import { FILL_WORDS } from "./words";

/** Organiser tools: invite, new season, extend a deadline, replace a player, forfeit, a member's part (organiser, plays), end the season, archive. */
export function Organiser({ page, season, me, onDone }: { page: LeaguePage; season: Season | undefined; me: string; onDone: () => void }) {
  const [msg, setMsg] = useState("");
  const [invited, setInvited] = useState("");
  // the season's options as its ruleset's head describes them (Royale: how many sit at each table)
  const [ruleset, setRuleset] = useState<string>(HEADS[0]!.id);
  const [chosen, setChosen] = useState<Chosen>({});
  const head = headOf(ruleset);
  const id = page.league.id;
  const run = (p: Promise<unknown>, done: string) => p.then(() => (setMsg(done), onDone()), (e) => setMsg(e.message));
  const field = (form: HTMLFormElement, name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
  const running = season?.games.filter((g) => g.status === "started" && g.gameStatus !== "ended") ?? [];
  // members who could take a leaving player's place: those not in the season already
  const free = season ? page.members.filter((m) => !season.players.some((p) => p.userId === m.userId)) : [];
  const [mode, setMode] = useState("concurrent");
  // computer fill-ins: offered for tables of three or four (a game of two has no seat to fill)
  const [fill, setFill] = useState(false);
  const [strength, setStrength] = useState<Strength>("strong");
  const fillable = seatsOf(head.id, formOptions(head, "season", chosen) as GameOptions) >= 3;
  const [who, setWho] = useState(page.members[0]?.userId ?? "");
  const [removed, setRemoved] = useState("");
  const member = page.members.find((m) => m.userId === who);
  if (page.league.status === "archived") return null;
  return (
    <section>
      <h2>Organiser tools</h2>
      {msg ? <p role="status">{msg}</p> : null}
      {season && season.status === "running" ? <LateNow league={id} season={season} me={me} now={page.now} run={run} /> : null}
      <p class="row"><a href={`/cards?league=${encodeURIComponent(id)}`}>The league's cards</a> <a href={`/cards/new?league=${id}`}>Type in a card for the league</a></p>
      {page.inviteUrl ? (
        <>
          <p>Send this link to your club's players, by mail, message or newsletter: anyone who opens it can join the league.</p>
          <ShareLink id="league-link" label="Invitation link" link={page.inviteUrl} title="Mah Jongg" text={`Join the Mah Jongg league "${page.league.name}"`} />
        </>
      ) : null}
      <form onSubmit={(e) => {
        e.preventDefault();
        const f = e.currentTarget;
        const to = field(f, "email");
        setInvited("");
        // Said beside the form (the tools' status line is a screen away on a phone); the box is emptied for the next address.
        leagueApi.invite(id, to).then((r) => (setInvited(r.mail === "sent" ? `✉ Invitation sent to ${to}.` : r.mail === "refused" ? `The mail server for ${to} refused the invitation. Please check the address, or share the league's link instead.` : `We could not send the invitation to ${to} yet; we are trying again.`), f.reset(), onDone()), (err) => setInvited(err.message));
      }}>
        <label>Invite by email <input name="email" type="email" required /></label> <button type="submit">Send</button>
        {invited ? <p role="status">{invited}</p> : null}
      </form>
      {/* Who was invited by mail and whether they have joined: the organiser follows up on those who have not. */}
      {page.invitations?.length ? (
        <details class="invitations">
          <summary>Invitations sent by mail ({page.invitations.filter((i) => i.used).length} of {page.invitations.length} joined)</summary>
          <ul>
            {page.invitations.map((i) => (
              <li key={i.id}>
                {i.to} · {new Date(i.sentAt).toLocaleDateString(undefined, { dateStyle: "medium" })} ·{" "}
                {i.used ? "joined" : i.mail === "refused" ? "the mail server refused it: check the address" : i.mail === "retrying" ? "not sent yet, we are trying again" : "not joined yet"}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {!season || season.status === "ended" ? (
        <form onSubmit={(e) => {
          e.preventDefault();
          const f = e.currentTarget;
          run(leagueApi.createSeason(id, { name: field(f, "name"), ruleset: head.id, format: field(f, "format"), mode: field(f, "mode"), roundDays: mode === "rounds" ? Number(field(f, "roundDays")) : undefined, daysPerMove: Number(field(f, "daysPerMove")), options: formOptions(head, "season", chosen), startsAt: field(f, "startsAt") ? new Date(field(f, "startsAt")).toISOString() : undefined, ...(fillable && fill ? { fillWithComputer: true, computerStrength: strength } : {}) }), "Season created.");
        }}>
          <h3>New season</h3>
          <label>Name <input name="name" required maxLength={80} /></label>
          <label>Ruleset <select name="ruleset" value={head.id} onChange={(e) => setRuleset(e.currentTarget.value)}>{HEADS.map((h) => <option key={h.id} value={h.id}>{h.seasonChoice}</option>)}</select></label>
          <RulesetOptions head={head} form="season" part="table" chosen={chosen} onChange={setChosen} idPrefix="season-" league={id} />
          <label>Format <select name="format"><option value="single">Single round robin</option><option value="double">Double round robin</option></select></label>
          <label>Start <select name="mode" value={mode} onChange={(e) => setMode(e.currentTarget.value)}><option value="concurrent">All games at once</option><option value="rounds">Round by round</option></select></label>
          {/* the days between rounds matter only when the rounds start one after another */}
          {mode === "rounds" ? <label>Days per round <input name="roundDays" type="number" min={1} max={60} value={7} /></label> : null}
          <label>Days per move <input name="daysPerMove" type="number" min={1} max={14} value={3} /></label>
          <label>Start date <input name="startsAt" type="datetime-local" /></label>
          {fillable ? (
            <div class="season-fill">
              <label class="check"><input type="checkbox" name="fillWithComputer" checked={fill} onChange={(e) => setFill(e.currentTarget.checked)} /> {FILL_WORDS.label}</label>
              {fill ? <StrengthSelect id="season-computer-strength" value={strength} onChange={setStrength} /> : null}
              <p class="muted small">{fill ? FILL_WORDS.on : FILL_WORDS.off} {FILL_WORDS.rated}</p>
            </div>
          ) : null}
          <RulesetOptions head={head} form="season" part="rest" chosen={chosen} onChange={setChosen} idPrefix="season-" league={id} />
          <button class="primary" type="submit">Create and schedule</button>
        </form>
      ) : (
        <>
          <form onSubmit={(e) => (e.preventDefault(), run(leagueApi.extend(id, field(e.currentTarget, "game"), Number(field(e.currentTarget, "days"))), "Deadline extended."))}>
            <h3>Extend a deadline</h3>
            <label for="extend-game">Game</label>
            <select id="extend-game" name="game">{running.map((g) => <option key={g.gameId} value={g.gameId}>Round {g.round + 1}: {g.players.map((p) => p.name).join(" – ")}</option>)}</select>
            <label for="extend-days">Days more</label>
            <input id="extend-days" name="days" type="number" min={1} max={30} value={2} /> <button type="submit">Extend</button>
          </form>
          <form onSubmit={(e) => {
            e.preventDefault();
            const [gameId, userId] = field(e.currentTarget, "who").split("|");
            if (confirm("Declare this forfeit? The game ends at once.")) run(leagueApi.forfeit(id, gameId!, userId!), "Forfeit declared.");
          }}>
            <h3>Declare a forfeit</h3>
            <label for="forfeit-who">Who forfeits</label>
            <select id="forfeit-who" name="who">{running.flatMap((g) => g.players.filter((p) => !p.computer).map((p) => <option key={g.gameId + p.userId} value={`${g.gameId}|${p.userId}`}>{p.name} forfeits round {g.round + 1} ({g.players.map((q) => q.name).join(" – ")})</option>))}</select>
            <button type="submit">Forfeit</button>
          </form>
          <h3>Replace a player who leaves</h3>
          {free.length === 0 ? (
            <p class="muted">Every member already plays in this season, so nobody is free to take a leaving player's place. Invite the new player first (the link above); once they have joined, choose them here.</p>
          ) : (
          <form onSubmit={(e) => (e.preventDefault(), run(leagueApi.replace(id, season.id, field(e.currentTarget, "from"), field(e.currentTarget, "to")), "Player replaced."))}>
            <label for="replace-from">The player who leaves</label>
            <select id="replace-from" name="from">{season.players.map((p) => <option key={p.userId} value={p.userId}>{p.name}</option>)}</select>
            <label for="replace-to">Who takes their place</label>
            <select id="replace-to" name="to">{free.map((m) => <option key={m.userId} value={m.userId}>{m.name}</option>)}</select>
            <button type="submit">Replace</button>
          </form>
          )}
        </>
      )}
      <h3>A member's part</h3>
      {member ? (
        // keyed by the member: the boxes start as that member's part is now
        <form key={who} onSubmit={(e) => {
          e.preventDefault();
          const box = (name: string) => (e.currentTarget.elements.namedItem(name) as HTMLInputElement).checked;
          run(leagueApi.role(id, who, { organiser: box("organiser"), plays: box("plays") }), `Saved: ${member.name}.`);
        }}>
          <label for="role-who">Member</label>
          <select id="role-who" value={who} onChange={(e) => setWho((e.target as HTMLSelectElement).value)}>
            {page.members.map((m) => <option key={m.userId} value={m.userId}>{m.name}</option>)}
          </select>
          <label class="check"><input type="checkbox" name="organiser" defaultChecked={!!member.organiser} /> Organiser: may use these tools</label>
          <label class="check"><input type="checkbox" name="plays" defaultChecked={!!member.plays} /> Plays in new seasons</label>
          <button type="submit">Save</button>
        </form>
      ) : null}
      {member ? <RemoveMember key={who} league={id} member={member} onRemoved={(name) => (setRemoved(`${name} is no longer a member.`), setWho(me), onDone())} /> : null}
      {removed ? <p role="status">{removed}</p> : null}
      {/* What cannot be undone stands apart from the everyday tools, and is asked about first. */}
      <section class="danger-zone" aria-labelledby="league-end">
        <h3 id="league-end">{season && season.status !== "ended" ? "Ending the season" : "Closing the league"}</h3>
        {season && season.status !== "ended" ? (
          <ConfirmButton
            label="End the season"
            question={`End the season “${season.name}” now?`}
            note="Games not started yet are cancelled; games in play go on to their end. This cannot be undone."
            yes="Yes, end the season"
            danger
            onYes={() => run(leagueApi.endSeason(id, season.id), "Season ended.")}
          />
        ) : (
          <ConfirmButton
            label="Archive the league"
            question={`Archive “${page.league.name}”?`}
            note="Nothing can change afterwards: no new seasons, members or invitations. Its results stay readable. This cannot be undone."
            yes="Yes, archive it"
            danger
            onYes={() => run(leagueApi.archive(id), "Archived.")}
          />
        )}
      </section>
    </section>
  );
}
