/** The page the deletion mail links to: one more, deliberate tap deletes the account. */
import { useState } from "preact/hooks";
import { profileApi } from "../profile/data";

export default function DeleteAccount() {
  const token = new URLSearchParams(location.search).get("token") ?? "";
  const [state, setState] = useState<"ask" | "done" | string>("ask");
  if (state === "done") return <section><h1>Account deleted</h1><p>Your account is gone. Thank you for playing.</p></section>;
  return (
    <section>
      <h1>Delete your account</h1>
      <p>Your running games are resigned; your finished games and league results stay under the name "Deleted player". Your email address, settings, devices and sessions are removed. This cannot be undone.</p>
      <button type="button" class="danger" onClick={() => profileApi.confirmDelete(token).then(() => setState("done"), (e) => setState(String(e.message ?? e)))}>Delete my account for good</button>
      {state !== "ask" ? <p class="error" role="alert">{state}</p> : null}
    </section>
  );
}
