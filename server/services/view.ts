// What one user may see of a game (the server-side filter of hidden information): the board, who has
// locked, and the saved orders of the nations that user plays — never another nation's orders
// before the phase that uses them resolves.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oncePerDb } from "../../db/once-per-db";
import type { DailyTime, PendingDecisions, PhaseStatus } from "../../db/schema";
import { games, locks, orders, phases, postCombatOrders, seats, users } from "../../db/schema";
import {
  NATIONS,
  groupUnits,
  teamOf,
  type AaMove,
  type CombatReport,
  type GameState,
  type Decision,
  type DecisionRequest,
  type HouseRules,
  type LandingOrder,
  type Nation,
  type Order,
  type PostCombatChoices,
  type TurnReport,
  type UnitReport,
} from "../rulesets/1942/engine";
import { notFound } from "./errors";
import { shownPlayerName } from "./player-names";
import { runningVacationEnd, seatExtras, type SeatExtras, type SeatRow } from "./player-figures";
import { gameRatingChanges, type RatingChangeShown } from "./ratings";
import { getPreference } from "./battle-preferences";
import { preferredCasualties, type CasualtyPreference } from "../rulesets/1942/engine/combat/preference";
import { phaseStartState } from "./start-state";
import { figuresForPhase, phaseKey } from "./phase-figures";
import { classicGame, notClassic } from "./ruleset-games/rulesets";
import { classicRules } from "./ruleset-games/rules";
import { textArray } from "./named-call";

export interface GameView {
  game: {
    id: number;
    name: string;
    status: "open" | "active" | "finished";
    lowLuck: boolean;
    ordersHours: number;
    decisionHours: number;
    ordersAt?: DailyTime;
    decisionsAt?: DailyTime;
    /** Optional house rules (R9) of this game. */
    houseRules?: HouseRules;
    /** Set while the creator has paused the game (no deadline passes). */
    pausedAt: string | null;
    /** This user created the game and may pause and resume it. */
    mayPause: boolean;
    /** A sandbox (issue 24): where it was copied from, and its share link's token (its owner only). */
    sandbox?: { fromGameId: number | null; fromTurn: number | null; shareToken: string | null };
  };
  seats: ({ nation: Nation; team: "Axis" | "Allies"; player: string | null; robot: boolean; mine: boolean } & SeatExtras)[];
  phase: null | {
    id: number;
    turn: number;
    kind: string;
    status: PhaseStatus;
    deadline: string;
    seedHash: string;
    locked: Nation[];
    /** While battles wait for decisions ("battles") or post-combat is open: its deadline. */
    decisionDeadline: string | null;
    /** Battles waiting (R6): what is asked, and who has chosen in a sub-phase still open — the choice only to its chooser (R6.3). */
    pending:
      | null
      | (Omit<PendingDecisions, "requests" | "decided"> & {
          /** `preferred`: on the viewer's own casualty requests only, the picks of the viewer's standing
           * preference (what "resolve with my preferences" would choose), to pre-fill the picker. */
          requests: (DecisionRequest & { mine: boolean; preferred?: { preference: CasualtyPreference; units: number[] } })[];
          decided: (NonNullable<PendingDecisions["decided"]>[number] & { mine: boolean; decision?: Decision })[];
        });
  };
  /**
   * Post-combat (R7): the combat's outcome, who is still choosing, and this user's own choices only.
   * The outcome is what the board shows (battles, captures, where units stand); orders, purchases and
   * the treasury after spending stay secret until the turn resolves (docs/rules-decisions.md, R7.3).
   */
  postCombat: null | {
    report: PostCombatOutcome;
    waitingFor: Nation[];
    mine: Partial<Record<Nation, { choices: PostCombatChoices; landings: LandingOrder[]; aaMoves: AaMove[]; locked: boolean }>>;
  };
  /** The board at the start of the phase (after combat, during post-combat and the end of the turn that follows it): public to every player. */
  board: null | { units: UnitReport[]; owners: Record<string, Nation>; treasury: Record<Nation, number> };
  /** Once the game is over (R8.6, R9.1): who won, in which turn, and why. Public, also to spectators. */
  result: null | { winner: string; turn: number; reason: string; ratingChanges?: RatingChangeShown[] };
  myNations: Nation[];
  /** Saved orders of the nations this user plays, and only those. */
  myOrders: Partial<Record<Nation, Order[]>>;
}

/** What every player and spectator sees of a combat phase during post-combat. */
export type PostCombatOutcome = Pick<CombatReport, "battles" | "captures" | "units" | "owners">;

export function postCombatOutcome(report: CombatReport): PostCombatOutcome {
  return { battles: report.battles, captures: report.captures, units: report.units, owners: report.owners };
}

/**
 * The game with its seats: the seated players' names, bot marks and running vacations (the end, in
 * ms), in one round trip: the game page and its refetches read this on every view, and on this
 * machine a round trip costs more CPU than the rows. Built once per database and sent as a named
 * statement, so neither drizzle nor Postgres builds it again for every view.
 */
function prepareGameWithSeats(db: Db) {
  const gameId = sql.placeholder("gameId");
  return db
    .select({
      game: games,
      seats: sql<SeatRow[]>`(
        select coalesce(json_agg(json_build_object('nation', s.nation, 'robot', s.robot, 'userId', s.user_id, 'name', u.name, 'bot', coalesce(u.bot, false),
          'awayUntil', ${runningVacationEnd(sql`s.user_id`)})), '[]'::json)
        from ${seats} s left join ${users} u on u.id = s.user_id where s.game_id = ${gameId})`,
    })
    .from(games)
    .where(eq(games.id, gameId))
    .prepare("game_view_game");
}
const gameWithSeatsQuery = oncePerDb(prepareGameWithSeats);
async function gameWithSeats(db: Db, gameId: number) {
  const [row] = await gameWithSeatsQuery(db).execute({ gameId });
  return row;
}

/**
 * The game's latest phase with who has locked it and the saved orders of `mine` (the viewer's own
 * nations, and only those), in one round trip. Not its start state, the largest column: that comes
 * from phaseStartState's per-process cache, as it never changes. Built once per database and sent as
 * a named statement, as the game's is: the viewer's nations are one text[] parameter (none: '{}', no
 * orders), so one statement serves every viewer.
 */
function prepareLatestPhase(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({
      id: phases.id,
      turn: phases.turn,
      kind: phases.kind,
      status: phases.status,
      deadline: phases.deadline,
      decisionDeadline: phases.decisionDeadline,
      seedHash: phases.seedHash,
      pending: phases.pending,
      decisions: phases.decisions,
      postCombat: phases.postCombat,
      report: phases.report,
      locked: sql<Nation[]>`(select coalesce(json_agg(l.nation), '[]'::json) from ${locks} l where l.phase_id = "phases"."id")`,
      myOrders: sql<{ nation: Nation; order: Order }[]>`(
        select coalesce(json_agg(json_build_object('nation', o.nation, 'order', o."order") order by o.nation, o.position), '[]'::json)
        from ${orders} o where o.phase_id = "phases"."id" and o.nation = any(${p("mine")}::text[]))`,
    })
    .from(phases)
    .where(eq(phases.gameId, p("gameId")))
    .orderBy(desc(phases.turn))
    .limit(1)
    .prepare("game_view_latest_phase");
}
const latestPhaseQuery = oncePerDb(prepareLatestPhase);
async function latestPhase(db: Db, gameId: number, mine: Nation[]) {
  const [row] = await latestPhaseQuery(db).execute({ gameId, mine: textArray(mine) });
  return row;
}

/** The board of a phase's start state grouped into stacks, once per state (it never changes). */
const groupedUnits = new WeakMap<GameState, UnitReport[]>();
function startBoardUnits(state: GameState): UnitReport[] {
  let units = groupedUnits.get(state);
  if (!units) groupedUnits.set(state, (units = groupUnits(state.units)));
  return units;
}

/**
 * The board of a read, the same for every viewer: one object per read, so the streams of one event
 * serialise it once between them (api/view-frames.ts keys its JSON by this object).
 */
const boards = new WeakMap<ViewRead, GameView["board"]>();
function boardOf(read: ViewRead): GameView["board"] {
  if (boards.has(read)) return boards.get(read)!;
  const { phase, startState } = read;
  // The combat's outcome stays on the board while the end of the turn resolves after post-combat, as
  // it stood when the last landing locked: the page shows no step back to the turn's start, and the
  // last lock's event needs to carry no board (app/game/[id]/live-locks.ts).
  const stage = phase?.status === "post-combat" || phase?.status === "resolving" ? phase.postCombat : null;
  const board = stage
    ? { units: stage.report.units, owners: stage.report.owners, treasury: startState!.treasury }
    : startState
      ? { units: startBoardUnits(startState), owners: startState.owners, treasury: startState.treasury }
      : null;
  boards.set(read, board);
  return board;
}

/** What a game's view reads from the database: the game, its seats, its latest phase (with the saved
 * orders of the nations asked for), the post-combat rows and rating changes. Server-side only: the
 * view is cut from it for one viewer by viewFor. */
export interface ViewRead {
  game: NonNullable<Awaited<ReturnType<typeof gameWithSeats>>>["game"];
  seatRows: SeatRow[];
  phase: Awaited<ReturnType<typeof latestPhase>>;
  startState: GameState | undefined;
  postCombatRows: (typeof postCombatOrders.$inferSelect)[];
  ratingChanges: RatingChangeShown[] | undefined;
}

/** The nations a user plays in the game, in the canonical order. */
const seatsOf = (seatRows: SeatRow[], userId: string) => NATIONS.filter((n) => seatRows.some((s) => s.nation === n && s.userId === userId));

/**
 * The reads of a game's view. `ordersOf`: whose saved orders are read with the phase — the viewer's
 * own for game.get; every seated player's for a read shared by the streams of one process
 * (event-view.ts), which viewFor then cuts to each viewer's own. For a game of another ruleset, only
 * its ruleset (it has no such view).
 */
export async function readView(db: Db, gameId: number, ordersOf: (seatRows: SeatRow[]) => Nation[]): Promise<ViewRead | { otherRuleset: string; scenario: string | null }> {
  const found = await gameWithSeats(db, gameId);
  if (!found) throw notFound("That game");
  const { game, seats: seatRows } = found;
  if (!classicGame(game)) return { otherRuleset: game.ruleset, scenario: game.scenario };
  const phase = await latestPhase(db, gameId, ordersOf(seatRows));
  const startState = phase ? await phaseStartState(db, phase) : undefined;
  const postCombatRows = phase?.status === "post-combat" && phase.postCombat ? await db.select().from(postCombatOrders).where(eq(postCombatOrders.phaseId, phase.id)) : [];
  const ratingChanges = game.status === "finished" && phase?.status === "resolved" && game.options.rated ? await gameRatingChanges(db, gameId) : undefined;
  return { game, seatRows, phase, startState, postCombatRows, ratingChanges };
}

export async function gameView(db: Db, userId: string, gameId: number): Promise<GameView> {
  const read = await readView(db, gameId, (seatRows) => seatsOf(seatRows, userId));
  if ("otherRuleset" in read) throw notClassic({ ruleset: read.otherRuleset, scenario: read.scenario });
  return viewFor(db, userId, read);
}

/** One viewer's view of what readView read: the viewer's own orders, choices and preference only. */
export async function viewFor(db: Db, userId: string, read: ViewRead): Promise<GameView> {
  const { game, seatRows, phase } = read;
  const gameId = game.id;
  const mySeats = seatsOf(seatRows, userId);
  const locked = phase?.locked ?? [];
  const myOrders: Partial<Record<Nation, Order[]>> = {};
  if (phase) for (const n of mySeats) myOrders[n] = phase.myOrders.filter((o) => o.nation === n).map((o) => o.order);
  const stage = phase?.status === "post-combat" ? phase.postCombat : null;
  // The viewer's own casualty preference, read only when one of the viewer's choices waits.
  const choosing = phase?.status === "battles" && phase.pending?.requests.some((r) => r.kind === "casualties" && mySeats.includes(r.chooser));
  const preference = choosing ? (await getPreference(db, gameId, userId)).casualties : undefined;
  let postCombat: GameView["postCombat"] = null;
  if (phase && stage) {
    const rows = read.postCombatRows;
    const mine: NonNullable<GameView["postCombat"]>["mine"] = {};
    for (const r of rows.filter((r) => mySeats.includes(r.nation))) {
      const choices = { air: stage.choices.air.filter((a) => a.nation === r.nation), aaGuns: stage.choices.aaGuns.filter((g) => g.nation === r.nation) };
      if (choices.air.length + choices.aaGuns.length > 0) mine[r.nation] = { choices, landings: r.landings, aaMoves: r.aaMoves, locked: r.lockedAt !== null };
    }
    postCombat = { report: postCombatOutcome(stage.report), waitingFor: NATIONS.filter((n) => rows.some((r) => r.nation === n && r.lockedAt === null)), mine };
  }
  // Public figures of the seated players, once per phase (phase-figures.ts); who is named stays per viewer.
  const extras = await seatExtras(db, game, seatRows, userId, phase ? figuresForPhase(phaseKey(phase), game.ruleset) : undefined);
  return {
    game: {
      id: game.id,
      name: game.name,
      status: game.status,
      ...game.options,
      ...classicRules(game.options),
      pausedAt: game.pausedAt?.toISOString() ?? null,
      mayPause: game.createdBy === userId && !game.sandbox,
      ...(game.sandbox ? { sandbox: { fromGameId: game.sandboxOf, fromTurn: game.sandboxTurn, shareToken: game.createdBy === userId ? game.shareToken : null } } : {}),
    },
    seats: NATIONS.map((nation) => {
      const s = seatRows.find((r) => r.nation === nation)!;
      return {
        nation,
        team: teamOf(nation),
        robot: s.robot,
        player: s.userId ? shownPlayerName({ id: s.userId, name: s.name }, game, s.userId === userId) : null,
        mine: s.userId === userId,
        ...extras.get(nation),
      };
    }),
    phase: phase
      ? {
          id: phase.id,
          turn: phase.turn,
          kind: phase.kind,
          status: phase.status,
          deadline: phase.deadline.toISOString(),
          seedHash: phase.seedHash,
          locked: NATIONS.filter((n) => locked.includes(n)),
          decisionDeadline: phase.status === "battles" || phase.status === "post-combat" ? (phase.decisionDeadline?.toISOString() ?? null) : null,
          pending:
            phase.status === "battles" && phase.pending
              ? {
                  ...phase.pending,
                  requests: phase.pending.requests.map((r) => {
                    const mine = mySeats.includes(r.chooser);
                    if (!mine || r.kind !== "casualties") return { ...r, mine };
                    return { ...r, mine, preferred: { preference: preference!, units: preferredCasualties(r.candidates, r.hits, preference!) } };
                  }),
                  decided: (phase.pending.decided ?? []).map((d) => {
                    const mine = mySeats.includes(d.chooser);
                    const own = mine ? phase.decisions?.find((r) => r.pass === phase.pending!.pass && r.battle === d.battle && r.round === d.round && r.step === d.step && r.team === d.team) : undefined;
                    return { ...d, mine, ...(own ? { decision: own.decision } : {}) };
                  }),
                }
              : null,
        }
      : null,
    postCombat,
    result:
      game.status === "finished" && phase?.status === "resolved"
        ? {
            winner: (phase.report as TurnReport).victory.winner ?? "nobody",
            turn: phase.turn,
            reason: (phase.report as TurnReport).victory.reason,
            ...(read.ratingChanges ? { ratingChanges: read.ratingChanges } : {}),
          }
        : null,
    board: boardOf(read),
    myNations: mySeats,
    myOrders,
  };
}
