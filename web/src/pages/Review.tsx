/**
 * Your review of a finished game (/review/:id): asked for once, worked out by the service in the
 * background (the page asks again every few seconds until it is ready), then each of your decisions
 * where the expert computer would have chosen otherwise, the three costliest first, with the points
 * it expected that to gain and a link to that moment of the replay.
 */
import { useEffect, useState } from "preact/hooks";
import { api, type ApiError } from "../api";
import "./review.css";
import { BackToGame, Refused } from "./game-refused";

type Answer = Awaited<ReturnType<typeof api.askReview>>;

/** How often the page asks whether the review is ready. */
const POLL_MS = 2500;

const points = (x: number) => {
  const r = Math.round(x * 10) / 10;
  return `${r.toFixed(Number.isInteger(r) ? 0 : 1)} ${Math.abs(r) === 1 ? "point" : "points"}`;
};

export default function Review({ id }: { id: string }) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (first: boolean) =>
      (first ? api.askReview(id) : api.review(id))
        .then((a) => {
          if (stopped) return;
          setAnswer(a);
          if (a.status !== "ready") timer = setTimeout(() => ask(false), POLL_MS);
        })
        .catch((e: ApiError) => !stopped && setError(e.message));
    ask(true);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);

  const back = <BackToGame id={id} />;
  if (error) return <Refused page="review" title="Review" error={error} id={id} />;
  if (!answer || answer.status !== "ready") {
    const share = answer && answer.moves ? Math.min(99, Math.round((100 * answer.done) / answer.moves)) : 0;
    return (
      <section class="review">
        <h1>Review</h1>
        <p class="loading" aria-busy="true" role="status">
          The expert is going through your decisions{answer ? ` (${share} % of the game so far)` : ""}. This takes a minute or so; you may leave this page and come back.
        </p>
        <p>{back}</p>
      </section>
    );
  }
  const items = answer.items;
  return (
    <section class="review">
      <h1>Review</h1>
      <p>
        The expert computer looked at your {answer.decisions} {answer.decisions === 1 ? "decision" : "decisions"}
        {items.length
          ? ` and would have chosen otherwise ${items.length === 1 ? "once" : `${items.length} times`}. The costliest come first; each gain is what it expected, in points of the hand.`
          : " and found none where it is sure another choice would have scored more. (It names a decision only when it is sure.)"}
      </p>
      <ol class="review-items">
        {items.map((x, i) => (
          <li key={x.move} class={i < 3 ? "costly" : ""}>
            <p class="review-move">Move {x.move + 1}</p>
            <p>
              You chose to <strong>{x.playedText}</strong>.
            </p>
            <p>
              The expert would <strong>{x.expertText}</strong>, expecting about <strong>{points(x.gain)}</strong> more.
            </p>
            <p>
              <a href={`/replay/${encodeURIComponent(id)}?move=${x.frame}`}>See the table just before it in the replay</a>
            </p>
          </li>
        ))}
      </ol>
      <p>{back}</p>
    </section>
  );
}
