/** On a finished game's page, for its players: the way to the expert's review of their decisions. */
export function ReviewLink({ id }: { id: string }) {
  return (
    <section class="review-link" aria-label="Review">
      <a class="button" href={`/review/${encodeURIComponent(id)}`}>
        Review your game
      </a>
      <p class="muted">The expert computer goes through your decisions and shows where it would have played otherwise.</p>
    </section>
  );
}
