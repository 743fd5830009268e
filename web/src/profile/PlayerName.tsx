/**
 * An opponent's name at the table: a link to their profile with their rating in the game's family
 * ("Ann 1623", "Bob 1500?": read out "Bob 1500, rating still settling"). A small component the table
 * can place beside each seat.
 */
import { useEffect, useState } from "preact/hooks";
import { ratingText, tableRating } from "./cached";
import { afterTiles } from "../lazy";

export function PlayerName({ userId, name, ruleset }: { userId: string | null; name: string; ruleset: string }) {
  const [rating, setRating] = useState<string | null>(null);
  useEffect(() => {
    if (!userId || userId.startsWith("computer:")) return;
    let live = true;
    // Asked after the tiles are on screen, for every name at the table at once.
    afterTiles.then(() => tableRating(userId, ruleset)).then((r) => live && r && setRating(ratingText(r)), () => {});
    return () => { live = false; };
  }, [userId, ruleset]);
  if (!userId || userId.startsWith("computer:")) return <span class="player-name">{name}</span>;
  // "1500?" in words, for a screen reader and (as the tooltip) a mouse; a phone's tap opens the profile, which says more
  const settling = rating?.endsWith("?") ? `${name} ${rating.slice(0, -1)}, rating still settling` : undefined;
  return (
    <a class="player-name" href={`/players/${encodeURIComponent(userId)}`} title={settling} aria-label={settling}>
      {name}
      {rating ? <span class="player-rating"> {rating}</span> : null}
    </a>
  );
}
