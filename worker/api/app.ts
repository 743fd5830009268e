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
import { players } from "./players";
import { HttpError } from "../lib/errors";

export const app = new Hono<AppEnv>()
  .basePath("/api")
  .use(bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ code: "too-large", message: "The body is too large." }, 413) }))
  .use(sameOrigin())
  .use(session())
  .route("/auth", auth)
  .route("/me", me)
  .route("/games", games)
  .route("/leagues", leagues)
  .route("/dev", dev)
  .route("/", players)
  .route("/", notifications);

app.notFound((c) => c.json({ code: "not-found", message: "No such thing here." }, 404));
app.onError((err, c) => {
  if (err instanceof HttpError) return c.json({ code: err.code, message: err.message }, err.status);
  if (err instanceof HTTPException && err.status < 500) return c.json({ code: "bad-request", message: err.message || "Bad request." }, err.status);
  console.error(err);
  return c.json({ code: "internal", message: "Something went wrong on our side." }, 500);
});

export type AppType = typeof app;
