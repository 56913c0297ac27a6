// orders.*: save, lock, unlock — each only by the player of that nation (nationProcedure; save checks
// the seat itself, in the statements it needs anyway, see saveOrders) — and the map's question
// "where may this group go?", answered by the game's rules (Ruleset.queries).
import { z } from "zod";
import { askRules } from "../../services/ruleset-games/queries";
import { lockOrders, saveOrders, unlockOrders } from "../../services/orders";
import { parseOrderList } from "../order-list";
import { gameNation, order, unitGroupQuery } from "../schemas";
import { destinationsOutput, lockOutput, placementsOutput } from "../outputs";
import { nationProcedure, protectedProcedure, router } from "../trpc";

export const ordersRouter = router({
  // Ends the player's vacation as endsVacation would, in the save's own statement (saveOrders).
  save: protectedProcedure
    .input(gameNation)
    .input(parseOrderList)
    .mutation(({ ctx, input }) => saveOrders(ctx.db, ctx.user.id, input.gameId, input.nation, input.orders, { endsVacation: true })),
  // The seat check and the end of a vacation are done in the lock's own call (lockOrders).
  lock: protectedProcedure.input(gameNation).output(lockOutput).mutation(({ ctx, input }) => lockOrders(ctx.db, ctx.user.id, input.gameId, input.nation, { endsVacation: true })),
  // The seat check is done in the unlock's own call (unlockOrders).
  unlock: protectedProcedure.input(gameNation).output(lockOutput).mutation(({ ctx, input }) => unlockOrders(ctx.db, ctx.user.id, input.gameId, input.nation)),
  /** Legal destinations (and transport unload targets) of one group of the caller's nation, as the rules answer (R4). */
  destinations: nationProcedure
    .input(unitGroupQuery)
    .output(destinationsOutput)
    .query(({ ctx, input }) => askRules<z.input<typeof destinationsOutput>>(ctx.db, input.gameId, input.nation, "destinations", { ...input.group, earlier: input.earlier })),
  /** Where one more unit of each type may be placed, its cost, and the money left after the draft (R4.10). */
  placements: nationProcedure
    .input(z.object({ earlier: z.array(order).max(300) }))
    .output(placementsOutput)
    .query(({ ctx, input }) => askRules<z.input<typeof placementsOutput>>(ctx.db, input.gameId, input.nation, "placements", { earlier: input.earlier })),
});
