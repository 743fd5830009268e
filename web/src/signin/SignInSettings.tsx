/**
 * Settings → signing in: your passkeys (added, renamed, removed; "Add a passkey") and your
 * signed-in devices (browser, how it signed in, last seen; sign out one, or all the others).
 */
import { useEffect, useState } from "preact/hooks";
import { ConfirmButton } from "../components/Confirm";
import { ago, dayOf } from "../lobby/when";
import { addPasskey, endOtherSessions, endSession, passkeyList, passkeyOffered, removePasskey, renamePasskey, sessionList } from "./api";
import { passkeysSupported } from "./webauthn";
import "./signin.css";

type Passkey = Awaited<ReturnType<typeof passkeyList>>[number];
type Device = Awaited<ReturnType<typeof sessionList>>[number];

export default function SignInSettings({ userId }: { userId: string }) {
  return (
    <>
      <Passkeys userId={userId} />
      <Devices />
    </>
  );
}

function Passkeys({ userId }: { userId: string }) {
  const [list, setList] = useState<Passkey[] | null>(null);
  const [msg, setMsg] = useState("");
  const [busy, setBusy] = useState(false);
  const load = () => passkeyList().then(setList, (e) => setMsg(e.message));
  useEffect(() => void load(), []);

  const add = async () => {
    setMsg("");
    setBusy(true);
    try {
      const made = await addPasskey();
      if (made) {
        passkeyOffered(userId);
        setMsg(`Added “${made.name}”. Next time, choose “Sign in with a passkey”.`);
        await load();
      }
    } catch (e) {
      setMsg((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>A passkey signs you in with your face, fingerprint or screen lock, with no mail to wait for. Add one on each phone or computer you play on.</p>
      {list === null ? (
        <p class="loading">{msg || "Loading…"}</p>
      ) : list.length ? (
        <ul class="device-list">
          {list.map((p) => (
            <PasskeyItem key={p.id} p={p} onChange={load} />
          ))}
        </ul>
      ) : (
        <p class="muted">No passkey yet.</p>
      )}
      {passkeysSupported() ? (
        <p>
          <button class="primary" type="button" onClick={add} disabled={busy}>{busy ? "Adding the passkey…" : "Add a passkey"}</button>
        </p>
      ) : (
        <p class="muted">This browser cannot make passkeys; sign in by email here.</p>
      )}
      {msg && list !== null ? <p role="status" class="notice">{msg}</p> : null}
    </section>
  );
}

function PasskeyItem({ p, onChange }: { p: Passkey; onChange: () => unknown }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(p.name);
  const [error, setError] = useState("");
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      await renamePasskey(p.id, name.trim());
      setEditing(false);
      await onChange();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <li>
      {editing ? (
        <form onSubmit={save}>
          <label for={`passkey-name-${p.id}`}>Name of this passkey</label>
          <input id={`passkey-name-${p.id}`} required maxLength={40} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          {error ? <p class="error" role="alert">{error}</p> : null}
          <div class="row">
            <button class="primary" type="submit">Save the name</button>
            <button type="button" onClick={() => (setEditing(false), setName(p.name), setError(""))}>Cancel</button>
          </div>
        </form>
      ) : (
        <>
          <div class="device-name">{p.name}</div>
          <div class="muted">
            Added {dayOf(p.createdAt)}; {p.lastUsedAt ? `last used ${ago(p.lastUsedAt)}` : "not used yet"}
            {p.synced ? "; kept in your passkey manager" : ""}
          </div>
          <div class="row">
            <button type="button" aria-label={`Rename the passkey ${p.name}`} onClick={() => setEditing(true)}>Rename</button>
            <ConfirmButton
              label="Remove"
              name={`Remove the passkey ${p.name}`}
              question={`Remove the passkey “${p.name}”?`}
              note="It will no longer sign you in here. You can sign in by email and add a new one at any time."
              yes="Remove the passkey"
              danger
              onYes={async () => {
                await removePasskey(p.id).catch((e) => setError(e.message));
                await onChange();
              }}
            />
          </div>
          {error ? <p class="error" role="alert">{error}</p> : null}
        </>
      )}
    </li>
  );
}

const VIA = { link: "with the mail's link", code: "with the mailed code", passkey: "with a passkey" } as Record<string, string>;

function Devices() {
  const [list, setList] = useState<Device[] | null>(null);
  const [msg, setMsg] = useState("");
  const load = () => sessionList().then(setList, (e) => setMsg(e.message));
  useEffect(() => void load(), []);
  if (list === null) return <p class="loading">{msg || "Loading…"}</p>;
  const others = list.filter((d) => !d.current);

  const end = async (d: Device) => {
    setMsg("");
    try {
      await endSession(d.id);
      setMsg(`Signed out ${d.browser ?? "that device"}.`);
      await load();
    } catch (e) {
      setMsg((e as Error).message);
    }
  };

  return (
    <section aria-labelledby="devices-title">
      <h2 id="devices-title">Signed-in devices</h2>
      <ul class="device-list">
        {list.map((d) => (
          <li key={d.id} class={d.current ? "this-device" : undefined}>
            <div class="device-name">
              {d.browser ?? "A browser"}
              {d.current ? " (this device)" : ""}
            </div>
            <div class="muted">
              {d.current ? "Here now" : `Last seen ${ago(d.lastSeenAt)}`}; signed in {dayOf(d.createdAt)} {VIA[d.via ?? ""] ?? ""}
            </div>
            {d.current ? null : (
              <div class="row">
                <button type="button" aria-label={`Sign out ${d.browser ?? "a browser"}, last seen ${ago(d.lastSeenAt)}`} onClick={() => end(d)}>Sign out</button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {others.length ? <p class="muted">A device you sign out here is signed out within five minutes.</p> : null}
      {others.length ? (
        <ConfirmButton
          label="Sign out all other devices"
          question={`Sign out ${others.length === 1 ? "the other device" : `the ${others.length} other devices`}?`}
          note="This device stays signed in. The others sign in again by email or passkey."
          yes="Sign them out"
          onYes={async () => {
            const r = await endOtherSessions().catch((e) => (setMsg(e.message), null));
            if (r) setMsg(r.ended === 1 ? "Signed out 1 other device." : `Signed out ${r.ended} other devices.`);
            await load();
          }}
        />
      ) : (
        <p class="muted">No other device is signed in.</p>
      )}
      {msg ? <p role="status" class="notice">{msg}</p> : null}
    </section>
  );
}
