/**
 * The cookies a browser keeps for the site (the session and its proof), each by its name; an empty
 * one or Max-Age=0 forgotten. Plain (no Node, no workerd): the worker tests' Browser (./client.ts)
 * and the benchmarks' players (bench/service.ts, bench/http.ts) keep their cookies in one. A Map
 * of name to value, so a test may look at, set or drop one cookie.
 */
export class CookieJar extends Map<string, string> {
  /** Keeps what an answer's Set-Cookie headers set, and forgets what they delete. */
  take(res: Response) {
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(";")[0]!;
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (!value || /Max-Age=0\b/i.test(set)) this.delete(name);
      else this.set(name, value);
    }
  }

  /** The Cookie header to send. */
  get header(): string {
    return [...this].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** Keeps exactly the cookies of a Cookie header (`"sid=abc.def; sid_proof=…"`), nothing else. */
  set header(header: string) {
    this.clear();
    for (const pair of header.split(/;\s*/)) {
      const at = pair.indexOf("=");
      if (at > 0) this.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
}
