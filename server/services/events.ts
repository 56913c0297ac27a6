// Game events are published with pg_notify inside the transaction that caused them: delivered to every
// server process at COMMIT, never after a rollback.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { EVENTS_CHANNEL, type GameEvent } from "../runtime-events";

export async function publish(tx: Db, event: GameEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
