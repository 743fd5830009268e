/**
 * What sign-in puts above a page, mounted once by main.tsx: the notice of a used or expired link
 * (on whatever page it landed) and, on the home page, the one-time passkey offer. Each loads its
 * own chunk only when it is due, and draws nothing while it loads.
 */
import { useEffect } from "preact/hooks";
import type { Me } from "../api";
import { lazy } from "../lazy";

const LinkNotice = lazy(() => import("./LinkNotice"), true);
const PasskeyOffer = lazy(() => import("./PasskeyOffer"), true);

/** `me`: undefined while it loads; `home`: the games list; `welcome`: the first-visit questions are due or shown. */
export function SignInNotices({ me, page, welcome }: { me: Me | null | undefined; page: string; welcome: boolean }) {
  // Signed in (by the link, say): the code this device was waiting for is not needed any more (signin/api.ts).
  useEffect(() => void (me && localStorage.removeItem("signin-request")), [me]);
  if (me === undefined) return null;
  const linkFailed = page !== "signin" && /[?&]signin=(expired|failed)\b/.test(location.search);
  const offer = !!me && page === "lobby" && !welcome && "PublicKeyCredential" in window && !localStorage.getItem(`passkey-offered:${me.id}`);
  return (
    <>
      {linkFailed ? <LinkNotice me={me} /> : null}
      {offer ? <PasskeyOffer me={me!} /> : null}
    </>
  );
}
