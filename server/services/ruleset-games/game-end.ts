// The state a game's last resolved row ends in. No phase row follows it to hold that state as its
// start, so it is the row replayed (replayRow); a 1942 row replays its whole turn with the decisions
// it recorded, which takes long. A resolved row never changes, so each process replays it once per
// database and keeps the end for the game's view and its last turn's review, read again and again.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { oncePerDb } from "../../../db/once-per-db";
import { phases } from "../../../db/schema";
import type { AnyRuleset } from "../../rulesets";
import { notFound } from "../errors";
import { Recent } from "../recent";
import { replayRow, type StoredRow } from "./resolve";
import type { Game } from "./rulesets";

/** Each database's last 64 ends (finished games read at once fit many times over), keyed by the row's id and seed hash: a resolved row is immutable. */
const endsOf = oncePerDb(() => new Recent<string, unknown>(64));

/**
 * The end state of a resolved row with no row after it: replayed from `stored` (or the row as read)
 * the first time, kept after. Call it for a resolved row only: an open one's orders may still change.
 */
export async function lastRowEnd(db: Db, ruleset: AnyRuleset, game: Pick<Game, "ruleset" | "scenario" | "options">, row: { id: number; seedHash: string }, stored?: StoredRow): Promise<unknown> {
  const ends = endsOf(db);
  const key = `${row.id}:${row.seedHash}`;
  let end = ends.get(key);
  if (end === undefined) {
    const full = stored ?? (await db.select().from(phases).where(eq(phases.id, row.id)))[0];
    if (!full) throw notFound("This phase");
    end = replayRow(ruleset, game, full).state;
  }
  return ends.keep(key, end);
}
