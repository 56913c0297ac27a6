// Game events are published with pg_notify inside the transaction that caused them: delivered to every
// server process at COMMIT, never after a rollback.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { EVENTS_CHANNEL, USER_EVENTS_CHANNEL, type GameEvent, type UserEvent } from "../runtime-events";

export async function publish(tx: Db, event: GameEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** A hint to a user's open tabs that their notifications (or their press in a game) changed. */
export async function publishToUser(tx: Db, userId: string, hint: Omit<UserEvent, "userId"> = { kind: "notification" }): Promise<void> {
  const event: UserEvent = { userId, ...hint };
  await tx.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
