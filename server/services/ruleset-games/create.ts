// A challenge of any ruleset, 1942 included: the game, its scenario, one seat per side the challenger
// chose to seat, the challenger's and the robots' seats taken, invited bots' seats reserved for them
// (bots.ts). It starts when the last seat is filled (games.ts startIfFull, shared with 1942), joins go through games.ts joinGame.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, seats, type GameOptions, type SeatSide } from "../../../db/schema";
import { resolveBotInvites } from "../bots";
import { conflict, ServiceError } from "../errors";
import { publish } from "../events";
import { activeGames, MAX_ACTIVE_GAMES, startIfFull } from "../games";
import { publicChannel } from "../press/access";
import { ratedProblem, seatingProblem } from "../seating";
import { lockUser } from "../user-lock";
import { refuseUnknownOptions, rulesetOf, scenarioOf } from "./rulesets";
import { setupOptions } from "./setup";

export interface RulesetChallengeInput {
  name: string;
  ruleset: string;
  scenario: string;
  /** How many of the scenario's sides are seated (the first ones, in its order). */
  seats: number;
  /** Sides the challenger plays, and sides given to robots; the rest stay open. */
  mine: string[];
  robots: string[];
  /** Sides reserved for bot accounts (issue 23): each bot joins its side through the API (games.ts joinGame). */
  bots?: { side: string; player: string }[];
  /** The platform's options, and in `rules` the ruleset's own (Ruleset.options). */
  options: GameOptions;
}

/** The seated sides, or the refusal naming what is wrong with the choice. */
function seatedSides(input: RulesetChallengeInput): string[] {
  const ruleset = rulesetOf(input.ruleset);
  const scenario = scenarioOf(ruleset, input.scenario);
  if (input.seats < scenario.minSides || input.seats > scenario.sides.length)
    throw new ServiceError("BAD_REQUEST", `${scenario.name} seats ${scenario.minSides === scenario.sides.length ? scenario.minSides : `${scenario.minSides} to ${scenario.sides.length}`} sides`);
  const sides = scenario.sides.slice(0, input.seats);
  const seating = { mine: input.mine, robots: input.robots, bots: (input.bots ?? []).map((b) => b.side) };
  for (const side of [...seating.mine, ...seating.robots, ...seating.bots])
    if (!sides.includes(side)) throw new ServiceError("BAD_REQUEST", `${side} is not a seated side of ${scenario.name}: one of ${sides.join(", ")}`);
  // The same refusals as a classic 1942 challenge's (seating.ts): no side twice, a rated game played fairly.
  const problem = seatingProblem(seating) ?? ratedProblem(input, seating, input.options);
  if (problem) throw new ServiceError("BAD_REQUEST", problem);
  refuseUnknownOptions(ruleset, input.options.rules ?? {});
  // The scenario must set up for these sides and options (the ruleset judges their values) before
  // anyone is seated: a refusal now, never at the start.
  const trial = ruleset.setup(input.scenario, setupOptions(input, sides), "trial");
  if (!trial.ok) throw new ServiceError("BAD_REQUEST", trial.message);
  return sides;
}

export async function createRulesetChallenge(db: Db, userId: string, input: RulesetChallengeInput): Promise<{ gameId: number; started: boolean }> {
  const sides = seatedSides(input);
  const mine = new Set(input.mine);
  const robots = new Set(input.robots);
  // The bots by name, as game.create's are (bots.ts): a refusal names the player that is no bot.
  const invited = await resolveBotInvites(db, (input.bots ?? []).map((b) => ({ nation: b.side as SeatSide, player: b.player })));
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if ((await activeGames(tx, userId)) >= MAX_ACTIVE_GAMES) throw conflict(`You are already in ${MAX_ACTIVE_GAMES} active games, the most one player may be in`);
    const [game] = await tx
      .insert(games)
      // The scenario is always stored: it is what makes a 1942 game one played a row per phase (classicGame).
      .values({ name: input.name, createdBy: userId, options: { ...input.options, robots: robots.size > 0 }, ruleset: input.ruleset, scenario: input.scenario })
      .returning();
    await tx.insert(seats).values(
      sides.map((side) => ({
        gameId: game!.id,
        nation: side as never,
        userId: mine.has(side) ? userId : null,
        robot: robots.has(side),
        reservedFor: invited.get(side as SeatSide) ?? null,
        joinedAt: mine.has(side) ? sql`now()` : null,
      })),
    );
    if ((input.options.press ?? "full") !== "none") await publicChannel(tx, game!.id);
    await publish(tx, { gameId: game!.id, kind: "game-created" });
    return { gameId: game!.id, started: await startIfFull(tx, game!.id) };
  });
}
