/** What the pages about one game (its replay, its review) share: the way back to the game, and a refusal said on the page's own heading. */

export const BackToGame = ({ id }: { id: string }) => <a href={`/game/${encodeURIComponent(id)}`}>Back to the game</a>;

/** The service refused the page (not over yet, not yours): its heading, why in plain words, and the way back. */
export function Refused({ page, title, error, id }: { page: string; title: string; error: string; id: string }) {
  return (
    <section class={page}>
      <h1>{title}</h1>
      <p class="error" role="alert">
        {error}
      </p>
      <p>
        <BackToGame id={id} />
      </p>
    </section>
  );
}
