// A database function called in one round trip as a named statement (`select fn(...) as result`),
// built once per database, so drizzle does not rebuild it nor Postgres re-plan it: orders.lock and
// orders.unlock (drizzle/0018, 0019), the post-combat lock and unlock, a battle decision's write.
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { oncePerDb } from "../../db/once-per-db";

type Prepared = ReturnType<Db["_"]["session"]["prepareQuery"]>;

/** `build` writes the statement with its placeholders; the returned call sends it with their values. */
export function namedCall<Result>(name: string, build: (p: (name: string) => Placeholder) => SQL) {
  const prepared = oncePerDb((db): Prepared => db._.session.prepareQuery(new PgDialect().sqlToQuery(build((n) => sql.placeholder(n))), undefined, name, false));
  return async (db: Db, values: Record<string, unknown>): Promise<Result> => {
    const { rows } = (await prepared(db).execute(values)) as { rows: { result: Result }[] };
    return rows[0]!.result;
  };
}

/** Values as a Postgres text[] literal, each quoted ("United Kingdom" has a space), in their order. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}
