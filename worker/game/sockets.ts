/**
 * The game's live sockets (hibernatable WebSockets), each tagged with its seat: accept, tell every
 * seat its own view, close a seat's sockets. Pings are answered by the runtime (see GameRoom's
 * constructor), so they never wake a hibernating game.
 */
import { asSocketUser, liveMessage, socketUser, type SocketUser } from "./live-moves";
import type { MoveBody, Result } from "./room-support";
import type { Env } from "../lib/env";
import { doRequest } from "../lib/meter";
import { serviceNow } from "../lib/service-clock";

/** WebSocket readyState: 0 connecting, 1 open, 2 closing, 3 closed. */
export const OPEN = 1;

export class Sockets {
  constructor(private readonly ctx: DurableObjectState) {}

  /**
   * A new socket for `seat`, sent `first` at once; the 101 answer that hands it to the client.
   * `user`: who opened it, kept in its attachment through hibernation (live-moves.ts).
   */
  accept(seat: number, first: string, user: SocketUser): Response {
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [`seat:${seat}`]);
    server.serializeAttachment(user);
    server.send(first);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * A socket that is sent `last` and closed at once (a game that has ended: a page opened on an older answer learns
   * the result, and nothing more will come); never kept by the game.
   */
  acceptLast(last: string): Response {
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    server.send(last);
    server.close(1000, "game over");
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Each connected seat gets its view, built once per seat (`shown`: views already built for this change). */
  broadcast(view: (seat: number) => unknown, shown?: Map<number, unknown>) {
    const views = new Map<number, string>();
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState > OPEN) continue;
      const seat = Number(this.ctx.getTags(ws)[0]?.slice(5));
      if (!views.has(seat)) views.set(seat, JSON.stringify({ type: "game", game: shown?.get(seat) ?? view(seat) }));
      ws.send(views.get(seat)!);
    }
  }

  /** A message to one seat's sockets only. */
  sendTo(seat: number, message: string) {
    for (const ws of this.ctx.getWebSockets(`seat:${seat}`)) if (ws.readyState <= OPEN) ws.send(message);
  }

  /** The same message to every socket (but `leaving`, one being closed). */
  sendAll(message: string, leaving?: WebSocket) {
    for (const ws of this.ctx.getWebSockets()) if (ws !== leaving && ws.readyState <= OPEN) ws.send(message);
  }

  /** `user`'s sockets opened in the same session take moves until `user.until` (a later end than they knew). */
  renew(seat: number, user: SocketUser) {
    for (const ws of this.ctx.getWebSockets(`seat:${seat}`)) {
      const a = asSocketUser(ws.deserializeAttachment());
      if (a && a.userId === user.userId && a.session === user.session && a.until < user.until) ws.serializeAttachment({ ...a, until: user.until });
    }
  }

  /** Closes the seat's sockets (a newcomer took it over). */
  close(seat: number, code: number, reason: string) {
    for (const ws of this.ctx.getWebSockets(`seat:${seat}`)) ws.close(code, reason);
  }

  /**
   * Is someone watching the game from this seat? Asked of the sockets the runtime holds, so the
   * answer survives hibernation; `leaving`: a socket being closed, no longer counted.
   */
  live = (seat: number, leaving?: WebSocket) => this.ctx.getWebSockets(`seat:${seat}`).some((ws) => ws !== leaving && ws.readyState <= OPEN);
}

/**
 * Completes a close the peer started with a normal 1000: the peer's own code may be one of the
 * reserved 1005, 1006 and 1015 (only ever seen, never sent), and a socket already closed is left be.
 */
export function closeQuietly(ws: WebSocket) {
  try {
    ws.close(1000, "bye");
  } catch {
    // already closed: nothing to complete
  }
}

/** Answers a socket's message (a move, live-moves.ts) to that socket; billed as the platform bills it, 20 messages a request. */
export async function answerSocket(ws: WebSocket, message: string | ArrayBuffer, env: Env, move: (userId: string, body: MoveBody) => Promise<Result<string>>) {
  doRequest("webSocketMessage", 1 / 20);
  const answer = await liveMessage(message, socketUser(ws.deserializeAttachment(), serviceNow(env)), move);
  if (ws.readyState <= OPEN) ws.send(answer);
}
