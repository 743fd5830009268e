/** The HTTP API: one sub-app per resource, chained, so `hc<AppType>` types the web client. */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { sameOrigin, session, type AppEnv } from "./context";
import { auth } from "./auth";
import { me } from "./me";
import { games } from "./games";
import { dev } from "./dev";
import { notifications } from "./notifications";
import { leagues } from "./leagues";
import { challenges } from "./challenges";
import { cards } from "./cards";
import { players } from "./players";
import { HttpError } from "../lib/errors";
import { RateLimited } from "../lib/limits";
import { securityHeaders } from "./headers";

const smallBodies = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ code: "too-large", message: "The body is too large." }, 413) });

export const app = new Hono<AppEnv>()
  .basePath("/api")
  .use(securityHeaders())
  // Cards (up to 64 KB) set their own limit in cards.ts.
  .use((c, next) => (c.req.path.startsWith("/api/cards") ? next() : smallBodies(c, next)))
  .use(sameOrigin())
  .use(session())
  .route("/auth", auth)
  .route("/me", me)
  .route("/games", games)
  .route("/leagues", leagues)
  .route("/challenges", challenges)
  .route("/cards", cards)
  .route("/dev", dev)
  .route("/", players)
  .route("/", notifications);

app.notFound((c) => c.json({ code: "not-found", message: "No such thing here." }, 404));
app.onError((err, c) => {
  if (err instanceof RateLimited) return c.json({ code: err.code, message: err.message, retryAfter: err.retryAfterSeconds }, 429, { "retry-after": String(err.retryAfterSeconds) });
  if (err instanceof HttpError) return c.json({ code: err.code, message: err.message }, err.status);
  // A body that is not JSON at all, as the validator middleware reports it.
  if (err instanceof HTTPException && err.status === 400 && err.message === "Malformed JSON in request body") return c.json({ code: "bad-json", message: "The body is not valid JSON." }, 400);
  if (err instanceof HTTPException && err.status < 500) return c.json({ code: "bad-request", message: err.message || "Bad request." }, err.status);
  console.error(err);
  return c.json({ code: "internal", message: "Something went wrong on our side." }, 500);
});

export type AppType = typeof app;
