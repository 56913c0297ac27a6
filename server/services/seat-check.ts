// Whether a user plays a side of a game: the authorization of every order, decision and press call.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { seats, type SeatSide } from "../../db/schema";

/** Does this user play this side in this game (any ruleset)? */
export async function playsNation(db: Db, userId: string, gameId: number, side: SeatSide): Promise<boolean> {
  const rows = await db
    .select({ nation: seats.nation })
    .from(seats)
    .where(and(eq(seats.gameId, gameId), eq(seats.nation, side), eq(seats.userId, userId)));
  return rows.length > 0;
}

/**
 * Whether the user plays this nation in a classic 1942 game (plays_1942_nation, drizzle/0021): the seat
 * check of the 1942-only procedures, which a 1942 game played a phase at a time (play.*) fails too.
 */
export async function playsClassicNation(db: Db, userId: string, gameId: number, nation: SeatSide): Promise<boolean> {
  const { rows } = (await db.execute(sql`select plays_1942_nation(${gameId}, ${nation}, ${userId}) as plays`)) as unknown as { rows: { plays: boolean }[] };
  return rows[0]!.plays;
}
