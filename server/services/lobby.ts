// The lobby: open challenges anyone may join, the games a user plays, and running games to watch.
import { and, desc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, locks, postCombatOrders, seats, users, type SeatSide } from "../../db/schema";
import type { LobbyGame, LobbyTurn } from "./games";
import { currentPhase } from "./phases";
import { figuresByRuleset, namedPlayer, playerFigures, type PlayerFigures } from "./player-figures";
import { RULESET } from "./ratings";
import { shownPlayerName } from "./player-names";
import { getRuleset } from "../rulesets";
import { scenarioSides } from "./ruleset-games/rulesets";
import { decidesIn, sidesToAct, waitsFor } from "./ruleset-games/acting";
import { displayName } from "./display-name";
import { gameRules } from "./ruleset-games/rules";

async function describe(db: Db, userId: string, rows: (typeof games.$inferSelect)[]): Promise<LobbyGame[]> {
  if (rows.length === 0) return [];
  const seatRows = await db
    .select({ gameId: seats.gameId, nation: seats.nation, robot: seats.robot, userId: seats.userId, name: users.name, reservedFor: seats.reservedFor })
    .from(seats)
    .leftJoin(users, eq(users.id, seats.userId))
    .where(inArray(seats.gameId, rows.map((g) => g.id)));
  // Each game's seats show the ratings of that game's ruleset (a player rated in two shows each in its own).
  const rulesetOfGame = new Map(rows.map((g) => [g.id, g.ruleset]));
  const figures = await figuresByRuleset(db, seatRows.flatMap((r) => (r.userId ? [{ userId: r.userId, ruleset: rulesetOfGame.get(r.gameId)! }] : [])));
  // Seats still waiting for an invited bot show its name: the challenge's creator chose it in public.
  const reservedIds = [...new Set(seatRows.flatMap((r) => (r.reservedFor && !r.userId ? [r.reservedFor] : [])))];
  const reservedNames = new Map(
    reservedIds.length ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, reservedIds))).map((u) => [u.id, displayName(u)]) : [],
  );
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    status: g.status,
    // The game's own options (its ruleset's: 1942's low luck and house rules), read as every service
    // reads them (gameRules: old 1942 games keep them at the top), beside the platform's for the
    // lobby's options line; a platform option wins a clash, so no ruleset option poses as one.
    options: { ...gameRules(g.options), ...g.options },
    ...gameKind(g),
    seats: sideOrder(g, seatRows.filter((r) => r.gameId === g.id).map((r) => r.nation)).map((nation) => {
      const s = seatRows.find((r) => r.gameId === g.id && r.nation === nation)!;
      const named = s.userId ? namedPlayer(g, s.userId === userId) : false;
      return {
        nation,
        robot: s.robot,
        player: s.userId ? shownPlayerName({ id: s.userId, name: s.name }, g, s.userId === userId) : null,
        mine: s.userId === userId,
        // An anonymous game hides who plays (issue 14), so also the figures that would tell it.
        ...(named && s.userId ? { playerId: s.userId, ...figures.get(g.ruleset)!.get(s.userId)! } : {}),
        ...(s.reservedFor && !s.userId ? { reservedFor: reservedNames.get(s.reservedFor) } : {}),
      };
    }),
  }));
}

/** Which game a listed game is: its ruleset and scenario, by id and by name. */
function gameKind(g: typeof games.$inferSelect): Pick<LobbyGame, "ruleset" | "rulesetName" | "scenario" | "scenarioName"> {
  const ruleset = getRuleset(g.ruleset);
  const scenario = ruleset?.scenarios.find((s) => s.id === g.scenario);
  return { ruleset: g.ruleset, rulesetName: ruleset?.name ?? g.ruleset, scenario: g.scenario, scenarioName: scenario?.name ?? g.scenario };
}

/** A game's seats in its scenario's seating order (the five nations in 1942's). */
function sideOrder(g: typeof games.$inferSelect, seated: SeatSide[]): SeatSide[] {
  const order = scenarioSides(g);
  return [...seated].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** How many running games the lobby offers to watch, the most recently started first. */
export const WATCH_LISTED = 20;

export async function listLobby(db: Db, userId: string): Promise<{ open: LobbyGame[]; mine: LobbyGame[]; watch: LobbyGame[]; me: PlayerFigures & { userId: string } }> {
  const open = await db.select().from(games).where(and(eq(games.status, "open"), eq(games.sandbox, false))).orderBy(desc(games.createdAt)).limit(50);
  // A sandbox (issue 24) is nobody's listed game: its owner finds it under their sandboxes.
  const myIds = await db
    .selectDistinct({ gameId: seats.gameId })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, userId), eq(games.sandbox, false)));
  const mine = myIds.length
    ? await db.select().from(games).where(inArray(games.id, myIds.map((r) => r.gameId))).orderBy(desc(games.createdAt))
    : [];
  const described = await describe(db, userId, mine);
  for (const g of described) {
    if (g.status !== "active") continue;
    const turn = await turnOf(db, g.id, g, g.seats.filter((s) => s.mine && !s.robot).map((s) => s.nation));
    if (turn) g.turn = turn;
  }
  // The viewer's own figures over the lobby carry 1942's rating (the profile lists every game's).
  const me = { userId, ...(await playerFigures(db, [userId], RULESET)).get(userId)! };
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
    .where(and(eq(games.status, "active"), eq(games.sandbox, false), mineIds.length ? notInArray(games.id, mineIds) : undefined))
    .orderBy(desc(games.startedAt), desc(games.id))
    .limit(WATCH_LISTED);
  const described = await describe(db, userId, rows);
  for (const g of described) {
    const turn = await turnOf(db, g.id, g, []);
    if (turn) g.turn = turn;
  }
  return described;
}

/** The current turn of a game and what waits for the viewer, who plays `mine` (only the viewer's own facts). */
async function turnOf(db: Db, gameId: number, game: Pick<LobbyGame, "ruleset" | "scenario">, mine: SeatSide[]): Promise<LobbyTurn | null> {
  const phase = await currentPhase(db, gameId);
  if (!phase) return null;
  let needs: LobbyTurn["needs"] = null;
  // Only a side the ruleset names as acting needs orders: one with nothing to move is not nagged.
  const acting = phase.status === "open" ? mine.filter((n) => waitsFor(sidesToAct(game, phase.startState), n)) : [];
  if (acting.length > 0) {
    const locked = (await db.select({ nation: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id))).map((r) => r.nation);
    // A phase of decisions (a 1942 game's battles, played a row per phase) waits for a decision.
    if (acting.some((n) => !locked.includes(n))) needs = decidesIn(game, phase.startState) ? "decision" : "orders";
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
