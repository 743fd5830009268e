/**
 * Choose the card a game or a season plays with: the built-in sample card (the default), your own
 * cards and your leagues' cards. Reusable: the new-game form, open challenges and the league
 * season form all use it; its value is what `options.card` takes (a card id).
 */
import { useEffect, useState } from "preact/hooks";
import { cardsApi, type CardSummary } from "./client";

export const DEFAULT_CARD = "sample-2026";

export function CardPicker({ value, onChange, id = "card", name = "card", league }: { value: string; onChange: (id: string) => void; id?: string; name?: string; league?: string }) {
  const [cards, setCards] = useState<CardSummary[]>([]);
  const [builtin, setBuiltin] = useState([{ id: DEFAULT_CARD, name: "Sample card 2026", lines: 45 }]);
  useEffect(() => {
    cardsApi.list().then(
      (r) => {
        setCards(league ? r.cards.filter((c) => c.leagueId === league || c.mine) : r.cards);
        setBuiltin(r.builtin);
      },
      () => setCards([]),
    );
  }, [league]);
  return (
    <>
      <label for={id}>Card</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {builtin.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
        {cards.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.leagueName ? `${c.leagueName}'s card` : "your card"}, {c.lines} hands)
          </option>
        ))}
      </select>
      <p class="muted small">
        The game keeps the card as it is now: changing the card later does not change this game. <a href="/cards">Your cards</a>
      </p>
    </>
  );
}
