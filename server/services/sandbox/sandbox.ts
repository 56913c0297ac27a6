// Sandboxes (issue 24): a private what-if copy of a position a player may see, in which that player
// orders every nation, resolves, decides both sides' battles, steps back and branches. A sandbox is a
// game (games.sandbox) whose seats all belong to its owner, so orders, battles and post-combat go
// through the same services as a real game; it never touches the game it came from, and nothing about
// it reaches anyone else (access.ts refuses its reads, notify.ts and the lobby skip it, no deadline
// of it passes on its own).
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, jobs, locks, orders, phases, seats, type GameOptions } from "../../../db/schema";
import { conflict, notFound, ServiceError } from "../errors";
import { publish } from "../events";
import { lockOrders, saveOrders, type SaveResult } from "../orders";
import { saveBatch, type ActionResult } from "../ruleset-games/play";
import { openPhase } from "../phases";
import { phaseStartState } from "../start-state";
import { lockUser } from "../user-lock";
import { gameView, type GameView } from "../view";
import { rulesetGameView, rulesetHistory, type RulesetGameView } from "../ruleset-games/read";
import { openRulesetPhase } from "../ruleset-games/open-phase";
import { CLASSIC, classicGame, rulesetOf, scenarioSides } from "../ruleset-games/rulesets";
import { resolveRulesetSandbox, sandboxSides, shareableStart } from "./ruleset-sandbox";
import { gameRules } from "../ruleset-games/rules";

/** Sandboxes one user keeps at most: each is a whole game's worth of rows. */
export const MAX_SANDBOXES = 5;

export interface SandboxSummary {
  gameId: number;
  name: string;
  /** The game (real or sandbox) and turn it was copied from. */
  fromGameId: number | null;
  fromTurn: number | null;
  turn: number | null;
  status: string;
  shared: boolean;
  createdAt: string;
}

type Game = typeof games.$inferSelect;

/** The caller's own sandbox, its row locked for this transaction; anyone else's is "not found". */
async function ownSandbox(tx: Db, userId: string, gameId: number): Promise<Game> {
  const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
  if (!game || !game.sandbox || game.createdBy !== userId) throw notFound("That sandbox");
  return game;
}

/** A sandbox copies the rules of its game (luck, house rules), none of its people's arrangements. */
function sandboxOptions(from: GameOptions): GameOptions {
  return {
    ordersHours: from.ordersHours,
    decisionHours: from.decisionHours,
    robots: false,
    press: "none",
    rules: gameRules(from),
  };
}

/** Adjudications queued or running for these phases: undoing or deleting under them would orphan them. */
async function busy(tx: Db, phaseIds: number[]): Promise<boolean> {
  if (phaseIds.length === 0) return false;
  const rows = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.status, ["queued", "running"]), inArray(sql<number>`(${jobs.payload}->>'phaseId')::int`, phaseIds)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Open a sandbox from a game the caller may see, at the start of `turn` (default: the current turn).
 * The start of a turn is public to every player and spectator (the board before anyone's orders);
 * the real game's saved orders, battle choices and dice seed are not, so none is copied: only the
 * caller's own saved orders of that turn come along, and the sandbox gets a fresh seed. Under fog of
 * war (another ruleset's sides see different things) it starts from what the caller's side knows
 * (shareableStart), and a caller who plays no side gets none.
 */
export async function openSandbox(db: Db, userId: string, fromGameId: number, turn?: number): Promise<{ gameId: number }> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [source] = await tx.select().from(games).where(eq(games.id, fromGameId));
    if (!source || (source.sandbox && source.createdBy !== userId)) throw notFound("That game");
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(games)
      .where(and(eq(games.createdBy, userId), eq(games.sandbox, true)))) as [{ n: number }];
    if (n >= MAX_SANDBOXES) throw conflict(`You keep ${MAX_SANDBOXES} sandboxes, the most one player may keep: delete one to open another`);
    const [phase] = await tx
      .select({ id: phases.id, turn: phases.turn, seedHash: phases.seedHash, startState: phases.startState })
      .from(phases)
      .where(turn === undefined ? eq(phases.gameId, fromGameId) : and(eq(phases.gameId, fromGameId), eq(phases.turn, turn)))
      // A turn of several phases (step) is copied from its start; the game's position is its latest
      // phase, unless the ruleset keeps a turn's orders secret until the turn is over (ordersShown
      // "turn", 1942): a later phase's state holds every side's orders, which a sandbox played to the
      // turn's end would show, so the turn in play is copied from its start too.
      .orderBy(desc(phases.turn), turn === undefined && rulesetOf(source.ruleset).ordersShown !== "turn" ? desc(phases.step) : asc(phases.step))
      .limit(1);
    if (!phase) throw turn === undefined ? conflict("That game has not started: there is no position to copy yet") : notFound(`Turn ${turn} of that game`);
    const mine = (await tx.select({ nation: seats.nation }).from(seats).where(and(eq(seats.gameId, fromGameId), eq(seats.userId, userId)))).map((s) => s.nation);
    // A game of another ruleset seats its own sides, and copies only what the caller's sides may see.
    const classic = classicGame(source);
    const other = classic ? null : await sandboxSides(tx, source);
    const otherStart = other ? shareableStart(other.ruleset, phase.startState, other.sides, mine as string[]) : null;
    const own = mine.length
      ? await tx
          .select({ nation: orders.nation, position: orders.position, order: orders.order })
          .from(orders)
          .where(and(eq(orders.phaseId, phase.id), inArray(orders.nation, mine)))
          .orderBy(asc(orders.nation), asc(orders.position))
      : [];
    const options = sandboxOptions(source.options);
    // "Sandbox of Real game (from turn 3)"; a branch keeps the real game's name with its own turn.
    const name = `${source.sandbox ? source.name.replace(/ \(from turn \d+\)$/, "") : `Sandbox of ${source.name}`} (from turn ${phase.turn})`.slice(0, 120);
    const [game] = await tx
      .insert(games)
      .values({ name, createdBy: userId, status: "active", startedAt: sql`now()`, options, sandbox: true, sandboxOf: fromGameId, sandboxTurn: phase.turn, ruleset: source.ruleset, scenario: source.scenario })
      .returning();
    await tx.insert(seats).values((other?.sides ?? scenarioSides(source)).map((nation) => ({ gameId: game!.id, nation: nation as Side, userId, robot: false, joinedAt: sql`now()` })));
    const opened = other
      ? await openRulesetPhase(tx, game!, other.ruleset, phase.turn, otherStart)
      : await openPhase(tx, game!.id, phase.turn, await phaseStartState(tx, phase), options, []);
    if (own.length > 0) await tx.insert(orders).values(own.map((o) => ({ phaseId: opened.id, nation: o.nation, position: o.position, order: o.order, savedBy: userId })));
    return { gameId: game!.id };
  });
}

/** The caller's sandboxes, newest first (nobody else's: there is no way to list another's). */
export async function listSandboxes(db: Db, userId: string): Promise<SandboxSummary[]> {
  const rows = await db
    .select({
      game: games,
      turn: sql<number | null>`(select max(p.turn) from ${phases} p where p.game_id = ${games.id})`,
      phaseStatus: sql<string | null>`(select p.status from ${phases} p where p.game_id = ${games.id} order by p.turn desc limit 1)`,
    })
    .from(games)
    .where(and(eq(games.createdBy, userId), eq(games.sandbox, true)))
    .orderBy(desc(games.id));
  return rows.map(({ game, turn, phaseStatus }) => ({
    gameId: game.id,
    name: game.name,
    fromGameId: game.sandboxOf,
    fromTurn: game.sandboxTurn,
    turn,
    status: game.status === "finished" ? "finished" : (phaseStatus ?? game.status),
    shared: game.shareToken !== null,
    createdAt: game.createdAt.toISOString(),
  }));
}

export async function deleteSandbox(db: Db, userId: string, gameId: number): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    await ownSandbox(tx, userId, gameId);
    const ids = (await tx.select({ id: phases.id }).from(phases).where(eq(phases.gameId, gameId))).map((p) => p.id);
    if (await busy(tx, ids)) throw conflict("This sandbox's turn is being resolved: delete it once that is done");
    await tx.delete(games).where(and(eq(games.id, gameId), eq(games.sandbox, true)));
    return { deleted: true as const };
  });
}

/**
 * Step back to the start of `turn`: later turns are dropped and that turn's orders open again, as
 * saved before it resolved, with a fresh seed (a rerun is a new roll of the dice, not a replay).
 */
export async function undoSandbox(db: Db, userId: string, gameId: number, turn: number): Promise<{ turn: number }> {
  return db.transaction(async (tx) => {
    const game = await ownSandbox(tx, userId, gameId);
    const later = await tx.select({ id: phases.id, turn: phases.turn, step: phases.step, startState: phases.startState }).from(phases).where(and(eq(phases.gameId, gameId), gte(phases.turn, turn)));
    const target = later.find((p) => p.turn === turn && p.step === 0);
    if (!target) throw notFound(`Turn ${turn} of this sandbox`);
    if (await busy(tx, later.map((p) => p.id))) throw conflict("A turn of this sandbox is being resolved: step back once that is done");
    const saved = await tx
      .select({ nation: orders.nation, position: orders.position, order: orders.order })
      .from(orders)
      .where(eq(orders.phaseId, target.id))
      .orderBy(asc(orders.nation), asc(orders.position));
    await tx.delete(phases).where(and(eq(phases.gameId, gameId), gte(phases.turn, turn)));
    const opened =
      classicGame(game) ? await openPhase(tx, gameId, turn, target.startState, game.options, []) : await openRulesetPhase(tx, game, rulesetOf(game.ruleset), turn, target.startState);
    if (saved.length > 0) await tx.insert(orders).values(saved.map((o) => ({ ...o, phaseId: opened.id, savedBy: userId })));
    // A step back reopens a game that had ended: its result goes with the turns that made it.
    await tx.update(games).set({ status: "active", result: null }).where(eq(games.id, gameId));
    await publish(tx, { gameId, kind: "locks-changed", turn });
    return { turn };
  });
}

/** What the robot-orders action saved: the save's verdict and the robot's orders (its ruleset's batch: for 1942, its list). */
export type RobotOrdersResult = (SaveResult | ActionResult) & { orders: unknown };

/** A seat's side as the seats table types it (its column is typed with the 1942 game's nations). */
type Side = typeof seats.$inferInsert.nation;

/**
 * "What would a robot do?": the robot's orders for one side of the sandbox, saved as that side's
 * orders through the same save as a player's (validation included). Any ruleset: its `robot` is part
 * of the Ruleset interface, so the platform asks it without knowing the game. The seed comes from the
 * sandbox phase's own seed (never a real game's), so the robot may draw from it.
 */
export async function robotOrdersFor(db: Db, userId: string, gameId: number, side: string): Promise<RobotOrdersResult> {
  const { game, phase } = await db.transaction(async (tx) => {
    const game = await ownSandbox(tx, userId, gameId);
    const [latest] = await tx
      .select({ id: phases.id, seed: phases.seed, seedHash: phases.seedHash, status: phases.status, startState: phases.startState })
      .from(phases)
      .where(eq(phases.gameId, gameId))
      .orderBy(desc(phases.turn), desc(phases.step))
      .limit(1);
    const sides = (await tx.select({ side: seats.nation }).from(seats).where(eq(seats.gameId, gameId))).map((s) => s.side as string);
    if (!sides.includes(side)) throw new ServiceError("BAD_REQUEST", `${side} is not a side of this sandbox: one of ${sides.sort().join(", ")}`);
    if (!latest || latest.status !== "open") throw conflict("Orders are not open in this sandbox now");
    return { game, phase: latest };
  });
  const seed = `${phase.seed}|robot|${side}`;
  // 1942's phase keeps its start state apart (start-state.ts); its orders are saved by 1942's own save.
  const classic = classicGame(game);
  const batch = rulesetOf(game.ruleset).robot(classic ? await phaseStartState(db, phase) : phase.startState, side, seed);
  const saved = classic ? await saveOrders(db, userId, gameId, side as Side, batch) : await saveBatch(db, userId, gameId, side, batch);
  return { ...saved, orders: batch };
}

/** Resolve the turn: every nation still unlocked locks with what it saved; the last lock queues the adjudication. */
export async function resolveSandbox(db: Db, userId: string, gameId: number): Promise<{ resolving: boolean }> {
  const { game, phase } = await db.transaction(async (tx) => {
    const game = await ownSandbox(tx, userId, gameId);
    const [latest] = await tx.select({ id: phases.id, status: phases.status }).from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn), desc(phases.step)).limit(1);
    if (!latest || latest.status !== "open") throw conflict("Orders are not open in this sandbox now: decide the battles or land the aircraft first");
    return { game, phase: latest };
  });
  if (!classicGame(game)) return resolveRulesetSandbox(db, userId, game, phase.id);
  const locked = (await db.select({ nation: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id))).map((l) => l.nation);
  let resolving = false;
  for (const nation of scenarioSides(game).filter((n) => !locked.includes(n as Side))) resolving = (await lockOrders(db, userId, gameId, nation as Side)).resolving;
  return { resolving };
}

/** A read-only link to the sandbox, made on purpose by its owner: an unguessable token. */
export async function shareSandbox(db: Db, userId: string, gameId: number): Promise<{ token: string }> {
  return db.transaction(async (tx) => {
    const game = await ownSandbox(tx, userId, gameId);
    if (game.shareToken) return { token: game.shareToken };
    const token = randomBytes(24).toString("base64url");
    await tx.update(games).set({ shareToken: token }).where(eq(games.id, gameId));
    return { token };
  });
}

/** The link stops working; sharing again makes a new one. */
export async function unshareSandbox(db: Db, userId: string, gameId: number): Promise<{ shared: false }> {
  return db.transaction(async (tx) => {
    await ownSandbox(tx, userId, gameId);
    await tx.update(games).set({ shareToken: null }).where(eq(games.id, gameId));
    return { shared: false as const };
  });
}

export const SHARE_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * A shared sandbox as a spectator sees a game: the board, the turn and the resolved turns' orders and
 * reports; the open turn's saved orders and choices stay the owner's.
 */
export type SharedSandbox =
  | { ruleset: typeof CLASSIC; view: GameView; history: Awaited<ReturnType<typeof rulesetHistory>> }
  | { ruleset: "other"; game: RulesetGameView; history: Awaited<ReturnType<typeof rulesetHistory>> };

export async function sharedSandbox(db: Db, token: string): Promise<SharedSandbox> {
  if (!SHARE_TOKEN.test(token)) throw new ServiceError("BAD_REQUEST", "That is not a share link");
  const [game] = await db.select({ id: games.id, ruleset: games.ruleset, scenario: games.scenario }).from(games).where(and(eq(games.shareToken, token), eq(games.sandbox, true)));
  if (!game) throw notFound("That shared sandbox");
  // No user id matches a seat: the view of a spectator, never the owner's own.
  if (!classicGame(game)) return { ruleset: "other", game: await rulesetGameView(db, "", game.id), history: await rulesetHistory(db, "", game.id) };
  return { ruleset: CLASSIC, view: await gameView(db, "", game.id), history: await rulesetHistory(db, "", game.id) };
}
