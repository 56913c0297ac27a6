// What an adjudication reads besides its phase and game, in one statement (json aggregates: one row
// whatever the number of seats and orders): the seats (robots, R3.2, and whom to tell), the saved
// orders (R3.1: unlocked at a deadline → as saved), the battles players left to their preference,
// and how each seated player is told a turn's end (notify's audience).
// Inside the adjudication's transaction every round trip holds the phase's row lock.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { battlePreferences, orders, seats, type SeatSide } from "../../db/schema";
import type { PreferenceRow } from "./preference-decider";
import { seatedAudienceColumns, type Audience } from "./notify";
import { CLASSIC, scenarioSides } from "./ruleset-games/rulesets";

type Order = (typeof orders.$inferSelect)["order"];

export interface Seated {
  nation: SeatSide;
  robot: boolean;
  userId: string | null;
}

export interface AdjudicationInputs {
  seated: Seated[];
  /** Each nation's saved list, in its saved order (nations without orders absent). */
  orderLists: Partial<Record<SeatSide, Order[]>>;
  /** Human players' preferences that decide some battles of this phase. */
  preferences: PreferenceRow[];
  /** Who of the seated players is told a turn's end how (notify's read, done here: a round trip fewer). */
  audience: Audience;
}

interface Row extends Audience {
  seated: Seated[];
  orders: { nation: SeatSide; order: Order }[];
  preferences: PreferenceRow[];
}

/**
 * `withOrders` false: the seats alone (post-combat ends a turn with the orders stored on the phase).
 * `write`: a write of the caller's sent in the same statement (a CTE; the worker's job completion).
 */
export async function adjudicationInputs(tx: Db, gameId: number, phaseId: number, withOrders: boolean, write?: SQL): Promise<AdjudicationInputs> {
  const none = sql`'[]'::json`;
  const orderRows = withOrders
    ? sql`(select json_agg(json_build_object('nation', o.nation, 'order', o."order") order by o.nation, o.position) from ${orders} o where o.phase_id = ${phaseId})`
    : none;
  const preferenceRows = withOrders
    ? sql`(select json_agg(json_build_object('nation', s.nation, 'casualties', b.casualties, 'autoBattles', b.auto_battles))
        from ${battlePreferences} b join ${seats} s on s.game_id = b.game_id and s.user_id = b.user_id
        where b.game_id = ${gameId} and b.auto_phase_id = ${phaseId} and not s.robot)`
    : none;
  const result = (await tx.execute(sql`${write ? sql`with written as (${write}) ` : sql``}select
      coalesce((select json_agg(json_build_object('nation', s.nation, 'robot', s.robot, 'userId', s.user_id) order by s.nation) from ${seats} s where s.game_id = ${gameId}), '[]'::json) as seated,
      coalesce(${orderRows}, '[]'::json) as orders,
      coalesce(${preferenceRows}, '[]'::json) as preferences,
      ${seatedAudienceColumns(gameId)}`)) as unknown as Row[] | { rows: Row[] };
  const row = (Array.isArray(result) ? result : result.rows)[0]!;
  // In the scenario's seating order (R1.1's order of play for 1942), as the engine has always had them.
  const orderLists: Partial<Record<SeatSide, Order[]>> = {};
  for (const nation of scenarioSides({ ruleset: CLASSIC, scenario: null }) as SeatSide[]) {
    const list = row.orders.filter((r) => r.nation === nation).map((r) => r.order);
    if (list.length > 0) orderLists[nation] = list;
  }
  const { quiet, unread, settings, subscribed, hooks } = row;
  return { seated: row.seated, orderLists, preferences: row.preferences, audience: { quiet, unread, settings, subscribed, hooks } };
}
