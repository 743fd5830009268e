import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import "./pages.css";

/**
 * A button whose action is asked about first, in the page (not a browser dialog): the question, what
 * follows from it in plain words, then "Yes" and "Cancel", the careful answer as easy to reach as the other.
 */
export function ConfirmButton(p: { label: string; question: string; note?: ComponentChildren; yes: string; danger?: boolean; disabled?: boolean; onYes: () => unknown; /** The button's name when its words alone are not enough ("Remove" in a list). */ name?: string }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" class={p.danger ? "danger" : undefined} disabled={p.disabled} aria-label={p.name} onClick={() => setAsking(true)}>
        {p.label}
      </button>
    );
  return (
    <div class="confirm ask" role="group" aria-label={p.question}>
      <p>
        <strong>{p.question}</strong>
      </p>
      {p.note ? <p class="small">{p.note}</p> : null}
      <div class="row">
        <button
          type="button"
          class={p.danger ? "danger" : "primary"}
          disabled={p.disabled}
          onClick={async () => {
            await p.onYes();
            setAsking(false);
          }}
        >
          {p.yes}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
