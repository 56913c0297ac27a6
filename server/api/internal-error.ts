// An error we did not expect (a bug, a database fault) is logged in full with a short id, and the
// client sees only that id: a response never carries SQL, parameters or a stack.
import { randomBytes } from "node:crypto";
import { logger } from "../log";

/** The message a client gets for an internal error logged under `id`. */
export const internalMessage = (id: string) => `Something went wrong on our side (error ${id}); it has been logged`;

/** Log `error` with a fresh id; returns the id. */
export function logInternalError(error: unknown, where: string): string {
  const id = randomBytes(6).toString("hex");
  logger.error({ err: error, errorId: id, where }, `internal error ${id}`);
  return id;
}
