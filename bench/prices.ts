/**
 * The platform's published prices (Workers Paid plan, Standard usage model), as read on the date
 * below, for `npm run bench:cost` and docs/capacity.md. Prices beyond the plan's monthly
 * allowances, in US dollars; the bench prices every operation at them (the allowances and the
 * plan's $5 a month aside: a thousand games is a marginal cost). Change them here only, with the
 * date they were read again.
 */
export const PRICES_READ = "2026-11-27";

export interface Price {
  /** Dollars per one operation of this kind. */
  perUnit: number;
  /** What the page says, in its words. */
  says: string;
  /** Included each month on the Workers Paid plan. */
  included: string;
  source: string;
}

const perMillion = (d: number) => d / 1_000_000;

export const PRICES = {
  workerRequests: {
    perUnit: perMillion(0.3),
    says: "Requests: 10 million included per month, +$0.30 per additional million (requests to static assets are free)",
    included: "10 million",
    source: "https://developers.cloudflare.com/workers/platform/pricing/",
  },
  doRequests: {
    perUnit: perMillion(0.15),
    says: "Durable Objects requests: 1 million, + $0.15/million; includes HTTP requests, RPC sessions (every RPC method call), WebSocket messages (20:1) and alarm invocations",
    included: "1 million",
    source: "https://developers.cloudflare.com/durable-objects/platform/pricing/",
  },
  doRowsRead: {
    perUnit: perMillion(0.001),
    says: "SQLite storage backend, rows read: first 25 billion / month included + $0.001 / million rows",
    included: "25 billion",
    source: "https://developers.cloudflare.com/durable-objects/platform/pricing/",
  },
  doRowsWritten: {
    perUnit: perMillion(1),
    says: "SQLite storage backend, rows written: first 50 million / month included + $1.00 / million rows; each setAlarm is billed as a single row written",
    included: "50 million",
    source: "https://developers.cloudflare.com/durable-objects/platform/pricing/",
  },
  d1RowsRead: {
    perUnit: perMillion(0.001),
    says: "D1 rows read: first 25 billion / month included + $0.001 / million rows",
    included: "25 billion",
    source: "https://developers.cloudflare.com/d1/platform/pricing/",
  },
  d1RowsWritten: {
    perUnit: perMillion(1),
    says: "D1 rows written: first 50 million / month included + $1.00 / million rows (an index adds a row written)",
    included: "50 million",
    source: "https://developers.cloudflare.com/d1/platform/pricing/",
  },
  queueOps: {
    perUnit: perMillion(0.4),
    says: "Queues: 1,000,000 operations/month included + $0.40/million operations; a message takes 3 (write, read, delete), each retry one more read",
    included: "1 million",
    source: "https://developers.cloudflare.com/queues/platform/pricing/",
  },
  mails: {
    perUnit: 0.35 / 1000,
    says: "Cloudflare Email Service, outbound: 3,000 included per month, then $0.35 per 1,000 emails",
    included: "3,000",
    source: "https://developers.cloudflare.com/email-service/platform/pricing/",
  },
  pushes: {
    perUnit: 0,
    says: "Web push is a subrequest to the browser's push service: Cloudflare does not bill subrequests",
    included: "—",
    source: "https://developers.cloudflare.com/workers/platform/pricing/",
  },
} satisfies Record<string, Price>;

export type PricedItem = keyof typeof PRICES;

/** What is kept, per GB and month (a game's storage stays after it ends: its record and replay). */
export const STORAGE = {
  doBytes: {
    perUnit: 0.2 / 1e9,
    says: "SQLite storage backend, SQL stored data: 5 GB-month included, + $0.20/GB-month",
    included: "5 GB",
    source: "https://developers.cloudflare.com/durable-objects/platform/pricing/",
  },
  d1Bytes: {
    perUnit: 0.75 / 1e9,
    says: "D1 storage: first 5 GB included + $0.75/GB-mo",
    included: "5 GB",
    source: "https://developers.cloudflare.com/d1/platform/pricing/",
  },
} satisfies Record<string, Price>;
