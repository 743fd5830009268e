/**
 * Errors that reach a client. Every one is JSON {code, message}; codes are stable, messages
 * are words a player understands. Anything else thrown is a bug and becomes a plain 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);
export const notFound = (message = "No such thing here.") => new HttpError(404, "not-found", message);
