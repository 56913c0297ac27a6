// Two writes in one statement (`with before as (<first>) <then>`): inside an adjudication every round
// trip holds the phase's row lock, and a turn's writes go one after another on one connection.
// `first` must not touch the rows `then` reads (Postgres runs both on the statement's one snapshot).
import { sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";

/** Runs `first` (a CTE) and `then` in one round trip; the rows `then` returns. */
export async function writeBoth<T>(tx: Db, first: SQLWrapper, then: SQLWrapper): Promise<T[]> {
  const result = (await tx.execute(sql`with before as (${first.getSQL()}) ${then.getSQL()}`)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
