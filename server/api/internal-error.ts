// An error we did not expect (a bug, a database fault) is logged in full with a short id, and the
// client sees only that id: a response never carries SQL, parameters or a stack.
import { randomBytes } from "node:crypto";
import { logger } from "../log";

/** The message of a 503: the database connection failed; clients retry. */
export const UNAVAILABLE_MESSAGE = "The database is not answering; try again in a moment";

/** Seconds a client waits before retrying a 503 (a pool reconnects within that). */
export const RETRY_AFTER_SECONDS = 2;

/** Retry-After for a response carrying any SERVICE_UNAVAILABLE error (tRPC's responseMeta). */
export function retryAfterHeaders(errors: readonly { code: string }[]): Record<string, string> {
  return errors.some((e) => e.code === "SERVICE_UNAVAILABLE") ? { "retry-after": String(RETRY_AFTER_SECONDS) } : {};
}

/** The message a client gets for an internal error logged under `id`. */
export const internalMessage = (id: string) => `Something went wrong on our side (error ${id}); it has been logged`;

/** Log `error` with a fresh id; returns the id. */
export function logInternalError(error: unknown, where: string): string {
  const id = randomBytes(6).toString("hex");
  logger.error({ err: error, errorId: id, where }, `internal error ${id}`);
  return id;
}
