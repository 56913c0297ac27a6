// The lobby: open challenges anyone may join, the games a user plays, and running games to watch.
import { and, desc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, locks, postCombatOrders, seats, users } from "../../db/schema";
import { NATIONS, type Nation } from "../engine";
import type { LobbyGame, LobbyTurn } from "./games";
import { currentPhase } from "./phases";
import { namedPlayer, playerFigures, type PlayerFigures } from "./player-figures";
import { shownPlayerName } from "./player-names";

async function describe(db: Db, userId: string, rows: (typeof games.$inferSelect)[]): Promise<LobbyGame[]> {
  if (rows.length === 0) return [];
  const seatRows = await db
    .select({ gameId: seats.gameId, nation: seats.nation, robot: seats.robot, userId: seats.userId, name: users.name })
    .from(seats)
    .leftJoin(users, eq(users.id, seats.userId))
    .where(inArray(seats.gameId, rows.map((g) => g.id)));
  const figures = await playerFigures(db, seatRows.flatMap((r) => (r.userId ? [r.userId] : [])));
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    status: g.status,
    options: g.options,
    seats: NATIONS.map((nation) => {
      const s = seatRows.find((r) => r.gameId === g.id && r.nation === nation)!;
      const named = s.userId ? namedPlayer(g, s.userId === userId) : false;
      return {
        nation,
        robot: s.robot,
        player: s.userId ? shownPlayerName({ id: s.userId, name: s.name }, g, s.userId === userId) : null,
        mine: s.userId === userId,
        // An anonymous game hides who plays (issue 14), so also the figures that would tell it.
        ...(named && s.userId ? { playerId: s.userId, ...figures.get(s.userId)! } : {}),
      };
    }),
  }));
}

/** How many running games the lobby offers to watch, the most recently started first. */
export const WATCH_LISTED = 20;

export async function listLobby(db: Db, userId: string): Promise<{ open: LobbyGame[]; mine: LobbyGame[]; watch: LobbyGame[]; me: PlayerFigures & { userId: string } }> {
  const open = await db.select().from(games).where(eq(games.status, "open")).orderBy(desc(games.createdAt)).limit(50);
  const myIds = await db.selectDistinct({ gameId: seats.gameId }).from(seats).where(eq(seats.userId, userId));
  const mine = myIds.length
    ? await db.select().from(games).where(inArray(games.id, myIds.map((r) => r.gameId))).orderBy(desc(games.createdAt))
    : [];
  const described = await describe(db, userId, mine);
  for (const g of described) {
    if (g.status !== "active") continue;
    const turn = await turnOf(db, g.id, g.seats.filter((s) => s.mine && !s.robot).map((s) => s.nation));
    if (turn) g.turn = turn;
  }
  const me = { userId, ...(await playerFigures(db, [userId])).get(userId)! };
  return { open: await describe(db, userId, open), mine: described, watch: await toWatch(db, userId, myIds.map((r) => r.gameId)), me };
}

/**
 * Active games the viewer plays no part in: any signed-in user may open a game as a spectator and sees
 * what every player sees in public (the board, the turn, who locked), so the list names only that.
 */
async function toWatch(db: Db, userId: string, mineIds: number[]): Promise<LobbyGame[]> {
  const rows = await db
    .select()
    .from(games)
    .where(mineIds.length ? and(eq(games.status, "active"), notInArray(games.id, mineIds)) : eq(games.status, "active"))
    .orderBy(desc(games.startedAt), desc(games.id))
    .limit(WATCH_LISTED);
  const described = await describe(db, userId, rows);
  for (const g of described) {
    const turn = await turnOf(db, g.id, []);
    if (turn) g.turn = turn;
  }
  return described;
}

/** The current turn of a game and what waits for the viewer, who plays `mine` (only the viewer's own facts). */
async function turnOf(db: Db, gameId: number, mine: Nation[]): Promise<LobbyTurn | null> {
  const phase = await currentPhase(db, gameId);
  if (!phase) return null;
  let needs: LobbyTurn["needs"] = null;
  if (phase.status === "open" && mine.length > 0) {
    const locked = (await db.select({ nation: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id))).map((r) => r.nation);
    if (mine.some((n) => !locked.includes(n))) needs = "orders";
  } else if (phase.status === "battles") {
    if (phase.pending?.requests.some((r) => mine.includes(r.chooser))) needs = "decision";
  } else if (phase.status === "post-combat" && mine.length > 0) {
    const open = await db
      .select({ nation: postCombatOrders.nation })
      .from(postCombatOrders)
      .where(and(eq(postCombatOrders.phaseId, phase.id), isNull(postCombatOrders.lockedAt), inArray(postCombatOrders.nation, mine)));
    if (open.length > 0) needs = "landing";
  }
  const deadline = phase.status === "open" ? phase.deadline : phase.decisionDeadline;
  return { number: phase.turn, status: phase.status, deadline: deadline ? deadline.toISOString() : null, needs };
}
