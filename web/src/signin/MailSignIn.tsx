/**
 * Sign in by mail: the address, then "Check your email" with the code field. The mail carries a
 * link and a six-digit code; the code is typed here, on the page that asked (in the installed app
 * the link would open another browser), and the field lets a phone offer the code from the mail.
 */
import { useState } from "preact/hooks";
import type { ApiError } from "../api";
import { devOutbox, forgetRequest, pendingRequest, requestMail, signInWithCode, type Pending } from "./api";
import "./signin.css";

const EMAIL_WORDS = "That does not look like a whole email address. Please check it: it should look like ann@example.com.";

export function MailSignIn(p: {
  next: string;
  /** The button's words ("Send me a sign-in link", "Send me a new link"). */
  action?: string;
  /** The address field's autocomplete: "email webauthn" where passkeys are offered in it. */
  autocomplete?: string;
  /** Heading level of "Check your email" (1 on the sign-in page). */
  level?: 1 | 2;
  /** Told once the form is replaced by "Check your email" (the sign-in page stops offering passkeys in the field). */
  onSent?: (sent: boolean) => void;
}) {
  const [pending, setPending] = useState<Pending | null>(pendingRequest);
  const [email, setEmail] = useState(pending?.email ?? "");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const send = async (e: Event) => {
    e.preventDefault();
    setError("");
    setBusy(true);
    try {
      setPending(await requestMail(email.trim(), p.next));
      p.onSent?.(true);
    } catch (err) {
      // The service's validator words ("\"email\" must be an email address.") are not for players.
      setError((err as ApiError).code === "bad-field" ? EMAIL_WORDS : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (pending) {
    const again = () => {
      forgetRequest();
      setPending(null);
      p.onSent?.(false);
    };
    const H = p.level === 2 ? "h2" : "h1";
    return (
      <div class="mail-signin">
        <H>{pending.sent ? "Check your email" : "Not sent yet"}</H>
        {pending.sent ? (
          <p>
            We sent a code and a sign-in link to <strong>{pending.email}</strong>. Type the code here, or open the link in the mail.
          </p>
        ) : (
          <p role="status">
            We could not send the mail to <strong>{pending.email}</strong> yet; we are trying again, and it may take a few minutes to arrive. Its code and link work once, for
            15 minutes; if it does not come, ask for a new one.
          </p>
        )}
        <CodeForm request={pending.request} next={p.next} />
        {devOutbox(pending) ? (
          <p class="notice">
            Development: no real mail is sent. <a href={devOutbox(pending)}>Open the outbox</a> to find the code and the link.
          </p>
        ) : null}
        <p>
          <button type="button" onClick={again}>{pending.sent ? "Use a different email" : "Try again"}</button>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={send} class="mail-signin">
      <label for="email">Email address</label>
      <input id="email" name="email" type="email" autocomplete={p.autocomplete ?? "email"} required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
      {error ? <p class="error" role="alert">{error}</p> : null}
      <p>
        <button class="primary" type="submit" disabled={busy}>{busy ? "Sending…" : p.action ?? "Send me a sign-in link"}</button>
      </p>
    </form>
  );
}

/** The six digits from the mail; a right code opens the session here and goes on to `next`. */
function CodeForm({ request, next }: { request: string; next: string }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError("");
    const digits = code.replace(/\D/g, "");
    if (digits.length !== 6) return setError("The code has six digits: type all six.");
    setBusy(true);
    try {
      await signInWithCode(request, digits);
      // A fresh start: every part of the app reads the new session.
      location.assign(next);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} class="code-form">
      <label for="signin-code">The six-digit code from the mail</label>
      <input
        id="signin-code"
        name="one-time-code"
        inputMode="numeric"
        autocomplete="one-time-code"
        maxLength={7}
        required
        value={code}
        onInput={(e) => setCode(e.currentTarget.value)}
        aria-describedby={error ? "signin-code-error" : undefined}
      />
      {error ? <p class="error" role="alert" id="signin-code-error">{error}</p> : null}
      <p>
        <button class="primary" type="submit" disabled={busy}>{busy ? "Signing in…" : "Sign in with the code"}</button>
      </p>
    </form>
  );
}
