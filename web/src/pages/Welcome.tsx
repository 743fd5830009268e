import { useState } from "preact/hooks";
import { api, type Me } from "../api";
import { navigate } from "../router";
import { localPath } from "./SignIn";
import { TimezoneSelect, guessTimezone } from "../components/TimezoneSelect";

/** First visit: a name the other players will see, and the player's time zone (for reminders). */
export function Welcome({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const [name, setName] = useState(me.displayName || "");
  const [tz, setTz] = useState(me.timezone && me.timezone !== "UTC" ? me.timezone : guessTimezone());
  const [error, setError] = useState("");
  const next = localPath(new URLSearchParams(location.search).get("next"));

  const submit = async (e: Event) => {
    e.preventDefault();
    setError("");
    try {
      await api.updateMe({ displayName: name.trim(), timezone: tz });
      await onSaved();
      navigate(next.startsWith("/welcome") ? "/" : next, true);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <section>
      <h1>Welcome</h1>
      <p>Two questions, then you can play.</p>
      <form onSubmit={submit}>
        <label for="name">Your name, as other players will see it</label>
        <input id="name" required maxLength={40} autocomplete="nickname" aria-describedby="name-public" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <p id="name-public" class="muted">
          This name is public: everyone sees it at your tables, in the list of open challenges and on your profile. Your email address is never shown.
        </p>
        <label for="tz">Your time zone</label>
        <TimezoneSelect id="tz" value={tz} onChange={setTz} />
        {error ? <p class="error" role="alert">{error}</p> : null}
        <p>
          <button class="primary" type="submit">Save and continue</button>
        </p>
      </form>
    </section>
  );
}
