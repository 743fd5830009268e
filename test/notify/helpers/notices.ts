/** What the notify tests in workerd share: their clock's start, a turn notice, the mail caught, the rows held. */
import { env } from "cloudflare:workers";
import type { OutgoingMail } from "../../../worker/notify/email/message";
import type { MailTransport } from "../../../worker/notify/email/transport";
import type { NotifyMessage } from "../../../worker/notify/types";

/** 15:00 UTC = 10:00 in New York. */
export const T0 = Date.UTC(2026, 0, 15, 15, 0);

/** A turn notice for `userId` in game g1, as the game sends one (`over` changes or adds fields). */
export const turnNotice = (userId: string, over: Partial<NotifyMessage> = {}): NotifyMessage => ({
  type: "turn",
  gameId: "g1",
  userId,
  text: "Ann discarded 7 Dots. Your turn.",
  url: "http://localhost/games/g1",
  at: T0,
  opponents: ["Ann"],
  live: false,
  ...over,
});

/** The rows held in `userId`'s merge window. */
export const pendingCount = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM notify_pending WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

/** A mail transport that catches what it sends, or refuses the next `n` sends as a busy SMTP server does (451). */
export function caughtMail() {
  const mails: OutgoingMail[] = [];
  let failing = 0;
  const transport: MailTransport = {
    name: "outbox",
    async send(m) {
      if (failing > 0) {
        failing--;
        throw new Error("SMTP 451 try again later");
      }
      mails.push(m);
    },
  };
  return { mails, transport, failNext: (n: number) => void (failing = n) };
}
