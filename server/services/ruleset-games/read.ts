// What one user may see of a game of any ruleset: the ruleset's view for the viewer (a side they play,
// else a spectator), who locked, the deadline, and the viewer's own saved batch only — another side's
// orders stay secret until the turn resolves. Also the history, one turn's review and the download.
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { locks, phases, seats, users, type PhaseStatus } from "../../../db/schema";
import type { AnyRuleset, GameResult, Viewer } from "../../rulesets";
import { notFound } from "../errors";
import type { Phase } from "../phases";
import { shownPlayerName } from "../player-names";
import { actingSides } from "./acting";
import { savedBatch } from "./play";
import { replayPhase } from "./resolve";
import { rulesetGame, type Game } from "./rulesets";

export interface RulesetPhaseInfo {
  status: "open" | "resolving" | "finished";
  deadline: string | null;
  sides: string[];
  locked: string[];
}

export interface RulesetGameView {
  game: {
    id: number;
    name: string;
    ruleset: string;
    rulesetName: string;
    scenario: string;
    scenarioName: string;
    status: Game["status"];
    ordersHours: number;
    pausedAt: string | null;
    press: "full" | "public" | "none";
    /** A sandbox (issue 24): where it was copied from, and its share link's token (its owner only). */
    sandbox?: { fromGameId: number | null; fromTurn: number | null; shareToken: string | null };
  };
  seats: { side: string; player: string | null; robot: boolean; mine: boolean }[];
  /** The side whose view this is (the viewer plays it), or null for a spectator. */
  side: string | null;
  mySides: string[];
  turn: number;
  phase: RulesetPhaseInfo | null;
  seedHash: string | null;
  /** ruleset.view for this viewer: of the open turn, or of the end once the game is over. */
  view: unknown;
  saved: unknown;
  result: GameResult | null;
}

async function seatRows(db: Db, gameId: number) {
  return db
    .select({ side: seats.nation, userId: seats.userId, robot: seats.robot, name: users.name })
    .from(seats)
    .leftJoin(users, eq(users.id, seats.userId))
    .where(eq(seats.gameId, gameId));
}

/** The viewer: a side the user plays (the one asked for, else their first), else a spectator. */
function viewerOf(mine: string[], asked: string | undefined): Viewer {
  const side = asked && mine.includes(asked) ? asked : mine[0];
  return side ? { kind: "side", side } : { kind: "spectator" };
}

/** The viewer of a game: a side the user plays (the one asked for, else their first), else a spectator. */
async function viewerIn(db: Db, userId: string, gameId: number, asked?: string): Promise<Viewer> {
  const mine = (await db.select({ side: seats.nation }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.userId, userId)))).map((r) => r.side as string);
  return viewerOf(mine, asked);
}

/** A resolved turn's report as this viewer may see it: the ruleset's reportView is the only road out of a report. */
function reportFor(ruleset: AnyRuleset, phase: Pick<Phase, "report" | "startState">, viewer: Viewer): unknown {
  return ruleset.reportView(phase.report, viewer, phase.startState);
}

/** The state after a resolved phase: the next turn's start, else (the last turn) its replay. */
function stateAfter(ruleset: AnyRuleset, phase: Phase, next: Phase | undefined): unknown {
  return next ? next.startState : replayPhase(ruleset, phase).state;
}

export async function rulesetGameView(db: Db, userId: string, gameId: number, asked?: string): Promise<RulesetGameView> {
  const { game, ruleset } = await rulesetGame(db, gameId);
  const scenario = ruleset.scenarios.find((s) => s.id === game.scenario);
  const order = scenario?.sides ?? [];
  const rows = (await seatRows(db, gameId)).sort((a, b) => order.indexOf(a.side) - order.indexOf(b.side));
  const mySides = rows.filter((r) => r.userId === userId).map((r) => r.side as string);
  const viewer = viewerOf(mySides, asked);
  const side = viewer.kind === "side" ? viewer.side : null;
  const [phase] = await db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn)).limit(1);
  let info: RulesetPhaseInfo | null = null;
  let view: unknown = null;
  let saved: unknown = null;
  let result: GameResult | null = null;
  if (phase) {
    const locked = (await db.select({ side: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id))).map((r) => r.side as string).sort();
    const finished = phase.status === "resolved";
    const state = finished ? replayPhase(ruleset, phase).state : phase.startState;
    view = ruleset.view(state, viewer);
    result = ruleset.result(state);
    info = {
      status: finished ? "finished" : phase.status === "open" ? "open" : "resolving",
      // A sandbox's deadline never passes (deadlines.ts): it shows none.
      deadline: finished || game.sandbox ? null : phase.deadline.toISOString(),
      sides: actingSides(ruleset, phase.startState),
      locked,
    };
    // Only the viewer's own side's batch, and only while it can still change (R: orders are secret).
    if (side && !finished) saved = await savedBatch(db, phase.id, side);
  }
  return {
    game: {
      id: game.id,
      name: game.name,
      ruleset: ruleset.id,
      rulesetName: ruleset.name,
      scenario: game.scenario ?? "",
      scenarioName: scenario?.name ?? game.scenario ?? "",
      status: game.status,
      ordersHours: game.options.ordersHours,
      pausedAt: game.pausedAt?.toISOString() ?? null,
      press: game.options.press ?? "full",
      ...(game.sandbox ? { sandbox: { fromGameId: game.sandboxOf, fromTurn: game.sandboxTurn, shareToken: game.createdBy === userId ? game.shareToken : null } } : {}),
    },
    seats: rows.map((r) => ({
      side: r.side,
      robot: r.robot,
      mine: r.userId === userId,
      player: r.userId ? shownPlayerName({ id: r.userId, name: r.name }, game, r.userId === userId) : null,
    })),
    side,
    mySides,
    turn: phase?.turn ?? 0,
    phase: info,
    seedHash: phase?.seedHash ?? null,
    view,
    saved,
    result,
  };
}

export interface RulesetHistoryTurn {
  turn: number;
  status: PhaseStatus;
  seedHash: string;
  engineVersion: string;
  resolvedAt: string | null;
  /** Revealed only once the turn resolved. */
  seed: string | null;
  orders: Record<string, unknown> | null;
  report: unknown;
}

/** Every turn; resolved ones with their seed, orders and the report as `userId` may see it. */
export async function rulesetHistory(db: Db, userId: string, gameId: number): Promise<{ name: string; ruleset: string; turns: RulesetHistoryTurn[] }> {
  const { game, ruleset } = await rulesetGame(db, gameId);
  const viewer = await viewerIn(db, userId, gameId);
  const rows = await db
    .select({ turn: phases.turn, status: phases.status, seedHash: phases.seedHash, engineVersion: phases.engineVersion, resolvedAt: phases.resolvedAt, seed: phases.seed, orders: phases.orders, report: phases.report, startState: phases.startState })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(asc(phases.turn));
  return {
    name: game.name,
    ruleset: ruleset.id,
    turns: rows.map((p) => {
      const resolved = p.status === "resolved";
      return {
        turn: p.turn,
        status: p.status,
        seedHash: p.seedHash,
        engineVersion: p.engineVersion,
        resolvedAt: p.resolvedAt?.toISOString() ?? null,
        seed: resolved ? p.seed : null,
        orders: resolved ? ((p.orders ?? {}) as Record<string, unknown>) : null,
        report: resolved ? reportFor(ruleset, p, viewer) : null,
      };
    }),
  };
}

export interface RulesetTurnReview {
  gameId: number;
  name: string;
  ruleset: string;
  turn: number;
  turns: { turn: number; status: PhaseStatus }[];
  side: string | null;
  resolved: boolean;
  /** Once resolved: the turn's start and end as this viewer may see them, every side's orders and the report. */
  before: unknown;
  after: unknown;
  orders: Record<string, unknown> | null;
  report: unknown;
  seed: string | null;
  seedHash: string;
}

export async function rulesetTurnReview(db: Db, userId: string, gameId: number, turn: number, asked?: string): Promise<RulesetTurnReview> {
  const { game, ruleset } = await rulesetGame(db, gameId);
  const all = await db.select().from(phases).where(and(eq(phases.gameId, gameId))).orderBy(asc(phases.turn));
  const phase = all.find((p) => p.turn === turn);
  if (!phase) throw notFound(`Turn ${turn}`);
  const viewer = await viewerIn(db, userId, gameId, asked);
  const resolved = phase.status === "resolved";
  const next = all.find((p) => p.turn === turn + 1);
  return {
    gameId,
    name: game.name,
    ruleset: ruleset.id,
    turn,
    turns: all.map((p) => ({ turn: p.turn, status: p.status })),
    side: viewer.kind === "side" ? viewer.side : null,
    resolved,
    before: resolved ? ruleset.view(phase.startState, viewer) : null,
    after: resolved ? ruleset.view(stateAfter(ruleset, phase, next), viewer) : null,
    orders: resolved ? ((phase.orders ?? {}) as Record<string, unknown>) : null,
    report: resolved ? reportFor(ruleset, phase, viewer) : null,
    seed: resolved ? phase.seed : null,
    seedHash: phase.seedHash,
  };
}

/**
 * The game as a JSON file: what anyone needs to replay it with the code of the named version — the
 * scenario, the seated sides, and each resolved turn's seed, orders and report. Start states are left
 * out (a ruleset may hide part of them); turn 1's follows from the scenario and its seed (setup.ts).
 * Reports are as `userId` may see them (reportView); the orders and seeds replay the full ones.
 */
export async function rulesetDownload(db: Db, userId: string, gameId: number) {
  const { game, ruleset } = await rulesetGame(db, gameId);
  const history = await rulesetHistory(db, userId, gameId);
  const sides = (await db.select({ side: seats.nation }).from(seats).where(eq(seats.gameId, gameId))).map((r) => r.side as string);
  const scenario = ruleset.scenarios.find((s) => s.id === game.scenario);
  return {
    format: "lockstep-game",
    ruleset: ruleset.id,
    version: ruleset.version,
    name: game.name,
    scenario: game.scenario,
    sides: (scenario?.sides ?? []).filter((s) => sides.includes(s)),
    status: game.status,
    turns: history.turns.filter((t) => t.status === "resolved").map(({ turn, seed, seedHash, engineVersion, orders, report }) => ({ turn, seed, seedHash, engineVersion, orders, report })),
  };
}
