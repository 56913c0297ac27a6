// A side's screen asks its game's rules a question about the state it gives orders in (Ruleset.queries:
// in 1942, where a group may move and where a unit may be placed). The platform finds the game's
// ruleset and the open phase's state and passes the question on: it answers without knowing the rule,
// and the screen never guesses one.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games } from "../../../db/schema";
import { getRuleset } from "../../rulesets";
import { notFound, ServiceError } from "../errors";
import { openPhaseStartState } from "../start-state";

/**
 * The answer of `side`'s ruleset to one of its questions. The caller has checked that its user plays
 * `side` and the question's shape; `Answer` is the shape its procedure's output schema checks.
 */
export async function askRules<Answer>(db: Db, gameId: number, side: string, name: string, question: unknown): Promise<Answer> {
  const [game] = await db.select({ ruleset: games.ruleset }).from(games).where(eq(games.id, gameId));
  if (!game) throw notFound("This game");
  const ruleset = getRuleset(game.ruleset);
  const ask = ruleset?.queries?.[name];
  if (!ask) throw new ServiceError("BAD_REQUEST", `${ruleset?.name ?? game.ruleset} answers no question "${name}"`);
  return ask(await openPhaseStartState(db, gameId), side, question) as Answer;
}
