// Building the request context from its two sources; kept apart from context.ts (which loads next-auth)
// so tests can build it with their own.
import { TRPCError } from "@trpc/server";
import type { Runtime } from "../runtime";
import { DatabaseUnavailableError } from "../auth/session-lookup";
import { UNAVAILABLE_MESSAGE } from "./internal-error";
import type { Context, SessionUser } from "./trpc";

/**
 * A database that cannot be reached (opening the runtime, or reading the session) answers 503
 * SERVICE_UNAVAILABLE, which clients retry; it never passes for "not signed in" (issue 15).
 */
export async function contextFrom(runtimeOf: () => Promise<Runtime>, userOf: () => Promise<SessionUser | null>): Promise<Context> {
  const unavailable = (cause: unknown) => new TRPCError({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE, cause });
  const runtime = await runtimeOf().catch((error: unknown) => {
    throw unavailable(error);
  });
  const user = await userOf().catch((error: unknown) => {
    throw error instanceof DatabaseUnavailableError ? unavailable(error) : error;
  });
  return { db: runtime.handle.db, bus: runtime.bus, user: user ? { id: user.id, email: user.email, name: user.name } : null };
}
