/**
 * A sign-in link that was used or has expired lands on the page it leads to (the home page) with
 * `?signin=expired` (or `failed`, a link cut short): that page says so at its top and, signed out,
 * offers to send a new one there and then. Signed in already, it says there is nothing to do.
 */
import { useState } from "preact/hooks";
import type { Me } from "../api";
import { navigate } from "../router";
import { MailSignIn } from "./MailSignIn";
import { pendingRequest } from "./api";
import "./signin.css";

/** The page's address without the mark. */
function unmarked(): string {
  const q = new URLSearchParams(location.search);
  q.delete("signin");
  const s = q.toString();
  return location.pathname + (s ? `?${s}` : "") + location.hash;
}

export default function LinkNotice({ me }: { me: Me | null }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const close = () => {
    setOpen(false);
    navigate(unmarked(), true);
  };
  return (
    <section class="notice link-notice" role="alert" aria-labelledby="link-notice-title">
      <h2 id="link-notice-title">This link was used or has expired</h2>
      {me ? (
        <>
          <p>
            A sign-in link works once, for 15 minutes. You are signed in already, as {me.displayName}: there is nothing more to do.
          </p>
          <p>
            <button type="button" onClick={close}>Close</button>
          </p>
        </>
      ) : (
        <>
          <p>
            A sign-in link works once, for 15 minutes.{" "}
            {pendingRequest()?.sent
              ? "The code in the same mail still works here within those minutes, even when its link was opened on another device: type it below."
              : "Send yourself a new one:"}
          </p>
          <MailSignIn next={unmarked()} action="Send me a new link" level={2} />
          <p>
            <a href="/signin">Other ways to sign in</a>, with a passkey for one.
          </p>
        </>
      )}
    </section>
  );
}
