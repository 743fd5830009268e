import { useState } from "preact/hooks";
import { api, type ApiError, type Me } from "../api";
import { navigate } from "../router";

const EMAIL_WORDS = "That does not look like a whole email address. Please check it: it should look like ann@example.com.";

export function SignIn({ me }: { me: Me | null }) {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<{ sent: boolean; devOutbox?: string } | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // Checked here, once: the Continue link, and the path kept for after the mailed link (main.tsx afterSignIn).
  const next = localPath(new URLSearchParams(location.search).get("next"));

  if (me) {
    return (
      <section>
        <h1>You are signed in</h1>
        <p>as {me.displayName || me.email}.</p>
        <a class="button primary" href={next}>Continue</a>
      </section>
    );
  }

  const submit = async (e: Event) => {
    e.preventDefault();
    setError("");
    setBusy(true);
    try {
      setSent(await api.requestLink(email.trim(), next));
    } catch (err) {
      // The service's validator words ("\"email\" must be an email address.") are not for players.
      setError((err as ApiError).code === "bad-field" ? EMAIL_WORDS : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (sent && !sent.sent)
    return (
      <section>
        <h1>Not sent yet</h1>
        <p role="status">
          We could not send the mail yet; we are trying again. The sign-in link for <strong>{email}</strong> may take a few
          minutes to arrive. It works once, for 15 minutes; if it does not come, ask for a new one.
        </p>
        <button type="button" onClick={() => setSent(null)}>Try again</button>
      </section>
    );

  if (sent)
    return (
      <section>
        <h1>Check your email</h1>
        <p>
          We sent a sign-in link to <strong>{email}</strong>. Open it on this device to sign in. The link works once, for 15
          minutes.
        </p>
        {sent.devOutbox ? (
          <p class="notice">
            Development: no real mail is sent. <a href={sent.devOutbox}>Open the outbox</a> to find the link.
          </p>
        ) : null}
        <button type="button" onClick={() => setSent(null)}>Use a different email</button>
      </section>
    );

  return (
    <section>
      <h1>Sign in</h1>
      {new URLSearchParams(location.search).get("failed") ? (
        <p class="error" role="alert">That sign-in link is used up or too old. Ask for a new one below.</p>
      ) : null}
      <p>Enter your email address. We will send you a link; no password needed.</p>
      <form onSubmit={submit}>
        <label for="email">Email address</label>
        <input id="email" type="email" autocomplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        {error ? <p class="error" role="alert">{error}</p> : null}
        <p>
          <button class="primary" type="submit" disabled={busy}>{busy ? "Sending…" : "Send me a sign-in link"}</button>
        </p>
      </form>
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
