// The platform's only road to a game's rules: the registry (server/rulesets). Looks a game's ruleset
// up by the id stored with it, and refuses, with a 4xx naming the problem, a game of the wrong kind.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games } from "../../../db/schema";
import { getRuleset, rulesetIds, teamOfSide, teamsOf, type AnyRuleset, type ScenarioInfo, type TeamInfo } from "../../rulesets";
import { notFound, ServiceError } from "../errors";

export type Game = typeof games.$inferSelect;

/** The 1942 game keeps its own services (its battles and post-combat wait for players there). */
export const CLASSIC = "1942";

/**
 * Whether a game is played by its ruleset's own services, a row a whole turn (docs/platform.md): a
 * 1942 game as game.create stores it, without a scenario. A game created through play.create always
 * names its scenario and is played by the generic services a row per phase, whatever its ruleset — a
 * 1942 game too. The storage tells the two apart, never a rule.
 */
export const classicGame = (game: Pick<Game, "ruleset" | "scenario">): boolean => game.ruleset === CLASSIC && game.scenario === null;

export function rulesetOf(id: string): AnyRuleset {
  const ruleset = getRuleset(id);
  if (!ruleset) throw new ServiceError("BAD_REQUEST", `No game "${id}" is played here: one of ${rulesetIds().join(", ")}`);
  return ruleset;
}

export function scenarioOf(ruleset: AnyRuleset, id: string): ScenarioInfo {
  const scenario = ruleset.scenarios.find((s) => s.id === id);
  if (!scenario) throw new ServiceError("BAD_REQUEST", `${ruleset.name} has no scenario "${id}": one of ${ruleset.scenarios.map((s) => s.id).join(", ")}`);
  return scenario;
}

/** A challenge's ruleset options must be ones the ruleset takes (their values are its setup's to judge). */
export function refuseUnknownOptions(ruleset: AnyRuleset, rules: Record<string, unknown>): void {
  const known = (ruleset.options ?? []).map((o) => o.id);
  const unknown = Object.keys(rules).find((id) => !known.includes(id));
  if (unknown === undefined) return;
  throw new ServiceError("BAD_REQUEST", known.length === 0 ? `${ruleset.name} takes no options, not "${unknown}"` : `${ruleset.name} has no option "${unknown}": one of ${known.join(", ")}`);
}

/** A game's scenario as its ruleset lists it (a game stored without one, as 1942 games are, has the first). */
function scenarioInfo(game: Pick<Game, "ruleset" | "scenario">): ScenarioInfo | undefined {
  const ruleset = getRuleset(game.ruleset);
  return ruleset?.scenarios.find((s) => s.id === game.scenario) ?? ruleset?.scenarios[0];
}

/** The sides a game's scenario seats, in its seating order. Empty for an unknown ruleset. */
export function scenarioSides(game: Pick<Game, "ruleset" | "scenario">): readonly string[] {
  return scenarioInfo(game)?.sides ?? [];
}

/**
 * The teams of a game's scenario, each with its sides: the ruleset's, or every side its own team
 * (a free-for-all) when the scenario declares none. Empty for an unknown ruleset.
 */
export function scenarioTeams(game: Pick<Game, "ruleset" | "scenario">): readonly TeamInfo[] {
  const scenario = scenarioInfo(game);
  return scenario ? teamsOf(scenario) : [];
}

/** The name of the team a side of this game plays for (in a free-for-all, or unknown: the side's own). */
export function teamOfGameSide(game: Pick<Game, "ruleset" | "scenario">, side: string): string {
  const scenario = scenarioInfo(game);
  return scenario ? teamOfSide(scenario, side) : side;
}

/**
 * The team a side of this game plays for when its scenario declares teams (1942's Axis and Allies), for
 * a column beside the side; undefined in a free-for-all, where the team would only repeat the side.
 */
export function declaredTeamOf(game: Pick<Game, "ruleset" | "scenario">, side: string): string | undefined {
  const scenario = scenarioInfo(game);
  return scenario?.teams ? teamOfSide(scenario, side) : undefined;
}

/** Stored with each phase, so a replay knows which rules judged it. */
export const engineVersionOf = (ruleset: AnyRuleset) => `${ruleset.id} ${ruleset.version}`;

/** What the lobby offers: every game, its scenarios and the options a game of it may take, the 1942 game first. */
export function offeredGames() {
  return rulesetIds()
    .map(rulesetOf)
    .sort((a, b) => (a.id === CLASSIC ? -1 : b.id === CLASSIC ? 1 : a.name.localeCompare(b.name)))
    .map((r) => ({
      id: r.id,
      name: r.name,
      scenarios: r.scenarios.map((s) => ({ id: s.id, name: s.name, sides: [...s.sides], minSides: s.minSides })),
      options: (r.options ?? []).map((o) => ({ id: o.id, name: o.name, ...(o.kind ? { kind: o.kind } : {}) })),
    }));
}

/** A game played a row per phase, with its ruleset; a classic 1942 game is told to use its own procedures. */
export async function rulesetGame(db: Db, gameId: number): Promise<{ game: Game; ruleset: AnyRuleset }> {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  return { game: game!, ruleset: phasedRulesetOf(game) };
}

/** The ruleset of a game played a row per phase; refused: no game, or a classic 1942 game (rulesetGame's words). */
export function phasedRulesetOf(game: Pick<Game, "ruleset" | "scenario"> | undefined): AnyRuleset {
  if (!game) throw notFound("That game");
  if (classicGame(game)) throw new ServiceError("BAD_REQUEST", "This is a 1942 game: it is played through game.get and orders.*");
  return rulesetOf(game.ruleset);
}

/**
 * A game of any ruleset, 1942 included, with its ruleset: for the reads every ruleset shares (the
 * history), which ask the ruleset what a turn's orders and report are and nothing of its rules.
 */
export async function anyRulesetGame(db: Db, gameId: number): Promise<{ game: Game; ruleset: AnyRuleset }> {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  if (!game) throw notFound("That game");
  return { game, ruleset: rulesetOf(game.ruleset) };
}

/**
 * Whether the game's phase rows each hold a whole turn: a classic 1942 game (classicGame) is played by
 * its own services (docs/platform.md), which store a turn, battles and post-combat included, in its
 * orders row.
 */
export const wholeTurnRows = (game: Pick<Game, "ruleset" | "scenario">): boolean => classicGame(game);

/**
 * The refusal a 1942-only procedure gives for any game but a classic 1942 one (never a crash on its
 * state). `lead` says what the game is; the public API's handler names, after it, the play route to use
 * instead of the route called (routes.ts `playInstead`).
 */
export class NotClassicError extends ServiceError {
  constructor(readonly lead: string) {
    super("BAD_REQUEST", `${lead}: use play.* (/api/v1/play/...)`);
  }
}

export function notClassic(game: Pick<Game, "ruleset" | "scenario">): NotClassicError {
  if (game.ruleset === CLASSIC) return new NotClassicError("This 1942 game is played a phase at a time");
  const name = getRuleset(game.ruleset)?.name ?? game.ruleset;
  return new NotClassicError(`This game is ${name}, not 1942`);
}

/** Throws notClassic unless the game is a classic 1942 game (missing games pass: the caller says "not found"). */
export async function requireClassic(db: Db, gameId: number): Promise<void> {
  const [game] = await db.select({ ruleset: games.ruleset, scenario: games.scenario }).from(games).where(eq(games.id, gameId));
  if (game && !classicGame(game)) throw notClassic(game);
}
