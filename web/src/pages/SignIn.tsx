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
  // Come from an invitation: what signing in is for.
  const why = whyAsked(next);

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
      {why ? <p class="why-signin">{why}</p> : null}
      <PasskeySignIn next={next} />
      <MailSignIn next={next} autocomplete="email webauthn" onSent={setWaiting} />
      <p class="muted">
        You can read the <a href="/rules">rules</a> and the <a href="/card">card</a> without signing in.
      </p>
    </section>
  );
}

/**
 * Why a person who followed an invitation is asked to sign in, from where they were going: a league's
 * invitation (/leagues/<id>/join) or a game's (/invite/<id>, /games/<id>/join). Said from the address
 * alone: never the league's name (a private league's stays with those who hold its invitation) nor an email.
 */
export function whyAsked(next: string): string | null {
  const path = next.split(/[?#]/)[0]!;
  const how = "Sign in, or make an account with your email address,";
  if (/^\/leagues\/[^/]+\/join\/?$/.test(path)) return `${how} to join the league you were invited to.`;
  if (/^\/(invite\/[^/]+|games\/[^/]+\/join)\/?$/.test(path)) return `${how} to take your seat in the game you were invited to.`;
  return null;
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
