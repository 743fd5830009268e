import type { Fetcher } from "../../../worker/notify/webpush";

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array<ArrayBuffer>;
}

export function startPushService(): Promise<{
  base: string;
  fetcher: Fetcher;
  received: ReceivedPush[];
  setAnswer(status: number): void;
  close(): Promise<void>;
}>;
