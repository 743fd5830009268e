/**
 * The web app's modules that the worker's game page imports (./game-page.tsx) read a few browser
 * globals as they load (the API client its origin from `location`): stand-ins, before them. Only
 * what loading needs; what drawing reads is answered in game-page.tsx for the drawing alone. Nothing
 * of the worker's own reads these names.
 */
const g = globalThis as Record<string, unknown>;
g.location ??= { origin: "http://localhost", pathname: "/", search: "", href: "http://localhost/" };
