// What is built from a database handle once and kept with it: a prepared (named) statement, which
// drizzle then does not rebuild and Postgres plans once a connection. Keyed weakly, so a handle
// closed and dropped (a test's database) takes its statements with it.
import type { Db } from "./client";

/** `make(db)` on the first call for each database, its result on every later one. */
export function oncePerDb<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}
