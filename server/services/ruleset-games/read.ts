// What one user may see of a game of any ruleset: the ruleset's view for the viewer (a side they play,
// else a spectator), who locked, the deadline, and the viewer's own saved batch only — another side's
// orders stay secret until the turn resolves. Also the history and the download, which read every
// phase of a turn (a ruleset's turn may have several: one phases row each, `step`); one turn's review
// is review.ts.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { phases, seats, users, type DailyTime, type PhaseStatus } from "../../../db/schema";
import type { AnyRuleset, GameResult, OptionInfo, Viewer } from "../../rulesets";
import type { Phase } from "../phases";
import { shownPlayerName } from "../player-names";
import { platformOptionsShown, type PlatformOptionsShown } from "../platform-shown";
import { runningVacationEnd, seatExtras, type SeatExtras } from "../player-figures";
import { gameRatingChanges, type RatingChangeShown } from "../ratings";
import { currentStep, phaseNameOf, turnStepOf } from "./acting";
import { ownStanding } from "./standing";
import { lastRowEnd } from "./game-end";
import { anyRulesetGame, declaredTeamOf, rulesetGame, wholeTurnRows, type Game } from "./rulesets";
import { phaseStartState } from "../start-state";
import { seatedSidesOf, setupOptions } from "./setup";

export interface RulesetPhaseInfo {
  status: "open" | "resolving" | "finished";
  deadline: string | null;
  /** The deadline is the game's decision deadline: the phase is one of decisions (PhaseInfo.deadline). */
  decision: boolean;
  sides: string[];
  locked: string[];
  /** The phase of the turn in play, when the turn has several (turnStepOf); null for a turn of one. */
  step: ReturnType<typeof turnStepOf>;
}

/** A ruleset option's value as the challenge gave it (JSON; its setup judged it). */
export type RuleValue = boolean | number | string | null | Record<string, unknown> | unknown[];

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
    /** Hours for a phase of decisions inside a turn (PhaseInfo.deadline "decision"). */
    decisionHours: number;
    /** The ruleset's turn has phases of decisions (1942's battles): the decisions' hours mean something. */
    decides: boolean;
    /** Daily deadlines at a time of day in a zone (R3.1): the frame writes the deadline in that zone too. */
    ordersAt?: DailyTime;
    decisionsAt?: DailyTime;
    pausedAt: string | null;
    /** This user created the game and may pause and resume it (play.pause; a sandbox's clock never runs). */
    mayPause: boolean;
    /** The ruleset's own options this game was made with (Ruleset.options, in its order), as the lobby lists them to everyone. */
    rules: { id: string; name: string; value: RuleValue; parts?: OptionInfo["parts"] }[];
    press: "full" | "public" | "none";
    /** The platform's options the lobby lists to everyone (press, anonymous, robots, the options about players), for the options line. */
    platform: Omit<PlatformOptionsShown, "ordersAt" | "decisionsAt">;
    /** A sandbox (issue 24): where it was copied from, and its share link's token (its owner only). */
    sandbox?: { fromGameId: number | null; fromTurn: number | null; shareToken: string | null };
  };
  /** Each seat; with its player's figures where the name is shown (SeatExtras). */
  /** `team`: the side's team when the scenario declares teams (declaredTeamOf), as the classic Nations tab shows it. */
  seats: ({ side: string; team?: string; player: string | null; robot: boolean; mine: boolean } & SeatExtras)[];
  /** The side whose view this is (the viewer plays it), or null for a spectator. */
  side: string | null;
  mySides: string[];
  turn: number;
  phase: RulesetPhaseInfo | null;
  seedHash: string | null;
  /** ruleset.view for this viewer: of the open turn, or of the end once the game is over. */
  view: unknown;
  saved: unknown;
  /** The viewer's own side's standing settings (Ruleset.standing), null for a spectator or when none are kept. */
  standing: unknown;
  result: GameResult | null;
  /** A finished rated game: how it moved each player's rating in its ruleset (docs/players.md). */
  ratingChanges?: RatingChangeShown[];
}

/** The seats with their players' names, bot marks and running vacations (the end, in ms), as the figures beside a name need them. */
async function seatRows(db: Db, gameId: number) {
  return db
    .select({
      side: seats.nation,
      userId: seats.userId,
      robot: seats.robot,
      name: users.name,
      bot: sql<boolean>`coalesce(${users.bot}, false)`,
      awayUntil: runningVacationEnd(seats.userId),
    })
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
export async function viewerIn(db: Db, userId: string, gameId: number, asked?: string): Promise<Viewer> {
  const mine = (await db.select({ side: seats.nation }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.userId, userId)))).map((r) => r.side as string);
  return viewerOf(mine, asked);
}

/** A resolved turn's report as this viewer may see it: the ruleset's reportView is the only road out of a report. */
export function reportFor(ruleset: AnyRuleset, phase: Pick<Phase, "report" | "startState">, viewer: Viewer): unknown {
  return ruleset.reportView(phase.report, viewer, phase.startState);
}

/**
 * Whether the game's turn has phases of decisions (PhaseInfo.deadline "decision"), as the ruleset
 * says from the phase in play; before the game starts, from a trial setup of its seats and options
 * (the setup a join would make, with a seed of no consequence), so the options line is true from the
 * challenge on.
 */
function hasDecisionPhases(ruleset: AnyRuleset, game: Game, startState: unknown, seated: string[]): boolean {
  let state = startState;
  if (state === undefined) {
    const trial = ruleset.setup(game.scenario, setupOptions(game, seatedSidesOf(ruleset, game, seated)), "trial");
    if (!trial.ok) return false;
    state = trial.state;
  }
  return ruleset.phases(state).some((p) => p.deadline === "decision");
}

/**
 * The game's latest phase in one statement: its own columns (the start state, which never changes,
 * comes from the process's cache, start-state.ts), the sides locked in it, and `side`'s saved batch
 * (null for a spectator, or before any save): no other side's orders are read.
 */
async function latestPhase(db: Db, gameId: number, side: string | null) {
  const [row] = await db
    .select({
      id: phases.id,
      turn: phases.turn,
      status: phases.status,
      deadline: phases.deadline,
      seedHash: phases.seedHash,
      // Written out, table by table: drizzle names a select's columns without their table, and the
      // orders table has an id of its own.
      locked: sql<string[]>`coalesce((select json_agg(l.nation) from locks l where l.phase_id = phases.id), '[]'::json)`,
      saved: side === null ? sql<null>`null` : sql<unknown>`(select o."order" from orders o where o.phase_id = phases.id and o.nation = ${side} and o.position = 0)`,
    })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(desc(phases.turn), desc(phases.step))
    .limit(1);
  return row ? { ...row, locked: [...row.locked].sort() } : undefined;
}

export async function rulesetGameView(db: Db, userId: string, gameId: number, asked?: string): Promise<RulesetGameView> {
  const { game, ruleset } = await rulesetGame(db, gameId);
  const scenario = ruleset.scenarios.find((s) => s.id === game.scenario);
  const order = scenario?.sides ?? [];
  const rows = (await seatRows(db, gameId)).sort((a, b) => order.indexOf(a.side) - order.indexOf(b.side));
  const mySides = rows.filter((r) => r.userId === userId).map((r) => r.side as string);
  const viewer = viewerOf(mySides, asked);
  const side = viewer.kind === "side" ? viewer.side : null;
  const phase = await latestPhase(db, gameId, side);
  let info: RulesetPhaseInfo | null = null;
  let view: unknown = null;
  let saved: unknown = null;
  let result: GameResult | null = null;
  let startState: unknown;
  if (phase) {
    startState = await phaseStartState(db, phase);
    const finished = phase.status === "resolved";
    const state = finished ? await lastRowEnd(db, ruleset, game, phase) : startState;
    // Each call its own view: a caller in this process (the page's server render) gets an object it
    // may change without changing another's (a view kept per (phase, viewer) would be shared).
    view = ruleset.view(state, viewer);
    result = ruleset.result(state);
    const at = currentStep(ruleset, startState);
    info = {
      status: finished ? "finished" : phase.status === "open" ? "open" : "resolving",
      // A sandbox's deadline never passes (deadlines.ts): it shows none.
      deadline: finished || game.sandbox ? null : phase.deadline.toISOString(),
      decision: at?.info.deadline === "decision",
      sides: at?.info.sides ?? [],
      locked: phase.locked,
      step: turnStepOf(ruleset, startState),
    };
    // Only the viewer's own side's batch, and only while it can still change (R: orders are secret).
    if (side && !finished) saved = phase.saved;
  }
  // The viewer's own side's standing settings only (a side's settings are its player's alone).
  const standing = side && ruleset.standing ? await ownStanding(db, gameId, side) : null;
  const ratingChanges = game.status === "finished" && game.options.rated ? await gameRatingChanges(db, gameId) : undefined;
  // Beside each name: reliability, the rating in this game's ruleset, the bot mark and a running
  // vacation; an anonymous game leaves them out with the name (seatExtras).
  const extras = await seatExtras(db, game, rows.map((r) => ({ nation: r.side, robot: r.robot, userId: r.userId, name: r.name, bot: r.bot, awayUntil: r.awayUntil })), userId);
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
      decisionHours: game.options.decisionHours,
      decides: hasDecisionPhases(ruleset, game, startState, rows.map((r) => r.side as string)),
      ...(game.options.ordersAt ? { ordersAt: game.options.ordersAt } : {}),
      ...(game.options.decisionsAt ? { decisionsAt: game.options.decisionsAt } : {}),
      pausedAt: game.pausedAt?.toISOString() ?? null,
      mayPause: game.createdBy === userId && !game.sandbox,
      rules: (ruleset.options ?? []).filter((o) => game.options.rules?.[o.id] !== undefined).map((o) => ({ id: o.id, name: o.name, value: game.options.rules![o.id] as RuleValue, ...(o.parts ? { parts: o.parts } : {}) })),
      press: game.options.press ?? "full",
      platform: platformOptionsShown(game.options),
      ...(game.sandbox ? { sandbox: { fromGameId: game.sandboxOf, fromTurn: game.sandboxTurn, shareToken: game.createdBy === userId ? game.shareToken : null } } : {}),
    },
    seats: rows.map((r) => {
      const team = declaredTeamOf(game, r.side);
      return {
        side: r.side,
        ...(team ? { team } : {}),
        robot: r.robot,
        mine: r.userId === userId,
        player: r.userId ? shownPlayerName({ id: r.userId, name: r.name }, game, r.userId === userId) : null,
        ...extras.get(r.side),
      };
    }),
    side,
    mySides,
    turn: phase?.turn ?? 0,
    phase: info,
    seedHash: phase?.seedHash ?? null,
    view,
    saved,
    standing,
    result,
    ...(ratingChanges ? { ratingChanges } : {}),
  };
}

export interface RulesetHistoryTurn {
  /** The phase's row: one per phase of a turn (a 1942 turn keeps its whole turn in one, `kind` "orders"). */
  id: number;
  kind: string;
  turn: number;
  /** Which phase of the turn, when it has several: its place (from 0) and name; 0 and null for a turn of one. */
  step: number;
  phase: string | null;
  status: PhaseStatus;
  seedHash: string;
  engineVersion: string;
  createdAt: string;
  resolvedAt: string | null;
  /** Revealed only once the turn resolved. */
  seed: string | null;
  orders: Record<string, unknown> | null;
  report: unknown;
}

/**
 * Every phase of every turn; resolved ones with their seed, orders and the report as `userId` may see it.
 * A game of any ruleset, 1942 included (play.history, and game.history its alias): what a turn's orders
 * and report are is the ruleset's data, shown through its reportView.
 */
export async function rulesetHistory(db: Db, userId: string, gameId: number): Promise<{ name: string; ruleset: string; turns: RulesetHistoryTurn[] }> {
  const { game, ruleset } = await anyRulesetGame(db, gameId);
  const viewer = await viewerIn(db, userId, gameId);
  // Every column but the start state (a whole board a phase): each is read through the process's
  // cache of start states, which never change, so a history read again after a turn resolves (every
  // open page of the game refetches it) reads only the new phase's.
  const rows = await db
    .select({ id: phases.id, kind: phases.kind, turn: phases.turn, step: phases.step, status: phases.status, seedHash: phases.seedHash, engineVersion: phases.engineVersion, createdAt: phases.createdAt, resolvedAt: phases.resolvedAt, seed: phases.seed, orders: phases.orders, report: phases.report })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(asc(phases.turn), asc(phases.step));
  const starts = await Promise.all(rows.map((p) => phaseStartState(db, p)));
  // A ruleset that shows a turn's orders only at its end (ordersShown "turn"): the turn in play keeps
  // its resolved phases' batches until the game moves past it (its last phase resolved opens the next).
  const lastTurn = rows.reduce((max, r) => Math.max(max, r.turn), 0);
  const ordersShownTo = ruleset.ordersShown === "turn" && game.status !== "finished" ? lastTurn - 1 : Infinity;
  return {
    name: game.name,
    ruleset: ruleset.id,
    turns: rows.map((row, i) => {
      const p = { ...row, startState: starts[i]! };
      const resolved = p.status === "resolved";
      return {
        id: p.id,
        kind: p.kind,
        turn: p.turn,
        step: p.step,
        // A row holding a whole turn is of no one phase (its start state is the orders phase's).
        phase: wholeTurnRows(game) ? null : phaseNameOf(ruleset, p.startState),
        status: p.status,
        seedHash: p.seedHash,
        engineVersion: p.engineVersion,
        createdAt: p.createdAt.toISOString(),
        resolvedAt: p.resolvedAt?.toISOString() ?? null,
        seed: resolved ? p.seed : null,
        orders: resolved && p.turn <= ordersShownTo ? ((p.orders ?? {}) as Record<string, unknown>) : null,
        report: resolved ? reportFor(ruleset, p, viewer) : null,
      };
    }),
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
    // One entry per resolved phase; a turn of several phases names each (`step`, `phase`).
    // A phase whose orders are not shown yet (ordersShown "turn", the turn still in play) is left out.
    turns: history.turns
      .filter((t) => t.status === "resolved" && t.orders !== null)
      .map(({ turn, step, phase, seed, seedHash, engineVersion, orders, report }) => ({ turn, ...(phase === null ? {} : { step, phase }), seed, seedHash, engineVersion, orders, report })),
  };
}
