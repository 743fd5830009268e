/**
 * A link to hand to other people: shown in full (selected on focus), with "Share the link" (the
 * phone's own share sheet, where it has one; else a copy) and "Copy the link" ("Copied" once done).
 */
import { useState } from "preact/hooks";

/** Copies a text to the clipboard; `copied` says it was done (until `reset`). */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return { copied, copy, reset: () => setCopied(false) };
}

export function ShareLink({ id, label, link, title, text }: { id: string; label: string; link: string; title: string; text: string }) {
  const { copied, copy: copyText } = useCopy();
  const copy = () => copyText(link);
  const share = async () => {
    const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
    if (nav.share) await nav.share({ title, text, url: link }).catch(() => {});
    else await copy();
  };
  return (
    <>
      <label for={id}>{label}</label>
      <input id={id} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <p class="row">
        <button class="primary" type="button" onClick={share} disabled={!link}>Share the link</button>
        <button type="button" onClick={copy} disabled={!link}>{copied ? "Copied" : "Copy the link"}</button>
      </p>
    </>
  );
}
