/** Home, signed out: what this is and how correspondence play works, in three lines, then Sign in. */
export default function Intro() {
  return (
    <section class="intro">
      <h1>Mah Jongg by post</h1>
      <p>Play Mah Jongg (Siamese for two, American, Chinese and more) with friends, with other players, or against the computer.</p>
      <p>Nobody has to be online at the same time: you have days for each move, a mail tells you when it is your turn, and a game goes on over days or weeks.</p>
      <p>Sign in with your email address: we mail you a link, no password needed.</p>
      <p class="row">
        <a class="button primary" href="/signin">Sign in</a>
        <a class="button" href="/rules">Read the rules</a>
      </p>
    </section>
  );
}
