// play.*: games played a phase at a time, of any ruleset — a 1942 game too when play.create made it
// (a classic 1942 game keeps game.* and orders.*: classicGame) — the lobby's offer, a
// challenge, joining a side, the game as the viewer may see it, saving/locking/unlocking a side's
// orders, a side's questions to its rules, history, one turn's review, the download and the dice check. Thin: parse, call a service.
import { z } from "zod";
import { createRulesetChallenge } from "../../services/ruleset-games/create";
import { lockSide, saveBatch, unlockSide } from "../../services/ruleset-games/play";
import { readStanding, setStanding } from "../../services/ruleset-games/standing";
import { askAsSide } from "../../services/ruleset-games/queries";
import { leaveSide, reclaimSide } from "../../services/ruleset-games/seats";
import { rulesetDownload, rulesetGameView, rulesetHistory } from "../../services/ruleset-games/read";
import { rulesetTurnReview } from "../../services/ruleset-games/review";
import { rulesetTurnReport } from "../../services/ruleset-games/turn-reports";
import { classicGame, offeredGames } from "../../services/ruleset-games/rulesets";
import { joinGame } from "../../services/games";
import { pauseGame, resumeGame } from "../../services/pause";
import { loadGame } from "../../services/phases";
import { notFound } from "../../services/errors";
import { verifyGameFor } from "../../services/verify";
import { int4, keyText, plainText } from "../input";
import { botPlayer, decisionHours, gameOptionsOf, platformOptions } from "../platform-options";
import { apiChallenge1942, gameId } from "../schemas";
import { rulesetChallengeOf } from "../challenge-1942";
import { gameCreatedOutput } from "../outputs";
import { endsVacation, protectedProcedure, router } from "../trpc";

/** A side of a game (the ruleset's own id: "red", "paraguay"). */
const side = keyText(1, 40);
const gameSide = z.object({ gameId, side });

/** A challenge of any ruleset (play.create): its seats by side, the ruleset's own options, and the platform's (platform-options.ts). */
export const rulesetChallenge = platformOptions.extend({
  name: plainText(z.string().trim().min(1, "Give the game a name").max(60), "a game name"),
  ruleset: keyText(1, 40),
  scenario: keyText(1, 60),
  /** How many of the scenario's sides are seated. */
  seats: z.number().int().min(1).max(12),
  mine: z.array(side).min(1, "Pick at least one side to play").max(12),
  robots: z.array(side).max(12).default([]),
  /** Seats reserved for bot accounts (issue 23): the bot joins its side through the API like anyone. */
  bots: z.array(z.strictObject({ side, player: botPlayer })).max(12).default([]),
  /** Hours for a phase of decisions inside a turn (PhaseInfo.deadline "decision"); absent: ordersHours. */
  decisionHours: decisionHours.optional(),
  /** The ruleset's own options (Ruleset.options: variants, house rules); the ruleset judges them. */
  rules: z
    .record(keyText(1, 40), z.unknown())
    .refine((r) => Object.keys(r).length <= 20 && JSON.stringify(r).length <= 4000, "At most 20 game options, 4000 characters in all")
    .default({}),
});

export const playRouter = router({
  /** The games the lobby offers and their scenarios. */
  games: protectedProcedure.query(() => offeredGames()),
  /**
   * Which ruleset a game is played by, and whether it is played a phase at a time through play.*
   * (`phased`; false: a classic 1942 game, game.* and orders.*): the game page picks its screen by it.
   */
  kind: protectedProcedure.input(z.object({ gameId })).query(async ({ ctx, input }) => {
    const game = await loadGame(ctx.db, input.gameId);
    if (!game) throw notFound("That game");
    return { ruleset: game.ruleset, scenario: game.scenario, phased: !classicGame(game) };
  }),
  create: protectedProcedure.input(rulesetChallenge).mutation(({ ctx, input }) =>
    createRulesetChallenge(ctx.db, ctx.user.id, {
      name: input.name,
      ruleset: input.ruleset,
      scenario: input.scenario,
      seats: input.seats,
      mine: input.mine,
      robots: input.robots,
      bots: input.bots,
      options: gameOptionsOf(input, {
        decisionHours: input.decisionHours ?? input.ordersHours,
        robots: input.robots.length > 0,
        ...(Object.keys(input.rules).length > 0 ? { rules: input.rules } : {}),
      }),
    }),
  ),
  /**
   * The public API's POST /challenges: a 1942 challenge in game.create's body (the one programs
   * written against the API send), made by the same service as play.create, played a phase at a time.
   */
  create1942: protectedProcedure
    .input(apiChallenge1942)
    .output(gameCreatedOutput)
    .mutation(({ ctx, input }) => createRulesetChallenge(ctx.db, ctx.user.id, rulesetChallengeOf(input))),
  join: protectedProcedure.input(gameSide).mutation(({ ctx, input }) => joinGame(ctx.db, ctx.user.id, input.gameId, input.side as never)),
  /** The game as the caller may see it: `side` picks which of the caller's sides looks (default: the first). */
  get: protectedProcedure.input(z.object({ gameId, side: side.optional() })).query(({ ctx, input }) => rulesetGameView(ctx.db, ctx.user.id, input.gameId, input.side)),
  // A player's save and lock end their running vacation (issue 22) in the service's own call, as
  // orders.save and orders.lock do, instead of the endsVacation middleware's round trip after it.
  save: protectedProcedure
    // `phase`: the id of the phase these orders are for; refused (409) when another phase is in play.
    .input(gameSide.extend({ orders: z.unknown(), phase: side.optional() }))
    .mutation(({ ctx, input }) => saveBatch(ctx.db, ctx.user.id, input.gameId, input.side, input.orders, input.phase, { endsVacation: true })),
  lock: protectedProcedure.input(gameSide).mutation(({ ctx, input }) => lockSide(ctx.db, ctx.user.id, input.gameId, input.side, { endsVacation: true })),
  unlock: protectedProcedure.input(gameSide).mutation(({ ctx, input }) => unlockSide(ctx.db, ctx.user.id, input.gameId, input.side)),
  /** The side's standing settings (Ruleset.standing: 1942's casualty order), read by its player alone. */
  standing: protectedProcedure.input(gameSide).query(({ ctx, input }) => readStanding(ctx.db, ctx.user.id, input.gameId, input.side)),
  /** Kept from turn to turn; the ruleset checks them (400 naming the problem) and applies them when a phase closes. */
  setStanding: protectedProcedure
    .input(gameSide.extend({ value: z.unknown() }))
    .mutation(({ ctx, input }) => setStanding(ctx.db, ctx.user.id, input.gameId, input.side, input.value)),
  /**
   * A question of the side's player to its game's rules (Ruleset.queries: 1942's "destinations" and
   * "placements"), answered from the open phase's state; the ruleset checks the question's shape.
   */
  ask: protectedProcedure
    .input(gameSide.extend({ name: keyText(1, 40), question: z.unknown() }))
    .query(({ ctx, input }) => askAsSide(ctx.db, ctx.user.id, input.gameId, input.side, input.name, input.question)),
  /** The creator stops the game's clock and starts it again, as game.pause and game.resume (R3.1): deadlines keep their remaining time. */
  pause: protectedProcedure.input(z.object({ gameId })).mutation(({ ctx, input }) => pauseGame(ctx.db, ctx.user.id, input.gameId, "play")),
  resume: protectedProcedure.input(z.object({ gameId })).mutation(({ ctx, input }) => resumeGame(ctx.db, ctx.user.id, input.gameId, "play")),
  /** The player leaves: a robot plays the side from now on (as R3.2 for 1942). */
  leave: protectedProcedure.input(gameSide).mutation(({ ctx, input }) => leaveSide(ctx.db, ctx.user.id, input.gameId, input.side)),
  /** Take a side back from the robot that took it over after missed deadlines. */
  reclaim: protectedProcedure.input(gameSide).mutation(({ ctx, input }) => reclaimSide(ctx.db, ctx.user.id, input.gameId, input.side)),
  history: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => rulesetHistory(ctx.db, ctx.user.id, input.gameId)),
  review: protectedProcedure
    // boards: false leaves out the turn's start and end views, for a page that tells the turn from its report;
    // gameReports: true adds every turn's whole report up to this one, for a review that prices luck over the game.
    .input(z.object({ gameId, turn: int4(1), side: side.optional(), boards: z.boolean().optional(), gameReports: z.boolean().optional() }))
    .query(({ ctx, input }) => rulesetTurnReview(ctx.db, ctx.user.id, input.gameId, input.turn, input.side, { boards: input.boards, gameReports: input.gameReports })),
  /** One turn's whole report as the viewer may see it, once its every phase resolved (a game page's last turn). */
  turnReport: protectedProcedure
    .input(z.object({ gameId, turn: int4(1), side: side.optional() }))
    .query(({ ctx, input }) => rulesetTurnReport(ctx.db, ctx.user.id, input.gameId, input.turn, input.side)),
  download: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => rulesetDownload(ctx.db, ctx.user.id, input.gameId)),
  /** Replay every resolved turn and check its dice commitment; players only, like game.verify. */
  verify: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => verifyGameFor(ctx.db, ctx.user.id, input.gameId)),
});
