// orders.*: save, lock, unlock — each only by the player of that nation (nationProcedure) — and the
// map's question "where may this group go?", answered by the engine.
import { z } from "zod";
import type { Order } from "../../engine";
import { groupOptions } from "../../services/destinations";
import { lockOrders, saveOrders, unlockOrders } from "../../services/orders";
import { order, unitGroupQuery } from "../schemas";
import { nationProcedure, router } from "../trpc";

export const ordersRouter = router({
  save: nationProcedure
    .input(z.object({ orders: z.array(order).max(300) }))
    .mutation(({ ctx, input }) => saveOrders(ctx.db, ctx.user.id, input.gameId, input.nation, input.orders as Order[])),
  lock: nationProcedure.mutation(({ ctx, input }) => lockOrders(ctx.db, ctx.user.id, input.gameId, input.nation)),
  unlock: nationProcedure.mutation(({ ctx, input }) => unlockOrders(ctx.db, input.gameId, input.nation)),
  /** Legal destinations (and transport unload targets) of one group of the caller's nation. */
  destinations: nationProcedure
    .input(unitGroupQuery)
    .query(({ ctx, input }) =>
      groupOptions(ctx.db, input.gameId, input.nation, { ...input.group, earlier: input.earlier as Order[] }),
    ),
});
