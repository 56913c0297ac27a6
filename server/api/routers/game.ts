// game.*: challenges, joining, the game view, history, and live events.
import { on } from "node:events";
import { tracked } from "@trpc/server";
import { z } from "zod";
import { createChallenge, joinGame } from "../../services/games";
import { gameHistory } from "../../services/history";
import { turnReview } from "../../services/turn-review";
import { listLobby } from "../../services/lobby";
import { pauseGame, resumeGame } from "../../services/pause";
import { leaveGame, reclaimNation } from "../../services/takeover";
import { gameView } from "../../services/view";
import { verifyGame } from "../../services/verify";
import type { GameEvent } from "../../runtime-events";
import { challenge, gameId, nation } from "../schemas";
import { nationProcedure, protectedProcedure, router } from "../trpc";

export const gameRouter = router({
  lobby: protectedProcedure.query(({ ctx }) => listLobby(ctx.db, ctx.user.id)),
  create: protectedProcedure.input(challenge).mutation(({ ctx, input }) =>
    createChallenge(ctx.db, ctx.user.id, {
      name: input.name,
      nations: input.nations,
      robots: input.robots,
      options: {
        lowLuck: input.lowLuck,
        ordersHours: input.ordersHours,
        decisionHours: input.decisionHours,
        robots: input.robots.length > 0,
        robotsHold: input.robotsHold,
        robotTakeover: input.robotTakeover,
        press: input.press,
        ...(input.anonymous ? { anonymous: true } : {}),
        ...(input.ordersAt ? { ordersAt: input.ordersAt } : {}),
        ...(input.decisionsAt ? { decisionsAt: input.decisionsAt } : {}),
        ...(input.houseRules && Object.values(input.houseRules).some(Boolean) ? { houseRules: input.houseRules } : {}),
      },
    }),
  ),
  join: protectedProcedure.input(z.object({ gameId, nation })).mutation(({ ctx, input }) => joinGame(ctx.db, ctx.user.id, input.gameId, input.nation)),
  /** Take a nation back from the robot that took it over. */
  reclaim: nationProcedure.mutation(({ ctx, input }) => reclaimNation(ctx.db, ctx.user.id, input.gameId, input.nation)),
  /** The creator stops the clock (R3.1) and starts it again; deadlines keep their remaining time. */
  pause: protectedProcedure.input(z.object({ gameId })).mutation(({ ctx, input }) => pauseGame(ctx.db, ctx.user.id, input.gameId)),
  resume: protectedProcedure.input(z.object({ gameId })).mutation(({ ctx, input }) => resumeGame(ctx.db, ctx.user.id, input.gameId)),
  /** The player leaves; a robot plays the nation from now on (R3.2). */
  leave: nationProcedure.mutation(({ ctx, input }) => leaveGame(ctx.db, ctx.user.id, input.gameId, input.nation)),
  get: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => gameView(ctx.db, ctx.user.id, input.gameId)),
  /** Replay every resolved phase and check its dice commitment (the history page's "verify"). */
  verify: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => verifyGame(ctx.db, input.gameId)),
  history: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => gameHistory(ctx.db, input.gameId)),
  /** One turn for the review page: its orders and report once resolved, only its status before (issue 7). */
  review: protectedProcedure.input(z.object({ gameId, turn: z.number().int().positive() })).query(({ ctx, input }) => turnReview(ctx.db, input.gameId, input.turn)),
  /** One stream per tab with every event of the game; events are hints to refetch, never secrets. */
  events: protectedProcedure.input(z.object({ gameId, lastEventId: z.string().nullish() })).subscription(async function* ({ ctx, input, signal }) {
    let n = 0;
    for await (const [event] of on(ctx.bus, `game:${input.gameId}`, { signal })) {
      const e = event as GameEvent;
      n += 1;
      yield tracked(`${e.gameId}:${e.turn ?? 0}:${e.kind}:${Date.now()}:${n}`, e);
    }
  }),
});
