/**
 * Once after signing in on a device that can make a passkey: "Sign in next time with your face or
 * fingerprint", with "Add a passkey" and "Not now". Either answer (or a passkey sign-in here) ends
 * the offer on this device for this account; Settings keeps "Add a passkey" for later.
 */
import { useEffect, useState } from "preact/hooks";
import type { Me } from "../api";
import { addPasskey, passkeyOffered } from "./api";
import { deviceCanMakePasskey } from "./webauthn";
import "./signin.css";

export default function PasskeyOffer({ me }: { me: Me }) {
  const [shown, setShown] = useState(false);
  const [state, setState] = useState<"ask" | "busy" | "added">("ask");
  const [error, setError] = useState("");
  useEffect(() => {
    deviceCanMakePasskey().then(setShown);
  }, []);
  if (!shown) return null;

  const add = async () => {
    setError("");
    setState("busy");
    try {
      const made = await addPasskey();
      if (!made) return setState("ask");
      passkeyOffered(me.id);
      setState("added");
    } catch (e) {
      setError((e as Error).message);
      setState("ask");
    }
  };
  const later = () => {
    passkeyOffered(me.id);
    setShown(false);
  };

  if (state === "added")
    return (
      <section class="passkey-offer" aria-labelledby="passkey-offer-title">
        <h2 id="passkey-offer-title">Passkey added</h2>
        <p role="status">Next time, choose “Sign in with a passkey”: no mail to wait for. Settings lists your passkeys.</p>
        <p>
          <button type="button" onClick={() => setShown(false)}>Close</button>
        </p>
      </section>
    );
  return (
    <section class="passkey-offer" aria-labelledby="passkey-offer-title">
      <h2 id="passkey-offer-title">Sign in next time with your face or fingerprint</h2>
      <p>Add a passkey, and this phone or computer signs you in by itself, the way it unlocks: no mail to wait for, no password.</p>
      {error ? <p class="error" role="alert">{error}</p> : null}
      <p class="row">
        <button class="primary" type="button" onClick={add} disabled={state === "busy"}>
          {state === "busy" ? "Adding the passkey…" : "Add a passkey"}
        </button>
        <button type="button" onClick={later}>Not now</button>
      </p>
    </section>
  );
}
