// A side's screen asks its game's rules a question about the state it gives orders in (Ruleset.queries:
// in 1942, where a group may move and where a unit may be placed). The platform finds the game's
// ruleset and the open phase's state and passes the question on: it answers without knowing the rule,
// and the screen never guesses one. docs/platform.md "Questions to the rules".
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games } from "../../../db/schema";
import { getRuleset, type AnyRuleset } from "../../rulesets";
import { notFound, notYours, ServiceError } from "../errors";
import { openPhaseStartState } from "../start-state";
import { checkQuestionText } from "./batch-text";
import { playsSide } from "./play";
import { rulesetGame } from "./rulesets";

/** A question larger than this is refused before the ruleset reads it (a draft's worth of orders fits). */
export const MAX_QUESTION_BYTES = 64 * 1024;

function queryOf(ruleset: AnyRuleset | undefined, rulesetId: string, name: string) {
  const query = Object.hasOwn(ruleset?.queries ?? {}, name) ? ruleset!.queries![name] : undefined;
  if (!query) throw new ServiceError("BAD_REQUEST", `${ruleset?.name ?? rulesetId} answers no question "${name}"`);
  return query;
}

/**
 * The answer of `side`'s ruleset to one of its questions. The caller has checked that its user plays
 * `side` and the question's shape (orders.destinations' zod schema); `Answer` is the shape its
 * procedure's output schema checks.
 */
export async function askRules<Answer>(db: Db, gameId: number, side: string, name: string, question: unknown): Promise<Answer> {
  const [game] = await db.select({ ruleset: games.ruleset }).from(games).where(eq(games.id, gameId));
  if (!game) throw notFound("This game");
  const query = queryOf(getRuleset(game.ruleset), game.ruleset, name);
  return query.answer(await openPhaseStartState(db, gameId), side, question) as Answer;
}

/**
 * play.ask: a question from the player of `side` in a game played a phase at a time, as unknown JSON.
 * The seat is checked as play.save checks it; the texts are held to the text policy, then the
 * ruleset's own check of the question's shape (Query.check) decides: a refusal is a 400 naming the
 * question and the field, as is a ruleset that throws on a question it passed (the input was wrong,
 * whatever the ruleset's manners).
 */
export async function askAsSide(db: Db, userId: string, gameId: number, side: string, name: string, question: unknown): Promise<unknown> {
  const { game, ruleset } = await rulesetGame(db, gameId);
  if (!(await playsSide(db, userId, gameId, side))) throw notYours(side);
  const query = queryOf(ruleset, game.ruleset, name);
  if (question === undefined) throw new ServiceError("BAD_REQUEST", `The question "${name}" is missing`);
  if (JSON.stringify(question).length > MAX_QUESTION_BYTES) throw new ServiceError("BAD_REQUEST", `A question is at most ${MAX_QUESTION_BYTES / 1024} KB of JSON`);
  checkQuestionText(question);
  const checked = query.check(question);
  if (!checked.ok) throw new ServiceError("BAD_REQUEST", `${ruleset.name} cannot read the question "${name}": ${checked.message}`);
  const state = await openPhaseStartState(db, gameId);
  try {
    return query.answer(state, side, checked.question);
  } catch {
    throw new ServiceError("BAD_REQUEST", `${ruleset.name} cannot answer the question "${name}" as it was put`);
  }
}
