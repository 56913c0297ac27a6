// The adjudication job: resolve a phase through the engine and write its report, the next phase and
// the notifications in one transaction. Idempotent: a phase already resolved is left alone, and a
// rerun after a crash (the transaction rolled back) computes the same result from the stored inputs.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, notifications, orders, phases, seats } from "../../db/schema";
import { NATIONS, resolveCombatPhase, type Nation, type Order } from "../engine";
import { publish } from "./events";
import { openPhase, type Phase } from "./phases";

/** The orders a phase is resolved with: each nation's saved list (R3.1: unlocked at a deadline → as saved). */
async function phaseOrders(tx: Db, phaseId: number): Promise<Partial<Record<Nation, Order[]>>> {
  const rows = await tx.select().from(orders).where(eq(orders.phaseId, phaseId)).orderBy(asc(orders.nation), asc(orders.position));
  const out: Partial<Record<Nation, Order[]>> = {};
  for (const nation of NATIONS) {
    const list = rows.filter((r) => r.nation === nation).map((r) => r.order);
    if (list.length > 0) out[nation] = list;
  }
  return out;
}

/** Resolve a stored phase from its stored inputs alone (also used to verify a phase). */
export function resolveStored(phase: Pick<Phase, "startState" | "seed">, orderLists: Partial<Record<Nation, Order[]>>, lowLuck: boolean) {
  return resolveCombatPhase({ state: phase.startState, orders: orderLists, seed: phase.seed, lowLuck });
}

export interface AdjudicateHooks {
  /** Runs inside the transaction after every write, before COMMIT (tests simulate a dying worker here). */
  beforeCommit?: (tx: Db) => Promise<void>;
}

export async function adjudicatePhase(db: Db, phaseId: number, hooks: AdjudicateHooks = {}): Promise<"resolved" | "already-resolved" | "not-ready"> {
  return db.transaction(async (tx) => {
    const [phase] = await tx.select().from(phases).where(eq(phases.id, phaseId)).for("update");
    if (!phase) throw new Error(`phase ${phaseId} does not exist`);
    if (phase.status === "resolved") return "already-resolved";
    if (phase.status !== "resolving") return "not-ready";
    const [game] = await tx.select().from(games).where(eq(games.id, phase.gameId));
    if (!game) throw new Error(`game ${phase.gameId} does not exist`);
    const orderLists = await phaseOrders(tx, phase.id);
    const result = resolveStored(phase, orderLists, game.options.lowLuck);
    await tx
      .update(phases)
      .set({ status: "resolved", orders: orderLists, decisions: [], report: result.report, resolvedAt: new Date() })
      .where(and(eq(phases.id, phase.id), eq(phases.status, "resolving")));
    const next = await openPhase(tx, game.id, phase.turn + 1, result.state, game.options);
    const humans = await tx.selectDistinct({ userId: seats.userId }).from(seats).where(and(eq(seats.gameId, game.id), isNotNull(seats.userId)));
    if (humans.length > 0)
      await tx.insert(notifications).values(
        humans.map((h) => ({
          userId: h.userId!,
          gameId: game.id,
          kind: "turn-resolved" as const,
          text: `${game.name}: turn ${phase.turn} resolved — turn ${next.turn} orders are open`,
          url: `/game/${game.id}/history#turn-${phase.turn}`,
        })),
      );
    await publish(tx, { gameId: game.id, kind: "turn-resolved", turn: phase.turn });
    await hooks.beforeCommit?.(tx);
    return "resolved";
  });
}
