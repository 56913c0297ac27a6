// The public API's 1942 challenge (POST /challenges) as play.create's input: the body programs have
// always sent (game.create's) carried field by field onto a challenge of the 1942 ruleset, so a bot
// gets the same game, played a phase at a time, as a player in the lobby (app/lobby/challenge-1942.ts).
import type { z } from "zod";
import type { RulesetChallengeInput } from "../services/ruleset-games/create";
import { gameOptionsOf } from "./platform-options";
import { nation, type apiChallenge1942 } from "./schemas";

export type ApiChallenge1942 = z.output<typeof apiChallenge1942>;

export function rulesetChallengeOf(input: ApiChallenge1942): RulesetChallengeInput {
  // House rules all off are no house rules: the game stores none, as the lobby's form does.
  const houseRules = input.houseRules && Object.values(input.houseRules).some(Boolean) ? { houseRules: input.houseRules } : {};
  return {
    name: input.name,
    ruleset: "1942",
    scenario: input.scenario,
    // Every nation has a seat: the ones not named stay open for others to join, as they did.
    seats: nation.options.length,
    mine: input.nations,
    robots: input.robots,
    bots: input.bots.map((b) => ({ side: b.nation, player: b.player })),
    options: gameOptionsOf(input, { decisionHours: input.decisionHours, robots: input.robots.length > 0, rules: { lowLuck: input.lowLuck, ...houseRules } }),
  };
}
