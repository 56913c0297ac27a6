// R3 — the moment a phase closes to changes (the last lock, a deadline, a takeover that completes
// the locks): the phase turns "resolving" and its adjudication is queued. Its own module, so the
// services that close a phase (orders, deadlines, takeover) need not import one another.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { phases } from "../../db/schema";
import { enqueue } from "../jobs/queue";
import type { Phase } from "./phases";
import { recordPhaseClosed, type AwaitedSides } from "./reliability";

/** Close the phase to changes and queue its adjudication (R3: last lock or deadline). */
export async function beginResolving(tx: Db, phase: Pick<Phase, "id" | "gameId"> & { startState?: unknown }, awaited?: AwaitedSides): Promise<void> {
  const closed = await tx.update(phases).set({ status: "resolving" }).where(and(eq(phases.id, phase.id), eq(phases.status, "open"))).returning({ id: phases.id });
  // Who acted on the phase and who missed it, once, as it closes (the reliability record).
  if (closed.length > 0) await recordPhaseClosed(tx, phase, awaited);
  await enqueue(tx, `adjudicate:${phase.id}`, { phaseId: phase.id });
}
