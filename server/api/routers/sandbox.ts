// sandbox.*: a player's private what-if copies of a position (issue 24). Every procedure naming a
// gameId is refused for another's sandbox by protectedProcedure; the services check ownership again.
import { z } from "zod";
import {
  deleteSandbox,
  listSandboxes,
  openSandbox,
  resolveSandbox,
  robotOrdersFor,
  shareSandbox,
  sharedSandbox,
  undoSandbox,
  unshareSandbox,
} from "../../services/sandbox/sandbox";
import { int4, keyText } from "../input";
import { gameId } from "../schemas";
import { protectedProcedure, router } from "../trpc";

export const sandboxRouter = router({
  /** A new sandbox from a game the caller may see (or a branch of one of their sandboxes), at a turn's start. */
  open: protectedProcedure
    .input(z.object({ gameId, turn: int4(1).optional() }))
    .mutation(({ ctx, input }) => openSandbox(ctx.db, ctx.user.id, input.gameId, input.turn)),
  list: protectedProcedure.query(({ ctx }) => listSandboxes(ctx.db, ctx.user.id)),
  delete: protectedProcedure.input(z.object({ gameId })).mutation(({ ctx, input }) => deleteSandbox(ctx.db, ctx.user.id, input.gameId)),
  /** Back to the start of an earlier (or the current) turn of the sandbox. */
  undo: protectedProcedure.input(z.object({ gameId, turn: int4(1) })).mutation(({ ctx, input }) => undoSandbox(ctx.db, ctx.user.id, input.gameId, input.turn)),
  /** Lock every nation's orders: the turn resolves. */
  resolve: protectedProcedure.input(z.object({ gameId })).mutation(({ ctx, input }) => resolveSandbox(ctx.db, ctx.user.id, input.gameId)),
  /** "What would a robot do?" for one side (a 1942 nation or another ruleset's side id): its orders, saved. */
  robotOrders: protectedProcedure.input(z.object({ gameId, nation: keyText(1, 40) })).mutation(({ ctx, input }) => robotOrdersFor(ctx.db, ctx.user.id, input.gameId, input.nation)),
  share: protectedProcedure.input(z.object({ gameId })).mutation(({ ctx, input }) => shareSandbox(ctx.db, ctx.user.id, input.gameId)),
  unshare: protectedProcedure.input(z.object({ gameId })).mutation(({ ctx, input }) => unshareSandbox(ctx.db, ctx.user.id, input.gameId)),
  /** A shared sandbox, read-only, for whoever holds its link. */
  shared: protectedProcedure.input(z.object({ token: keyText(1, 64) })).query(({ ctx, input }) => sharedSandbox(ctx.db, input.token)),
});
