// A player's standing casualty preference in a game (default R6.9 order, or keep fighters or armour
// for last), and "resolve with my preferences": the battles of the current phase that the
// preference decides for the player, round after round, as the player's own choice.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { battlePreferences, seats } from "../../db/schema";
import { preferredDecision, type CasualtyPreference } from "../rulesets/1942/engine/combat/preference";
import type { Nation } from "../rulesets/1942/engine";
import { forbidden } from "./errors";
import { lockBattlePhase, recordDecisions } from "./battles";

export interface BattlePreference {
  casualties: CasualtyPreference;
}

async function playerSeats(db: Db, gameId: number, userId: string): Promise<Nation[]> {
  const rows = await db.select({ nation: seats.nation }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.userId, userId)));
  return rows.map((r) => r.nation);
}

/** The caller's own preference; nobody reads another player's (it is keyed by the caller alone). */
export async function getPreference(db: Db, gameId: number, userId: string): Promise<BattlePreference> {
  const [row] = await db.select().from(battlePreferences).where(and(eq(battlePreferences.gameId, gameId), eq(battlePreferences.userId, userId)));
  return { casualties: row?.casualties ?? "default" };
}

export async function setPreference(db: Db, gameId: number, userId: string, casualties: CasualtyPreference): Promise<BattlePreference> {
  if ((await playerSeats(db, gameId, userId)).length === 0) throw forbidden("Only a player of this game keeps battle preferences in it");
  await db
    .insert(battlePreferences)
    .values({ gameId, userId, casualties })
    .onConflictDoUpdate({ target: [battlePreferences.gameId, battlePreferences.userId], set: { casualties } });
  return { casualties };
}

/**
 * Decide every waiting request of `battle` whose chooser the caller plays, now and in later rounds of
 * this phase, with the caller's preference (R6.6-legal, no submerge or withdrawal: R6.9).
 */
export async function resolveWithPreferences(db: Db, gameId: number, userId: string, battle: string): Promise<{ decided: number }> {
  return db.transaction(async (tx) => {
    const phase = await lockBattlePhase(tx, gameId);
    const nations = await playerSeats(tx, gameId, userId);
    if (!phase.pending.battles.some((b) => b.territory === battle)) throw forbidden(`No battle in ${battle} waits now (R6.3)`);
    const [row] = await tx.select().from(battlePreferences).where(and(eq(battlePreferences.gameId, gameId), eq(battlePreferences.userId, userId)));
    const autoBattles = row?.autoPhaseId === phase.id ? [...new Set([...row.autoBattles, battle])] : [battle];
    const casualties = row?.casualties ?? "default";
    await tx
      .insert(battlePreferences)
      .values({ gameId, userId, casualties, autoPhaseId: phase.id, autoBattles })
      .onConflictDoUpdate({ target: [battlePreferences.gameId, battlePreferences.userId], set: { autoPhaseId: phase.id, autoBattles } });
    const chosen = phase.pending.requests
      .filter((r) => r.battle === battle && nations.includes(r.chooser))
      .map((request) => ({ request, decision: preferredDecision(request, casualties) }));
    await recordDecisions(tx, phase, chosen);
    return { decided: chosen.length };
  });
}
