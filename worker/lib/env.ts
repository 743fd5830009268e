/**
 * The worker's Env. `npx wrangler types --include-runtime=false --strict-vars=false` generates the
 * bindings and vars of wrangler.toml into worker-configuration.d.ts (rerun it after changing
 * wrangler.toml); the game Durable Object is named there by a type-only `import("./worker/index")`,
 * so no module here imports the room to type a binding. What wrangler.toml does not declare
 * (optional secrets and settings of the mail and push transports) is added below.
 */
export interface Settings {
  /** "smtp", "cloudflare" or "outbox" (the local default); see notify/email/transport.ts. */
  MAIL_TRANSPORT?: string;
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  SMTP_USER?: string;
  SMTP_PASS?: string;
  /** "true": TLS from the first byte (port 465); otherwise STARTTLS when offered. */
  SMTP_SECURE?: string;
  /** The Email Service binding ([[send_email]] name = "EMAIL"). */
  EMAIL?: SendEmail;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** The domain passkeys are bound to when it is not APP_URL's host (a parent domain of it); see lib/relying-party.ts. */
  WEBAUTHN_RP_ID?: string;
  /** Signs one-click unsubscribe links; COOKIE_SECRET is used when absent. */
  UNSUBSCRIBE_SECRET?: string;
}

export interface Env extends Cloudflare.Env, Settings {}

/** "development" enables the outbox, fixed seeds and the /api/dev routes; anything else is production. */
export const isDev = (env: Pick<Env, "ENVIRONMENT">) => env.ENVIRONMENT === "development";

declare global {
  namespace Cloudflare {
    // `env` from "cloudflare:workers" (tests) carries the settings too.
    interface Env extends Settings {}
  }
}
