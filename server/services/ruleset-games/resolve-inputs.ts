// What resolving a phase of a game played a phase at a time reads besides its phase and game, in one
// statement (json aggregates: one row whatever the number of seats): the seats (robots, whom to
// tell), each side's saved batch, the sides' standing settings (Ruleset.standing), and how each
// seated player is told a turn's end (notify's audience). Inside the adjudication's transaction every
// round trip holds the phase's row lock; four reads were four round trips.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, seats, standings } from "../../../db/schema";
import { seatedAudienceColumns, type Audience } from "../notify";

export interface ResolveInputs {
  seated: { side: string; robot: boolean; userId: string | null }[];
  /** Each side's saved batch (position 0), by side. */
  batches: Record<string, unknown>;
  /** The game's standing settings, by side (only the ruleset's own sides ever have any). */
  standings: { side: string; value: unknown }[];
  /** Who of the seated players is told a turn's end how: a turn's notes need no read of their own. */
  audience: Audience;
}

interface Row extends Audience {
  seated: ResolveInputs["seated"];
  batches: { side: string; batch: unknown }[];
  standings: ResolveInputs["standings"];
}

/** `write`: a write of the caller's sent in the same statement (a CTE: the worker's job completion). */
export async function resolveInputs(tx: Db, gameId: number, phaseId: number, write?: SQL): Promise<ResolveInputs> {
  const result = (await tx.execute(sql`${write ? sql`with written as (${write}) ` : sql``}select
      coalesce((select json_agg(json_build_object('side', s.nation, 'robot', s.robot, 'userId', s.user_id) order by s.nation) from ${seats} s where s.game_id = ${gameId}), '[]'::json) as seated,
      coalesce((select json_agg(json_build_object('side', o.nation, 'batch', o."order") order by o.nation) from ${orders} o where o.phase_id = ${phaseId} and o.position = 0), '[]'::json) as batches,
      coalesce((select json_agg(json_build_object('side', t.side, 'value', t.value) order by t.side) from ${standings} t where t.game_id = ${gameId}), '[]'::json) as standings,
      ${seatedAudienceColumns(gameId)}`)) as unknown as Row[] | { rows: Row[] };
  const row = (Array.isArray(result) ? result : result.rows)[0]!;
  const { quiet, unread, settings, subscribed, hooks } = row;
  return {
    seated: row.seated,
    batches: Object.fromEntries(row.batches.map((b) => [b.side, b.batch])),
    standings: row.standings,
    audience: { quiet, unread, settings, subscribed, hooks },
  };
}
