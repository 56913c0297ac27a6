// Challenges and seats: create a game, join a free nation, start when every nation has a player or a robot.
import { and, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, seats, type GameOptions, type SeatSide } from "../../db/schema";
import { conflict, forbidden, notFound, ServiceError } from "./errors";
import { publish } from "./events";
import { notify } from "./notify";
import { openPhase } from "./phases";
import { CLASSIC, classicGame, rulesetOf, scenarioSides, teamOfGameSide } from "./ruleset-games/rulesets";
import { setupOptions, startRulesetGame } from "./ruleset-games/setup";
import { refuseUnknownOptions } from "./ruleset-games/rulesets";
import { gameRules } from "./ruleset-games/rules";
import { lockUser } from "./user-lock";
import { publicChannel } from "./press/access";
import { finishedGameCounts, reliabilityFigures } from "./reliability";
import { resolveBotInvites, type BotInvite } from "./bots";
import { ratedProblem, seatingProblem } from "./seating";

/** A user is in at most this many open or active games. */
export const MAX_ACTIVE_GAMES = 5;

export interface ChallengeInput {
  name: string;
  /** Nations the challenger plays. */
  nations: SeatSide[];
  /** Nations given to robots; the rest stay open for others to join. */
  robots: SeatSide[];
  /** Seats reserved for bot accounts (issue 23): each bot joins its seat through the API. */
  bots?: BotInvite[];
  options: GameOptions;
}

export async function activeGames(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${seats.gameId})` })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, userId), inArray(games.status, ["open", "active"]), eq(games.sandbox, false)));
  return Number(row?.n ?? 0);
}

/** A 1942 game, as stored: its ruleset and no scenario (its one). */
const CLASSIC_GAME = { ruleset: CLASSIC, scenario: null };

/** A 1942 game's first state: its ruleset's setup with the game's rules (its own services play it). */
function classicSetup(options: GameOptions) {
  const ruleset = rulesetOf(CLASSIC);
  return ruleset.setup(ruleset.scenarios[0]!.id, setupOptions({ options: { ...options, rules: gameRules(options) } }, [...ruleset.scenarios[0]!.sides]), "");
}

function classicStart(options: GameOptions) {
  const start = classicSetup(options);
  if (!start.ok) throw new Error(`1942 setup refused: ${start.message}`);
  return start.state;
}

/** 1942's options are judged as every ruleset's are: known ones only, and a setup that takes them. */
function refuseClassicRules(options: GameOptions): void {
  refuseUnknownOptions(rulesetOf(CLASSIC), options.rules ?? {});
  const trial = classicSetup(options);
  if (!trial.ok) throw new ServiceError("BAD_REQUEST", trial.message);
}

export async function startIfFull(tx: Db, gameId: number): Promise<boolean> {
  const [free] = await tx
    .select({ n: count() })
    .from(seats)
    .where(and(eq(seats.gameId, gameId), isNull(seats.userId), eq(seats.robot, false)));
  if (Number(free?.n ?? 0) > 0) return false;
  const [game] = await tx
    .update(games)
    .set({ status: "active", startedAt: sql`now()` })
    .where(and(eq(games.id, gameId), eq(games.status, "open")))
    .returning();
  if (!game) return false;
  if (classicGame(game)) await openPhase(tx, gameId, 1, classicStart(game.options), game.options);
  else await startRulesetGame(tx, game);
  const players = await tx.selectDistinct({ userId: seats.userId }).from(seats).where(eq(seats.gameId, gameId));
  const humans = players.map((p) => p.userId).filter((id): id is string => id !== null);
  await notify(
    tx,
    humans.map((userId) => ({
      userId,
      gameId,
      kind: "game-started" as const,
      text: `${game.name} has started: turn 1 orders are open`,
      url: `/game/${gameId}`,
      eventKey: `game-started:${gameId}`,
      fact: { kind: "game-started" as const, gameId },
    })),
  );
  await publish(tx, { gameId, kind: "game-started", turn: 1 });
  return true;
}

/**
 * A joiner must meet the challenge's requirements (read inside the join's transaction, after the
 * user's and the game's locks) and, in a rated game, hold seats of one team only.
 */
async function checkJoiner(tx: Db, userId: string, game: typeof games.$inferSelect, nation: SeatSide, already: SeatSide[]): Promise<void> {
  const team = (side: string) => teamOfGameSide(game, side);
  if (game.options.rated && already.some((n) => team(n) !== team(nation)))
    throw conflict(`In a rated game one account holds seats of one team only: you play for the ${team(already[0]!)}`);
  const wanted = game.options.requirements;
  if (!wanted || game.createdBy === userId) return;
  if (wanted.minReliability !== undefined && wanted.minReliability > 0) {
    const figure = (await reliabilityFigures(tx, [userId])).get(userId) ?? null;
    if (figure === null) throw forbidden(`This challenge asks for reliability ${wanted.minReliability} or more: you have no record yet`);
    if (figure < wanted.minReliability) throw forbidden(`This challenge asks for reliability ${wanted.minReliability} or more; yours is ${figure}`);
  }
  if (wanted.minFinishedGames !== undefined && wanted.minFinishedGames > 0) {
    const finished = (await finishedGameCounts(tx, [userId])).get(userId) ?? 0;
    if (finished < wanted.minFinishedGames) throw forbidden(`This challenge asks for ${wanted.minFinishedGames} finished games or more; you have ${finished}`);
  }
}

export async function createChallenge(db: Db, userId: string, input: ChallengeInput): Promise<{ gameId: number; started: boolean }> {
  const mine = new Set(input.nations);
  const robots = new Set(input.robots);
  const seating = { mine: input.nations, robots: input.robots, bots: (input.bots ?? []).map((b) => b.nation) };
  const seated = seatingProblem(seating);
  if (seated) throw new ServiceError("BAD_REQUEST", seated);
  refuseClassicRules(input.options);
  const rated = ratedProblem(CLASSIC_GAME, seating, input.options);
  if (rated) throw new ServiceError("BAD_REQUEST", rated);
  const invited = await resolveBotInvites(db, input.bots ?? []);
  return db.transaction(async (tx) => {
    // Count and insert under the user's lock: parallel creates of one user queue here.
    await lockUser(tx, userId);
    if ((await activeGames(tx, userId)) >= MAX_ACTIVE_GAMES)
      throw conflict(`You are already in ${MAX_ACTIVE_GAMES} active games, the most one player may be in`);
    const [game] = await tx.insert(games).values({ name: input.name, createdBy: userId, options: input.options }).returning();
    await tx.insert(seats).values(
      (scenarioSides(CLASSIC_GAME) as SeatSide[]).map((nation) => ({
        gameId: game!.id,
        nation,
        userId: mine.has(nation) ? userId : null,
        robot: robots.has(nation),
        reservedFor: invited.get(nation) ?? null,
        joinedAt: mine.has(nation) ? sql`now()` : null,
      })),
    );
    if ((input.options.press ?? "full") !== "none") await publicChannel(tx, game!.id);
    await publish(tx, { gameId: game!.id, kind: "game-created" });
    const started = await startIfFull(tx, game!.id);
    return { gameId: game!.id, started };
  });
}

export async function joinGame(db: Db, userId: string, gameId: number, nation: SeatSide): Promise<{ started: boolean }> {
  return db.transaction(async (tx) => {
    // The user first (parallel joins and creates of one user count one after another), then the game.
    await lockUser(tx, userId);
    // Lock the game row: two players joining the last seat at once start the game once.
    const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
    if (!game) throw notFound("That game");
    if (game.status !== "open") throw conflict("This game has already started");
    const already = await tx.select({ nation: seats.nation }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.userId, userId)));
    if (already.length === 0 && (await activeGames(tx, userId)) >= MAX_ACTIVE_GAMES)
      throw conflict(`You are already in ${MAX_ACTIVE_GAMES} active games, the most one player may be in`);
    await checkJoiner(tx, userId, game, nation, already.map((r) => r.nation));
    const [seat] = await tx.select({ reservedFor: seats.reservedFor }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, nation)));
    if (seat?.reservedFor && seat.reservedFor !== userId) throw forbidden(`${nation} is reserved for the bot the challenge invited`);
    const taken = await tx
      .update(seats)
      .set({ userId, joinedAt: sql`now()` })
      .where(and(eq(seats.gameId, gameId), eq(seats.nation, nation), isNull(seats.userId), eq(seats.robot, false), or(isNull(seats.reservedFor), eq(seats.reservedFor, userId))))
      .returning();
    if (taken.length === 0) throw conflict(`${nation} is not free in this game`);
    await publish(tx, { gameId, kind: "player-joined" });
    const started = await startIfFull(tx, gameId);
    return { started };
  });
}

export interface LobbyGame {
  id: number;
  name: string;
  /** Which game: "1942", "interplanetary", ... and the scenario (null for 1942). */
  ruleset: string;
  rulesetName: string;
  scenario: string | null;
  scenarioName: string | null;
  status: "open" | "active" | "finished";
  options: GameOptions;
  seats: {
    nation: SeatSide;
    player: string | null;
    robot: boolean;
    mine: boolean;
    /** The player's id (profile link), reliability and rating: only where the name is shown. */
    playerId?: string;
    reliability?: number | null;
    rating?: number | null;
    finishedGames?: number;
    bot?: boolean;
    /** An open seat reserved for an invited bot: its shown name. */
    reservedFor?: string;
  }[];
  /** For the viewer's own active games: the turn, its deadline and what waits for the viewer. */
  turn?: LobbyTurn;
}

/** Where one of the viewer's games stands: what the viewer must do next, if anything. */
export interface LobbyTurn {
  number: number;
  status: string;
  /** The deadline running now: orders while they are open, else decisions or landings. */
  deadline: string | null;
  /** "orders": a nation of the viewer has not locked; "decision": a battle waits for the viewer's
   * choice (R6.2); "landing": the viewer's aircraft wait to land (R7.3); null: nothing waits. */
  needs: "orders" | "decision" | "landing" | null;
}
