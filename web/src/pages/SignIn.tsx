import { useState } from "preact/hooks";
import type { Me } from "../api";
import { navigate } from "../router";
import { MailSignIn } from "../signin/MailSignIn";
import { PasskeySignIn } from "../signin/PasskeySignIn";
import { pendingRequest } from "../signin/api";

/** Sign in: with a passkey first (a button, and the address field's autofill), by mail second (a link and a code). */
export function SignIn({ me }: { me: Me | null }) {
  // Checked here, once: the Continue link, and the path kept for after the mailed link (main.tsx afterSignIn).
  const asked = localPath(new URLSearchParams(location.search).get("next"));
  // Signed in from here, the player goes on where they were going (never back to this page).
  const next = asked.startsWith("/signin") ? "/" : asked;
  // While the page waits for a code, the address field is gone, and with it the passkey autofill.
  const [waiting, setWaiting] = useState(() => !!pendingRequest());

  if (me) {
    return (
      <section>
        <h1>You are signed in</h1>
        <p>as {me.displayName || me.email}.</p>
        <a class="button primary" href={next}>Continue</a>
      </section>
    );
  }

  if (waiting)
    return (
      <section>
        <MailSignIn next={next} onSent={setWaiting} />
      </section>
    );

  return (
    <section>
      <h1>Sign in</h1>
      {new URLSearchParams(location.search).get("failed") ? (
        <p class="error" role="alert">This link was used or has expired. Sign in below, or ask for a new link.</p>
      ) : null}
      <PasskeySignIn next={next} />
      <MailSignIn next={next} autocomplete="email webauthn" onSent={setWaiting} />
      <p class="muted">
        You can read the <a href="/rules">rules</a> and the <a href="/card">card</a> without signing in.
      </p>
    </section>
  );
}

/** After the link: the service sets the session cookie and sends the player back here. */
export function afterSignIn(next: string) {
  navigate(localPath(next), true);
}

/**
 * Where a `next` parameter may send the player: a path on this site, never another site
 * ("//example.net/…", "/\example.net") nor a script ("javascript:…"). Anything else is the home page.
 */
export function localPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return "/";
  try {
    const url = new URL(raw, location.origin);
    return url.origin === location.origin ? url.pathname + url.search + url.hash : "/";
  } catch {
    return "/";
  }
}
