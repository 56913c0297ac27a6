// The lobby: open challenges anyone may join, and the games a user plays.
import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, seats, users } from "../../db/schema";
import { NATIONS } from "../engine";
import type { LobbyGame } from "./games";
import { shownPlayerName } from "./player-names";

async function describe(db: Db, userId: string, rows: (typeof games.$inferSelect)[]): Promise<LobbyGame[]> {
  if (rows.length === 0) return [];
  const seatRows = await db
    .select({ gameId: seats.gameId, nation: seats.nation, robot: seats.robot, userId: seats.userId, name: users.name })
    .from(seats)
    .leftJoin(users, eq(users.id, seats.userId))
    .where(inArray(seats.gameId, rows.map((g) => g.id)));
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    status: g.status,
    options: g.options,
    seats: NATIONS.map((nation) => {
      const s = seatRows.find((r) => r.gameId === g.id && r.nation === nation)!;
      return { nation, robot: s.robot, player: s.userId ? shownPlayerName({ id: s.userId, name: s.name }, g, s.userId === userId) : null, mine: s.userId === userId };
    }),
  }));
}

export async function listLobby(db: Db, userId: string): Promise<{ open: LobbyGame[]; mine: LobbyGame[] }> {
  const open = await db.select().from(games).where(eq(games.status, "open")).orderBy(desc(games.createdAt)).limit(50);
  const myIds = await db.selectDistinct({ gameId: seats.gameId }).from(seats).where(eq(seats.userId, userId));
  const mine = myIds.length
    ? await db.select().from(games).where(inArray(games.id, myIds.map((r) => r.gameId))).orderBy(desc(games.createdAt))
    : [];
  return { open: await describe(db, userId, open), mine: await describe(db, userId, mine) };
}
