/** Any SMTP provider through worker-mailer (SMTP over cloudflare:sockets; runs only inside workerd). */
import { WorkerMailer, LogLevel } from "worker-mailer";
import type { MailTransport } from "./transport";
import type { OutgoingMail } from "./message";

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
}

export function smtpConfigFromEnv(env: { SMTP_HOST?: string; SMTP_PORT?: string; SMTP_USER?: string; SMTP_PASS?: string; SMTP_SECURE?: string }): SmtpConfig {
  if (!env.SMTP_HOST) throw new Error('MAIL_TRANSPORT is "smtp" but SMTP_HOST is not set');
  const port = Number(env.SMTP_PORT || 587);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`SMTP_PORT "${env.SMTP_PORT}" is not a port number`);
  // Workers cannot open port 25 (platform rule); providers offer 587 or 465.
  if (port === 25) throw new Error("SMTP port 25 is blocked on Cloudflare Workers; use 587 or 465");
  return { host: env.SMTP_HOST, port, secure: env.SMTP_SECURE === "true", user: env.SMTP_USER || undefined, pass: env.SMTP_PASS || undefined };
}

export function smtpTransport(cfg: SmtpConfig): MailTransport {
  return {
    name: "smtp",
    async send(mail: OutgoingMail) {
      await WorkerMailer.send(
        {
          host: cfg.host,
          port: cfg.port,
          secure: cfg.secure,
          startTls: !cfg.secure,
          credentials: cfg.user && cfg.pass ? { username: cfg.user, password: cfg.pass } : undefined,
          authType: cfg.user ? ["plain", "login"] : undefined,
          logLevel: LogLevel.WARN,
          socketTimeoutMs: 20_000,
          responseTimeoutMs: 20_000,
        },
        { from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers },
      );
    },
  };
}
