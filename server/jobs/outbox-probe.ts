// What the delivery loop has to do, in one statement: whether either outbox (mail and push, webhooks)
// has a row due, or one left `sending` past its lease. An idle tick of the loop is this one read
// instead of two reaps and two claims (issue 20: the worker's idle CPU); the reaps run only when a
// row is past its lease, the lanes only when something is due.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveries, webhookDeliveries } from "../../db/schema";
import { SENDING_LEASE_SECONDS } from "../services/dispatch";
import { WEBHOOK_SENDING_LEASE_SECONDS } from "../services/webhooks/deliver";

export interface OutboxProbe {
  mailDue: boolean;
  mailStuck: boolean;
  hooksDue: boolean;
  hooksStuck: boolean;
}

export async function probeOutboxes(db: Db): Promise<OutboxProbe> {
  const { rows } = (await db.execute(sql`
    select
      exists (select 1 from ${deliveries} where status = 'pending' and due_at <= now()) as "mailDue",
      exists (select 1 from ${deliveries} where status = 'sending' and locked_at <= now() - make_interval(secs => ${SENDING_LEASE_SECONDS})) as "mailStuck",
      exists (select 1 from ${webhookDeliveries} where status = 'pending' and due_at <= now()) as "hooksDue",
      exists (select 1 from ${webhookDeliveries} where status = 'sending' and locked_at <= now() - make_interval(secs => ${WEBHOOK_SENDING_LEASE_SECONDS})) as "hooksStuck"`)) as unknown as {
    rows: OutboxProbe[];
  };
  return rows[0]!;
}
