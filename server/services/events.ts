// Game events are published with pg_notify inside the transaction that caused them: delivered to every
// server process at COMMIT, never after a rollback.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { EVENTS_CHANNEL, USER_EVENTS_CHANNEL, type GameEvent, type UserEvent } from "../runtime-events";

export async function publish(tx: Db, event: GameEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** A hint to a user's open tabs that their notifications changed (only the user id travels). */
export async function publishToUser(tx: Db, userId: string): Promise<void> {
  const event: UserEvent = { userId, kind: "notification" };
  await tx.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
