// Values handed from the Node global setup to tests (vitest `inject`).
declare module "vitest" {
  interface ProvidedContext {
    smtpSink: { smtp: number; http: number };
  }
}
export {};
