// One user's count-then-insert (games they are in, push subscriptions they have) runs under a lock on
// their user row, so parallel requests of that user queue here instead of all seeing the old count.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/** Lock the user's row until the transaction ends (call inside `db.transaction`). */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}
