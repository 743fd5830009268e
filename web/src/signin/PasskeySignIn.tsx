/**
 * The sign-in page's passkey: a button ("Sign in with a passkey"), and the same offered in the
 * address field's autofill where the browser can (conditional mediation: the field's autocomplete
 * ends in "webauthn"). The autofill's request is renewed before its challenge expires and aborted
 * when the page leaves or the button takes over.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { autofillSupported, passkeysSupported } from "./webauthn";
import { signInWithPasskey } from "./api";
import "./signin.css";

/** A little under the service's 5 minutes (db/passkeys.ts CHALLENGE_TTL_MS). */
const RENEW_MS = 4 * 60_000;

export function PasskeySignIn({ next }: { next: string }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const autofill = useRef<AbortController | null>(null);
  const supported = passkeysSupported();

  const done = () => location.assign(next);
  const failed = (e: unknown) => {
    const said = (e as Error).message;
    // The service down or not set up refuses mail too: no sending people there.
    const status = (e as { status?: number }).status ?? 0;
    setError(/email/.test(said) || status >= 500 ? said : `${said} You can sign in by email instead.`);
  };

  /** Offers passkeys in the address field until one is chosen or the page leaves; renews its challenge. */
  const offerInField = async () => {
    if (!(await autofillSupported())) return;
    for (;;) {
      const ctl = new AbortController();
      autofill.current = ctl;
      const renew = setTimeout(() => ctl.abort(), RENEW_MS);
      try {
        const r = await signInWithPasskey({ conditional: true, signal: ctl.signal });
        if (r) return done();
      } catch (e) {
        // A refusal is shown; the button stays for another try.
        if (!ctl.signal.aborted) return failed(e);
      } finally {
        clearTimeout(renew);
      }
      // Aborted by the page (not by the renewal): stop.
      if (autofill.current !== ctl) return;
    }
  };

  useEffect(() => {
    if (!supported) return;
    void offerInField();
    return () => {
      const ctl = autofill.current;
      autofill.current = null;
      ctl?.abort();
    };
  }, []);

  const useButton = async () => {
    setError("");
    setBusy(true);
    // One request at a time: the field's waits while the button's prompt is open.
    const ctl = autofill.current;
    autofill.current = null;
    ctl?.abort();
    try {
      const r = await signInWithPasskey();
      if (r) return done();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
    void offerInField();
  };

  if (!supported) return <p>Enter your email address: we mail you a code and a link, no password needed.</p>;
  return (
    <>
      <div class="signin-passkey">
        <button class="primary" type="button" onClick={useButton} disabled={busy}>
          {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
        </button>
        <p class="muted">If you added a passkey, your phone or computer signs you in with your face, fingerprint or screen lock.</p>
        {error ? <p class="error" role="alert">{error}</p> : null}
      </div>
      <p class="signin-or">or by email</p>
      <p>We mail you a code and a link, no password needed.</p>
    </>
  );
}
