import { useEffect, useState } from "preact/hooks";
import { api, type Me, type NotifySettings } from "../api";
import { navigate } from "../router";
import { ConfirmButton } from "../components/Confirm";
import { TimezoneSelect } from "../components/TimezoneSelect";
import { Account } from "../profile/Account";
import { pushState, subscribePush, unsubscribePush, type PushState } from "../push";
import { AccessSettings } from "../access/AccessSettings";
import { DefaultOrders } from "../profile/DefaultOrders";
import SignInSettings from "../signin/SignInSettings";

export default function Settings({ me, onSaved }: { me: Me; onSaved: () => void }) {
  return (
    <section>
      <h1>Settings</h1>
      <Profile me={me} onSaved={onSaved} />
      <Notifications />
      <AccessSettings />
      <DefaultOrders me={me} onSaved={onSaved} />
      <Vacation me={me} onSaved={onSaved} />
      <Account me={me} />
      <SignInSettings userId={me.id} />
      <h2>Cards</h2>
      <p>
        <a href="/cards">Your cards</a>: type in the card your club plays this year.
      </p>
      <h2>Sign out</h2>
      <p>
        <button
          type="button"
          onClick={async () => {
            await api.signOut().catch(() => {});
            await onSaved();
            navigate("/signin", true);
          }}
        >
          Sign out on this device
        </button>
      </p>
    </section>
  );
}

function Saved({ msg }: { msg: string }) {
  return msg ? <p role="status" class={msg.startsWith("Saved") ? "notice" : "error"}>{msg}</p> : null;
}

function Profile({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const [name, setName] = useState(me.displayName ?? "");
  const [tz, setTz] = useState(me.timezone);
  const [msg, setMsg] = useState("");
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      await api.updateMe({ displayName: name.trim(), timezone: tz });
      await api.updateNotifications({ timezone: tz }).catch(() => {});
      onSaved();
      setMsg("Saved.");
    } catch (err) {
      setMsg((err as Error).message);
    }
  };
  return (
    <form onSubmit={save}>
      <h2>You</h2>
      <label for="name">Your name, as other players see it</label>
      <input id="name" required maxLength={40} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      <label for="tz">Time zone</label>
      <TimezoneSelect id="tz" value={tz} onChange={setTz} />
      <p>
        <button class="primary" type="submit">Save name and time zone</button>
      </p>
      <Saved msg={msg} />
    </form>
  );
}

function Notifications() {
  const [s, setS] = useState<NotifySettings | null>(null);
  const [quiet, setQuiet] = useState(false);
  const [msg, setMsg] = useState("");
  const [push, setPush] = useState<PushState>("unknown");
  useEffect(() => {
    api.notifications().then(
      (x) => {
        setS(x);
        setQuiet(!!x.quietHours);
      },
      (e) => setMsg(e.message),
    );
    pushState().then(setPush);
  }, []);
  // a mail's "Notification settings" link (/settings#notifications) lands here once the form is drawn
  useEffect(() => {
    if (s && location.hash === "#notifications") document.getElementById("notifications")?.scrollIntoView();
  }, [!s]);
  if (!s) return <p class="loading">{msg || "Loading…"}</p>;

  const save = async (e: Event) => {
    e.preventDefault();
    try {
      const next = await api.updateNotifications({
        email: s.email,
        digestHour: s.digestHour,
        quietHours: quiet ? s.quietHours ?? { start: "22:00", end: "08:00" } : null,
      });
      setS(next);
      setMsg("Saved.");
    } catch (err) {
      setMsg((err as Error).message);
    }
  };
  const togglePush = async () => {
    setMsg("");
    try {
      setPush(push === "on" ? await unsubscribePush() : await subscribePush());
    } catch (err) {
      setMsg((err as Error).message);
    }
  };
  const q = s.quietHours ?? { start: "22:00", end: "08:00" };
  return (
    <form onSubmit={save}>
      <h2 id="notifications">Notifications</h2>
      <fieldset style="border: 0; padding: 0; margin: 0">
        <legend style="font-weight: 600">Email me</legend>
        {(
          [
            ["each", "Each time it is my turn"],
            ["digest", "Once a day, a summary"],
            ["off", "Never"],
          ] as const
        ).map(([v, label]) => (
          <label class="check" key={v}>
            <input type="radio" name="email" checked={s.email === v} onChange={() => setS({ ...s, email: v })} />
            {label}
          </label>
        ))}
      </fieldset>
      {s.email === "digest" ? (
        <>
          <label for="digest">Send the summary at</label>
          <select id="digest" value={String(s.digestHour)} onChange={(e) => setS({ ...s, digestHour: Number(e.currentTarget.value) })}>
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h}>{`${String(h).padStart(2, "0")}:00`}</option>
            ))}
          </select>
        </>
      ) : null}
      <label class="check">
        <input type="checkbox" checked={quiet} onChange={(e) => setQuiet(e.currentTarget.checked)} />
        Quiet hours (nothing is sent)
      </label>
      {quiet ? (
        <div class="row">
          <label>
            From <input type="time" value={q.start} onInput={(e) => setS({ ...s, quietHours: { ...q, start: e.currentTarget.value } })} />
          </label>
          <label>
            to <input type="time" value={q.end} onInput={(e) => setS({ ...s, quietHours: { ...q, end: e.currentTarget.value } })} />
          </label>
        </div>
      ) : null}
      <p>
        <button class="primary" type="submit">Save notifications</button>
      </p>
      <h3>On this device</h3>
      {push === "unsupported" ? (
        <p class="muted">This browser cannot show notifications. On an iPhone, add this app to your Home Screen first.</p>
      ) : push === "denied" ? (
        <p class="muted">Notifications are blocked for this site. Allow them in the browser's settings.</p>
      ) : (
        <p>
          <button type="button" onClick={togglePush}>
            {push === "on" ? "Stop notifications on this device" : "Notify me on this device"}
          </button>
        </p>
      )}
      <Saved msg={msg} />
    </form>
  );
}

function Vacation({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const [days, setDays] = useState(7);
  const [msg, setMsg] = useState("");
  const [v, setV] = useState(me.vacation);
  const run = async (call: () => Promise<Me>, done: string) => {
    try {
      const next = await call();
      setV(next.vacation);
      onSaved();
      setMsg(done);
    } catch (err) {
      setMsg((err as Error).message);
    }
  };
  const max = Math.min(14, v.daysLeft);
  const n = Math.min(days, max);
  const end = new Date(Math.max(Date.now(), v.until ?? 0) + n * 24 * 3600_000);
  const when = (d: Date) => d.toLocaleString([], { weekday: "long", day: "numeric", month: "long", hour: "numeric", minute: "2-digit" });
  return (
    <div>
      <h2>Vacation</h2>
      <p>
        Pause your clocks in every game while you are away: up to 14 days a year, {v.daysLeft} left this year. Nobody can
        time you out meanwhile, and the other players see that you are away.
      </p>
      {v.until ? (
        <>
          <p class="notice">You are on vacation until {when(new Date(v.until))}.</p>
          <ConfirmButton
            label="End my vacation now"
            question="End your vacation now?"
            note="Your clocks start running again at once. The whole days you have not begun are given back."
            yes="Yes, I am back"
            onYes={() => run(api.endVacation, "Saved. Welcome back: your clocks are running again.")}
          />
        </>
      ) : null}
      {max > 0 ? (
        <div class="row">
          <label for="vdays" style="margin: 0">{v.until ? "Add days" : "Days"}</label>
          <select id="vdays" style="width: 6rem" value={String(n)} onChange={(e) => setDays(Number(e.currentTarget.value))}>
            {Array.from({ length: max }, (_, i) => i + 1).map((d) => (
              <option key={d} value={d}>{d}</option>
            ))}
          </select>
          <ConfirmButton
            label={v.until ? "Extend vacation" : "Start vacation"}
            question={v.until ? `Add ${n} ${n === 1 ? "day" : "days"} to your vacation?` : `Start a vacation of ${n} ${n === 1 ? "day" : "days"} now?`}
            note={`Your clocks stop in every game until ${when(end)}. This uses ${n} of your ${v.daysLeft} days left this year; you can come back early.`}
            yes={v.until ? "Yes, add them" : "Yes, start it"}
            onYes={() => run(() => api.takeVacation(n), "Saved. Your clocks are paused until then.")}
          />
        </div>
      ) : null}
      <Saved msg={msg} />
    </div>
  );
}
