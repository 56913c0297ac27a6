// Is this error the database connection failing (rather than a query or the code being wrong)? Such an
// error says "try again in a moment", so the API answers 503 with Retry-After, never a 500 (issue 20:
// with connections terminated every 2 s, about one request in five answered 500). The cause chain is
// walked, as drizzle wraps a driver's error in its own ("Failed query: ...", cause: the driver's).

/** SQLSTATE codes of a lost or refused connection: class 08, the server shutting down or starting, too many connections. */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-4]|53300)$/;

/** Socket errors of node:net (and pg's own codes for them). */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "ENETDOWN", "EAI_AGAIN"]);

/** pg and pg-pool throw plain Errors, told apart by their message only. */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // unexpectedly; due to connection timeout
  /is not queryable$/, // a client after a connection error, or closed
  /^timeout exceeded when trying to connect$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/** The name of the error a session read throws when the database fails under it (server/auth/session-lookup.ts). */
const UNAVAILABLE_NAMES = new Set(["DatabaseUnavailableError"]);

export function isConnectionError(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = error; e && typeof e === "object" && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof name === "string" && UNAVAILABLE_NAMES.has(name)) return true;
    if (typeof code === "string" && (CONNECTION_SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === "string" && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}
