// A resolved turn's whole report, as a viewer may see it, for a game of any ruleset: a turn of one
// phase is that phase's report; a turn of several is the ruleset's report of the whole turn from its
// phases' (Ruleset.turnReport), else its first phase's — what the turn's review tells. It reaches the
// viewer only through the ruleset's reportView, with the turn's start. The game page's strip of the
// last turn (play.turnReport) and a review's luck over the game (play.review's gameReports) read it.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { phases } from "../../../db/schema";
import type { AnyRuleset, Viewer } from "../../rulesets";
import { notFound } from "../errors";
import { phaseStartState } from "../start-state";
import { reportFor, viewerIn } from "./read";
import { anyRulesetGame } from "./rulesets";

/** A phase as the reports need it: no start state (a whole board), read through the process's cache when needed. */
export interface ReportRow {
  id: number;
  turn: number;
  status: string;
  seedHash: string;
  report: unknown;
}

/** The whole report of one turn from its phases (in the order they resolved, every one resolved), as `viewer` may see it. */
export async function wholeTurnReport(db: Db, ruleset: AnyRuleset, steps: readonly ReportRow[], viewer: Viewer): Promise<unknown> {
  const first = steps[0]!;
  const report = ruleset.turnReport ? ruleset.turnReport(steps.map((p) => p.report)) : first.report;
  return reportFor(ruleset, { report, startState: await phaseStartState(db, first) }, viewer);
}

/** Every turn of `rows` (in turn and step order) whose every phase resolved, up to `upTo`: its whole report as `viewer` may see it. */
export async function wholeTurnReports(db: Db, ruleset: AnyRuleset, rows: readonly ReportRow[], viewer: Viewer, upTo = Infinity): Promise<{ turn: number; report: unknown }[]> {
  const byTurn = new Map<number, ReportRow[]>();
  for (const r of rows) if (r.turn <= upTo) byTurn.set(r.turn, [...(byTurn.get(r.turn) ?? []), r]);
  // A turn in play keeps all of its phases' reports back, the resolved ones too (R3 for 1942).
  const resolved = [...byTurn].filter(([, steps]) => steps.every((p) => p.status === "resolved"));
  return Promise.all(resolved.map(async ([turn, steps]) => ({ turn, report: await wholeTurnReport(db, ruleset, steps, viewer) })));
}

/**
 * One turn's whole report as the user may see it (play.turnReport): null until the turn's every phase
 * resolved. What a game page shows of the last turn (1942: its battles, over the tabs).
 */
export async function rulesetTurnReport(db: Db, userId: string, gameId: number, turn: number, asked?: string): Promise<{ turn: number; resolved: boolean; report: unknown }> {
  const { ruleset } = await anyRulesetGame(db, gameId);
  const rows = await db
    .select({ id: phases.id, turn: phases.turn, status: phases.status, seedHash: phases.seedHash, report: phases.report })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(asc(phases.turn), asc(phases.step));
  const steps = rows.filter((p) => p.turn === turn);
  if (steps.length === 0) throw notFound(`Turn ${turn}`);
  const viewer = await viewerIn(db, userId, gameId, asked);
  const [whole] = await wholeTurnReports(db, ruleset, steps, viewer);
  return { turn, resolved: whole !== undefined, report: whole?.report ?? null };
}
