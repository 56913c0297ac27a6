// Statements the app sends to the database, counted by drizzle's logger (BEGIN and COMMIT included: a
// transaction is sent as statements too), for the tests that a request is one round trip (issue 20).
import type { DbHandle } from "../../db/client";

/**
 * Counts from now on. Call it before the first request a test counts: a named statement, built on
 * first use, keeps the logger it was built with.
 */
export function countStatements(handle: DbHandle) {
  const sent = sentStatements(handle);
  /** How many statements `action` sent. */
  return async function statementsOf(action: () => Promise<unknown>): Promise<number> {
    const before = sent.length;
    await action();
    return sent.length - before;
  };
}

/** Every statement sent from now on (BEGIN and COMMIT included), as a list that grows. */
export function sentStatements(handle: DbHandle): string[] {
  const sent: string[] = [];
  const session = (handle.db as unknown as { _: { session: { logger: unknown; options: { logger?: unknown } } } })._.session;
  const logger = { logQuery: (query: string) => sent.push(query) };
  session.logger = logger;
  session.options.logger = logger;
  return sent;
}

/** The statements of a list but BEGIN and COMMIT. */
export const withoutBeginCommit = (sent: string[]) => sent.filter((query) => !/^(begin|commit)\b/i.test(query.trim()));
