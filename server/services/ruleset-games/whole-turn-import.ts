// A game stored as whole turns (a classic 1942 game, wholeTurnRows) becomes a game played a phase at a
// time, in one transaction per game: its rows are loaded, its ruleset's importWholeTurns says what the
// phased rows are (or why the game stays as it is), and they are written — each whole-turn row becomes
// its turn's first phase (same id: its attendance and notices stay attached), the later phases of the
// turn are new rows with the turn's seed, the open turn's saved orders become each side's one batch,
// and the game gets its scenario, after which it is no longer a whole-turn game: a rerun changes
// nothing. Knows no rule: the ruleset does all the mapping (docs/platform.md).
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { battlePreferences, games, orders, phases, seats, standings } from "../../../db/schema";
import type { Phase } from "../phases";
import { gameRules } from "./rules";
import { rulesetOf, wholeTurnRows } from "./rulesets";

export type ImportOutcome = { gameId: number; outcome: "converted"; phases: number } | { gameId: number; outcome: "unchanged"; reason: string };

/** The open row's saved orders, each side's rows in listing order, with who saved them last. */
async function savedRows(tx: Db, phaseId: number) {
  const rows = await tx.select().from(orders).where(eq(orders.phaseId, phaseId)).orderBy(asc(orders.nation), asc(orders.position));
  const bySide: Record<string, typeof rows> = {};
  for (const row of rows) (bySide[row.nation] ??= []).push(row);
  return bySide;
}

/** Each seated side's standing setting as the whole-turn services kept it: its player's preference in the game. */
async function settingsOf(tx: Db, gameId: number): Promise<Record<string, unknown>> {
  const rows = await tx
    .select({ side: seats.nation, value: battlePreferences.casualties })
    .from(seats)
    .innerJoin(battlePreferences, and(eq(battlePreferences.gameId, seats.gameId), eq(battlePreferences.userId, seats.userId)))
    .where(eq(seats.gameId, gameId));
  return Object.fromEntries(rows.map((r) => [r.side, r.value]));
}

export async function importWholeTurnGame(db: Db, gameId: number): Promise<ImportOutcome> {
  return db.transaction(async (tx) => {
    // FOR UPDATE: a save, lock, deadline or job of this game waits, and a second import finds it done.
    const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
    if (!game) return { gameId, outcome: "unchanged", reason: "no such game" };
    if (!wholeTurnRows(game)) return { gameId, outcome: "unchanged", reason: "already played a phase at a time" };
    const ruleset = rulesetOf(game.ruleset);
    if (!ruleset.importWholeTurns) return { gameId, outcome: "unchanged", reason: `${ruleset.name} cannot rewrite its whole-turn games` };
    const rows: Phase[] = await tx.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn), asc(phases.step)).for("update");
    const open = rows.at(-1)?.status === "open" ? rows.at(-1)! : undefined;
    const saved = open ? await savedRows(tx, open.id) : {};
    const rules = gameRules(game.options);
    const result = ruleset.importWholeTurns({
      options: rules,
      rows: rows.map((r) => ({
        turn: r.turn,
        status: r.status,
        start: r.startState,
        ordersBySide: r.orders as Record<string, unknown> | null,
        recorded: { decisions: r.decisions ?? null, stage: r.postCombat ?? null },
        seed: r.seed,
        report: r.report,
        version: r.engineVersion,
      })),
      saved: Object.fromEntries(Object.entries(saved).map(([side, list]) => [side, list.map((r) => r.order)])),
      settings: await settingsOf(tx, gameId),
    });
    if (!result.ok) return { gameId, outcome: "unchanged", reason: result.reason };

    for (const p of result.phases) {
      const row = rows[p.from]!;
      const values = {
        step: p.step,
        status: p.status,
        startState: p.start as never,
        orders: p.ordersBySide as never,
        report: p.report as never,
        engineVersion: p.version,
        decisions: null,
        pending: null,
        postCombat: null,
        decisionDeadline: null,
        verification: null,
      };
      if (p.step === 0) await tx.update(phases).set(values).where(eq(phases.id, row.id));
      else
        await tx.insert(phases).values({ ...values, gameId, turn: p.turn, kind: "orders", seed: row.seed, seedHash: row.seedHash, deadline: row.deadline, createdAt: row.createdAt, resolvedAt: row.resolvedAt });
    }
    if (open) {
      // One batch per side (position 0), as play.save stores it; the side's player keeps it as theirs.
      await tx.delete(orders).where(eq(orders.phaseId, open.id));
      const batches = Object.entries(result.saved).map(([side, batch]) => {
        const last = [...(saved[side] ?? [])].sort((a, b) => b.savedAt.getTime() - a.savedAt.getTime())[0];
        return { phaseId: open.id, nation: side as never, position: 0, order: batch as never, savedBy: last?.savedBy ?? null, savedAt: last?.savedAt ?? new Date() };
      });
      if (batches.length > 0) await tx.insert(orders).values(batches);
    }
    for (const [side, value] of Object.entries(result.standings)) await tx.insert(standings).values({ gameId, side, value }).onConflictDoNothing();
    await tx
      .update(games)
      .set({ scenario: result.scenario, options: { ...game.options, rules } })
      .where(and(eq(games.id, gameId), isNull(games.scenario)));
    return { gameId, outcome: "converted", phases: result.phases.length };
  });
}

/** Every whole-turn game, one transaction each (`npm run convert-classic`); games given by id, or all. */
export async function importWholeTurnGames(db: Db, ids?: number[]): Promise<ImportOutcome[]> {
  const candidates = await db
    .select({ id: games.id, ruleset: games.ruleset, scenario: games.scenario })
    .from(games)
    .where(ids && ids.length > 0 ? and(isNull(games.scenario), inArray(games.id, ids)) : isNull(games.scenario))
    .orderBy(asc(games.id));
  const out: ImportOutcome[] = [];
  for (const game of candidates.filter((g) => wholeTurnRows(g))) out.push(await importWholeTurnGame(db, game.id));
  return out;
}
