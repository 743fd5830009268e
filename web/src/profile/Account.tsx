/** Settings → your account: a new email address, download everything, delete the account. */
import { useState } from "preact/hooks";
import type { Me } from "../api";
import { profileApi } from "./data";

export function Account({ me }: { me: Me }) {
  const [address, setAddress] = useState("");
  const [msg, setMsg] = useState("");
  const act = (f: () => Promise<{ message: string }>) => f().then((r) => setMsg(r.message), (e) => setMsg(String(e.message ?? e)));
  return (
    <>
      <h2>Your account</h2>
      <p>Your email address: {me.email}. <a href={`/players/${encodeURIComponent(me.id)}`}>Your public profile</a> shows your name, never your address.</p>
      <form onSubmit={(e) => { e.preventDefault(); act(() => profileApi.changeEmail(address)); }}>
        <label>New email address <input type="email" required value={address} onInput={(e) => setAddress((e.target as HTMLInputElement).value)} /></label>
        <button type="submit">Send a link to the new address</button>
      </form>
      <p><a href="/api/me/export" download>Download everything we hold about you</a> (one JSON file).</p>
      <p>
        <button type="button" class="danger" onClick={() => act(() => profileApi.askDelete())}>Delete my account…</button>
      </p>
      {msg ? <p role="status" class="notice">{msg}</p> : null}
    </>
  );
}
