import { useEffect, useState } from "preact/hooks";
import { api, type ChatMessage } from "../api";

/**
 * The chat's inside, loaded when a player first opens the chat (./Chat.tsx): short messages
 * between the players, newest last. It reloads when the game moves on (`version`) and on each
 * chat message heard (`chatSeq`).
 */
export default function ChatBody({ gameId, me, players, version, chatSeq = 0 }: { gameId: string; me: number; players: { seat: number; name: string | null }[]; version: number; chatSeq?: number }) {
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const load = () => api.chat(gameId).then((r) => setMessages(r.messages), (e) => setError(e.message));
  useEffect(() => {
    load();
  }, [version, chatSeq]);
  const send = async (e: Event) => {
    e.preventDefault();
    if (!text.trim()) return;
    setError("");
    try {
      await api.say(gameId, text.trim());
      setText("");
      load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const name = (m: ChatMessage) => (m.seat === me ? "You" : (m.name ?? players.find((p) => p.seat === m.seat)?.name ?? "Opponent"));
  return (
    <>
      {messages === null ? <p class="loading">Loading…</p> : messages.length === 0 ? <p class="muted">No messages yet.</p> : null}
      <ul class="chat-list">
        {(messages ?? []).map((m, i) => (
          <li key={i}>
            <strong>{name(m)}:</strong> {m.text}
          </li>
        ))}
      </ul>
      <form onSubmit={send} class="row">
        <label for="chat-text" class="sr-only">Message</label>
        <input id="chat-text" maxLength={500} value={text} placeholder="Write a message" onInput={(e) => setText(e.currentTarget.value)} />
        <button type="submit">Send</button>
      </form>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </>
  );
}
