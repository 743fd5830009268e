import { useEffect, useRef, useState } from "preact/hooks";

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true), down = () => setOnline(false);
    addEventListener("online", up);
    addEventListener("offline", down);
    return () => {
      removeEventListener("online", up);
      removeEventListener("offline", down);
    };
  }, []);
  return online;
}

/**
 * Calls `refresh` whenever the page may have missed something: when it becomes visible again
 * (the phone woke up) and when the network comes back.
 */
export function useRefreshOnWake(refresh: () => void) {
  const ref = useRef(refresh);
  ref.current = refresh;
  useEffect(() => {
    const vis = () => document.visibilityState === "visible" && ref.current();
    const on = () => ref.current();
    document.addEventListener("visibilitychange", vis);
    addEventListener("online", on);
    return () => {
      document.removeEventListener("visibilitychange", vis);
      removeEventListener("online", on);
    };
  }, []);
}

/** The open sockets by their address, and the moves sent over them waiting for their answer, by id. */
const open = new Map<string, WebSocket>();
const waiting = new Map<string, (answer: { status: number; body: unknown } | null) => void>();

/**
 * Sends a move over the game's socket at `url` (worker/game/live-moves.ts) and resolves to its answer,
 * `{status, body}` as the HTTP route would have answered; null when that socket is not open, or
 * closes or stays silent before the answer comes: the caller then posts the move (its idempotency
 * key makes a move that did arrive answer the post, never be made twice).
 */
export const viaSocket = (url: string, id: string, move: object) =>
  new Promise<{ status: number; body: unknown } | null>((res) => {
    const ws = open.get(url);
    if (ws?.readyState !== 1) return res(null);
    // (answered, lost or timed out: the move leaves the waiting list either way)
    const done = (a: { status: number; body: unknown } | null) => (waiting.delete(id), clearTimeout(t), res(a));
    const t = setTimeout(done, 10000, null);
    waiting.set(id, done);
    ws.send(JSON.stringify({ type: "move", id, ...move }));
  });

/** "connecting": not yet open on this page; "closed": lost after it was open (reconnecting until it is open again). */
export type SocketState = "connecting" | "open" | "closed";

/**
 * A WebSocket that reconnects by itself with backoff (1 s doubling to 30 s, with jitter),
 * reconnects at once when the page wakes or the network returns, and calls `onOpen` after each
 * (re)connect so the caller can refetch what it missed while away.
 */
export function useSocket(url: string | null, onMessage: (data: unknown) => void, onOpen: () => void): SocketState {
  const [state, setState] = useState<SocketState>("connecting");
  const handlers = useRef({ onMessage, onOpen });
  handlers.current = { onMessage, onOpen };
  useEffect(() => {
    if (!url) return;
    let ws: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = 1000;
    let stopped = false;
    let heard = 0;
    let opened = false;
    const connect = () => {
      clearTimeout(timer);
      if (stopped || (ws && ws.readyState <= WebSocket.OPEN)) return;
      const abs = new URL(url, location.href);
      abs.protocol = abs.protocol === "https:" ? "wss:" : "ws:";
      const sock = (ws = new WebSocket(abs));
      sock.onopen = () => {
        delay = 1000;
        opened = true;
        open.set(url, sock);
        setState("open");
        handlers.current.onOpen();
      };
      sock.onmessage = (e) => {
        heard = Date.now();
        if (e.data === "pong") return;
        try {
          const m = JSON.parse(String(e.data));
          // the answer to a move sent here (the only message with an id) goes to its sender; everything else to the page
          m.id ? waiting.get(m.id)?.(m) : handlers.current.onMessage(m);
        } catch {
          /* not JSON: ignore */
        }
      };
      sock.onclose = () => {
        waiting.forEach((res) => res(null));
        if (ws !== sock) return;
        ws = null;
        // a link lost; one that never opened is still connecting
        if (opened) setState("closed");
        if (stopped) return;
        timer = setTimeout(connect, delay * (0.75 + Math.random() * 0.5));
        delay = Math.min(delay * 2, 30000);
      };
    };
    const wake = () => {
      if (document.visibilityState !== "visible") return;
      delay = 1000;
      const sock = ws;
      if (sock && sock.readyState === WebSocket.OPEN) {
        // After sleep a socket can look open yet be dead: ask for a pong, reconnect if none comes.
        const asked = Date.now();
        sock.send("ping");
        setTimeout(() => {
          if (ws === sock && heard < asked) sock.close();
        }, 5000);
        handlers.current.onOpen();
      } else connect();
    };
    setState("connecting");
    connect();
    document.addEventListener("visibilitychange", wake);
    addEventListener("online", wake);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", wake);
      removeEventListener("online", wake);
      ws?.close();
    };
  }, [url]);
  return state;
}
