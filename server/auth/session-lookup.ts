// A database that fails while the session is looked up must not look like "signed out" (issue 15):
// Auth.js catches the adapter's error, logs it and answers "no session", and pages would send the
// player to sign in. The adapter is wrapped to note its failure for the lookup in progress
// (AsyncLocalStorage), and the lookup then throws DatabaseUnavailableError: a retryable 503.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Adapter } from "@auth/core/adapters";

export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("The database is not answering; try again in a moment", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

const lookup = new AsyncLocalStorage<{ failure?: unknown }>();

/** The adapter's session methods, noting a failure for the lookup in progress before rethrowing it. */
export function failureNotingAdapter(adapter: Adapter): Adapter {
  const wrapped: Adapter = { ...adapter };
  for (const name of ["getSessionAndUser", "updateSession", "deleteSession"] as const) {
    const method = adapter[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!method) continue;
    (wrapped as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      try {
        return await method.apply(adapter, args);
      } catch (error) {
        const store = lookup.getStore();
        if (store) store.failure = error;
        throw error;
      }
    };
  }
  return wrapped;
}

/** Run a session read; if the adapter failed during it, throw DatabaseUnavailableError instead of its answer. */
export async function lookupSession<T>(read: () => Promise<T>): Promise<T> {
  const store: { failure?: unknown } = {};
  const result = await lookup.run(store, read);
  if (store.failure !== undefined) throw new DatabaseUnavailableError(store.failure);
  return result;
}
