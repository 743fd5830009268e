import { useState } from "preact/hooks";
import { lazy } from "../lazy";

const ChatBody = lazy(() => import("./ChatBody"));

export interface ChatProps {
  gameId: string;
  me: number;
  players: { seat: number; name: string | null }[];
  version: number;
  chatSeq?: number;
}

/**
 * Chat in the game, folded under its heading: what it holds (./ChatBody.tsx, the messages and the
 * box to write one) is loaded when a player first opens it, not with the game page.
 */
export function Chat(props: ChatProps) {
  const [open, setOpen] = useState(false);
  return (
    <details class="chat" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Chat</summary>
      {open ? <ChatBody {...props} /> : null}
    </details>
  );
}
