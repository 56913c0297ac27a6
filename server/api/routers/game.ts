// game.*: challenges, joining, the game view, history, and live events.
import { z } from "zod";
import { createChallenge, joinGame } from "../../services/games";
import { gameHistory } from "../../services/history";
import { turnReview } from "../../services/turn-review";
import { listLobby } from "../../services/lobby";
import { pauseGame, resumeGame } from "../../services/pause";
import { leaveGame, reclaimNation } from "../../services/takeover";
import { gameView } from "../../services/view";
import { verifyGameFor } from "../../services/verify";
import type { GameEvent } from "../../runtime-events";
import { gameEventsAfter, lobbyEventsAfter } from "../../services/events";
import { notFound } from "../../services/errors";
import { MAX_POLL_SECONDS, pollGameEvents } from "../../services/event-poll";
import { loadGame } from "../../services/phases";
import { withView } from "../../services/event-view";
import type { GameView } from "../../services/view";
import { publicIds } from "../../services/public-ids";
import { int4, text } from "../input";
import { liveStream } from "../live-stream";
import { checkStreamRoom, counted } from "../streams";
import { gameOptionsOf } from "../platform-options";
import { challenge, gameId, nation } from "../schemas";
import { eventsOutput, gameCreatedOutput, joinedOutput } from "../outputs";
import { nationProcedure, protectedProcedure, router } from "../trpc";

export const gameRouter = router({
  lobby: protectedProcedure.query(({ ctx }) => listLobby(ctx.db, ctx.user.id)),
  /** Open lobbies refetch when a challenge is made, joined or started, or a listed game's turn resolves;
   * each event names only the game and what happened, facts the lobby lists to everyone. */
  lobbyLive: protectedProcedure.input(z.object({ lastEventId: text(0, 200).nullish() }).optional()).subscription(async ({ ctx, input, signal }) => {
    checkStreamRoom(ctx.user.id);
    const ids = await publicIds(ctx.db);
    return counted(
      ctx.user.id,
      liveStream<GameEvent>({ bus: ctx.bus, name: "lobby", signal, lastEventId: input?.lastEventId, ids, replay: (after) => lobbyEventsAfter(ctx.db, after) }),
    );
  }),
  create: protectedProcedure.input(challenge).output(gameCreatedOutput).mutation(({ ctx, input }) =>
    createChallenge(ctx.db, ctx.user.id, {
      name: input.name,
      nations: input.nations,
      robots: input.robots,
      bots: input.bots,
      // 1942's own options (Ruleset.options), judged by createChallenge the generic way, beside the platform's.
      options: gameOptionsOf(input, {
        decisionHours: input.decisionHours,
        robots: input.robots.length > 0,
        rules: { lowLuck: input.lowLuck, ...(input.houseRules && Object.values(input.houseRules).some(Boolean) ? { houseRules: input.houseRules } : {}) },
      }),
    }),
  ),
  join: protectedProcedure.input(z.object({ gameId, nation })).output(joinedOutput).mutation(({ ctx, input }) => joinGame(ctx.db, ctx.user.id, input.gameId, input.nation)),
  /** Take a nation back from the robot that took it over. */
  reclaim: nationProcedure.mutation(({ ctx, input }) => reclaimNation(ctx.db, ctx.user.id, input.gameId, input.nation)),
  /** The creator stops the clock (R3.1) and starts it again; deadlines keep their remaining time. */
  pause: protectedProcedure.input(z.object({ gameId })).mutation(({ ctx, input }) => pauseGame(ctx.db, ctx.user.id, input.gameId)),
  resume: protectedProcedure.input(z.object({ gameId })).mutation(({ ctx, input }) => resumeGame(ctx.db, ctx.user.id, input.gameId)),
  /** The player leaves; a robot plays the nation from now on (R3.2). */
  leave: nationProcedure.mutation(({ ctx, input }) => leaveGame(ctx.db, ctx.user.id, input.gameId, input.nation)),
  get: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => gameView(ctx.db, ctx.user.id, input.gameId)),
  /** Replay every resolved phase and check its dice commitment (the history page's "verify"); players only, cached per phase. */
  verify: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => verifyGameFor(ctx.db, ctx.user.id, input.gameId)),
  /** The public API's older name for play.history, in its `phases` shape: the same service, any ruleset. */
  history: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => gameHistory(ctx.db, ctx.user.id, input.gameId)),
  /** The public API's older name for play.review, in its 1942 shape (lowLuck, victoryCities): a 1942 game's turn, its orders and report once resolved. */
  review: protectedProcedure.input(z.object({ gameId, turn: int4(1) })).query(({ ctx, input }) => turnReview(ctx.db, ctx.user.id, input.gameId, input.turn)),
  /** The game's events after a seen id, waiting up to `wait` seconds for one: the public API's long-poll (issue 23). */
  eventsAfter: protectedProcedure
    .input(z.object({ gameId, after: int4(0).optional(), wait: z.number().min(0).max(MAX_POLL_SECONDS).default(0) }))
    .output(eventsOutput)
    .query(({ ctx, input, signal }) => pollGameEvents(ctx.db, ctx.bus, input.gameId, input.after, input.wait, signal)),
  /** One stream per tab with every event of the game. An event that moves the phase on carries the
   * viewer's new view (`view`: exactly what game.get gives that viewer, services/event-view.ts);
   * otherwise events are hints to refetch, never secrets. */
  // Refused before it starts for a game that does not exist, or past the user's stream limit.
  events: protectedProcedure.input(z.object({ gameId, lastEventId: text(0, 200).nullish() })).subscription(async ({ ctx, input, signal }) => {
    if (!(await loadGame(ctx.db, input.gameId))) throw notFound("That game");
    checkStreamRoom(ctx.user.id);
    const ids = await publicIds(ctx.db);
    return counted(
      ctx.user.id,
      liveStream<GameEvent & { view?: GameView }>({
        bus: ctx.bus,
        name: `game:${input.gameId}`,
        signal,
        lastEventId: input.lastEventId,
        ids,
        replay: (after) => gameEventsAfter(ctx.db, input.gameId, after),
        // Over HTTP the view's JSON is spliced into the bytes on the way out (api/view-frames.ts).
        live: async (event) => {
          const e = await withView(ctx.db, ctx.user.id, input.gameId, event);
          return ctx.viewFrames ? ctx.viewFrames.hold(e) : e;
        },
      }),
    );
  }),
});
