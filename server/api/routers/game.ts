// game.*: challenges, joining, the game view, history, and live events.
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
import { gameEventsAfter } from "../../services/events";
import { liveStream } from "../live-stream";
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
  events: protectedProcedure.input(z.object({ gameId, lastEventId: z.string().nullish() })).subscription(({ ctx, input, signal }) =>
    liveStream<GameEvent>({ bus: ctx.bus, name: `game:${input.gameId}`, signal, lastEventId: input.lastEventId, replay: (after) => gameEventsAfter(ctx.db, input.gameId, after) }),
  ),
});
