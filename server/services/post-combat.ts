// Post-combat as a players' phase (R7): after combat, each nation with air units to land (or AA guns
// that may move) saves its choices, checked by the engine, and locks them (R7.3). The last lock or
// the decision deadline closes the stage and queues the end of the turn, once.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, phases, postCombatOrders, type PostCombatStage } from "../../db/schema";
import { NATIONS, landAircraft, moveAaGuns, type AaMove, type LandingOrder, type Nation, type PostCombatChoices } from "../rulesets/1942/engine";
import { enqueue } from "../jobs/queue";
import { conflict, notFound, notYours } from "./errors";
import { publish } from "./events";
import { deadlineFrom } from "./deadline-time";
import { writeBoth } from "./one-trip";
import type { Seated } from "./adjudication-inputs";
import { notify } from "./notify";
import { namedCall, textArray } from "./named-call";
import { currentPhase, type Phase } from "./phases";
import { combatOf } from "../rulesets/1942/stored/replay";
import { requireClassic } from "./ruleset-games/rulesets";
import { classicRules } from "./ruleset-games/rules";

/** The job key of a phase's end of turn: one per phase, whoever closes the stage. */
export function finishKey(phaseId: number): string {
  return `adjudicate:${phaseId}:post-combat`;
}

/** Nations with something to choose in post-combat. */
export function choosers(choices: PostCombatChoices): Set<Nation> {
  return new Set([...choices.air.map((a) => a.nation), ...choices.aaGuns.map((g) => g.nation)]);
}

/** Does a player have air units to land? Only then does post-combat wait for players (R7). */
export function needsPlayers(choices: PostCombatChoices, humans: ReadonlySet<Nation>): boolean {
  return choices.air.some((a) => humans.has(a.nation));
}

/**
 * Open the post-combat stage: store the combat report and the choices, give every nation a row —
 * locked at once for robots and for nations with nothing to choose — and tell the players.
 */
export async function openPostCombat(
  tx: Db,
  phase: Phase,
  game: typeof games.$inferSelect,
  stage: PostCombatStage,
  humans: ReadonlySet<Nation>,
  set: Partial<typeof phases.$inferInsert>,
  /** The game's seats, as the adjudication read them (whom to tell). */
  seated: Seated[],
): Promise<void> {
  const deadline = deadlineFrom(new Date(), game.options.decisionHours, game.options.decisionsAt);
  const update = tx.update(phases).set({ ...set, status: "post-combat", postCombat: stage, decisionDeadline: deadline }).where(eq(phases.id, phase.id));
  const acting = choosers(stage.choices);
  const rows = [...humans, ...acting].filter((n, i, all) => all.indexOf(n) === i);
  const insert = tx.insert(postCombatOrders).values(
    rows.map((nation) => ({ phaseId: phase.id, nation, lockedAt: humans.has(nation) && acting.has(nation) ? null : new Date() })),
  );
  // The phase's update and the stage's rows in one statement (a round trip fewer; rows is never empty: R7).
  if (rows.length > 0) await writeBoth(tx, update, insert);
  else await update;
  const notes = seated
    .filter((s) => !s.robot && s.userId && acting.has(s.nation))
    .map((s) => {
      const air = stage.choices.air.filter((a) => a.nation === s.nation).reduce((n, a) => n + a.count, 0);
      return {
        userId: s.userId!,
        gameId: game.id,
        kind: "post-combat" as const,
        text:
          air > 0
            ? `${game.name}: ${s.nation} has ${air} air unit${air === 1 ? "" : "s"} to land after combat`
            : `${game.name}: combat is over — ${s.nation} may move AA guns`,
        url: `/game/${game.id}#post-combat`,
        eventKey: `post-combat:${phase.id}:${s.nation}`,
        fact: { kind: "post-combat" as const, phaseId: phase.id, nation: s.nation },
      };
    });
  // The game's event in the notes' last statement (a round trip fewer).
  await notify(tx, notes, { gameId: game.id, kind: "post-combat", turn: phase.turn });
}

/** The players' saved choices of a phase, as the engine takes them. */
export async function savedPostCombat(tx: Db, phaseId: number): Promise<NonNullable<PostCombatStage["used"]>> {
  const rows = await tx.select().from(postCombatOrders).where(eq(postCombatOrders.phaseId, phaseId));
  const landings: Partial<Record<Nation, LandingOrder[]>> = {};
  const aaMoves: Partial<Record<Nation, AaMove[]>> = {};
  for (const r of rows.sort((a, b) => (a.nation < b.nation ? -1 : 1))) {
    if (r.landings.length > 0) landings[r.nation] = r.landings;
    if (r.aaMoves.length > 0) aaMoves[r.nation] = r.aaMoves;
  }
  return { landings, aaMoves };
}

async function stageForUpdate(tx: Db, gameId: number): Promise<Phase & { postCombat: PostCombatStage }> {
  const latest = await currentPhase(tx, gameId);
  if (!latest) throw notFound("A phase of this game");
  const [phase] = await tx.select().from(phases).where(eq(phases.id, latest.id)).for("update");
  if (!phase || phase.status !== "post-combat" || !phase.postCombat) throw conflict("No post-combat moves are open in this game now (R7.3)");
  return phase as Phase & { postCombat: PostCombatStage };
}

async function rowOf(tx: Db, phaseId: number, nation: Nation) {
  const [row] = await tx.select().from(postCombatOrders).where(and(eq(postCombatOrders.phaseId, phaseId), eq(postCombatOrders.nation, nation)));
  if (!row) throw conflict(`${nation} has nothing to land or move after this combat (R7)`);
  return row;
}

export interface PostCombatInput {
  landings: LandingOrder[];
  aaMoves: AaMove[];
}

export type PostCombatSave = { ok: true } | { ok: false; refused: { kind: "landing" | "aaMove"; index: number; reason: string }[] };

/**
 * Save a nation's landings and AA moves. They are checked by the same engine functions that apply
 * them (R7.1, R7.2), against the combat's outcome; any refusal stores nothing.
 */
export async function savePostCombat(
  db: Db,
  userId: string,
  gameId: number,
  nation: Nation,
  input: PostCombatInput,
): Promise<PostCombatSave> {
  return db.transaction(async (tx) => {
    const phase = await stageForUpdate(tx, gameId);
    const row = await rowOf(tx, phase.id, nation);
    if (row.lockedAt) throw conflict(`${nation} has locked its post-combat moves; unlock to change them (R7.3)`);
    const [game] = await tx.select().from(games).where(eq(games.id, gameId));
    const combat = combatOf(phase, phase.orders ?? {}, classicRules(game!.options).lowLuck);
    const landed = landAircraft(phase.startState, combat.state, combat.aftermath, { [nation]: input.landings });
    const moved = moveAaGuns(phase.startState, landed.state, { [nation]: input.aaMoves });
    const refused = [
      ...landed.refused.map((r) => ({ kind: "landing" as const, index: input.landings.indexOf(r.order), reason: r.reason })),
      ...moved.refused.map((r) => ({ kind: "aaMove" as const, index: input.aaMoves.indexOf(r.order), reason: r.reason })),
    ];
    if (refused.length > 0) return { ok: false as const, refused };
    await tx
      .update(postCombatOrders)
      .set({ landings: input.landings, aaMoves: input.aaMoves, savedBy: userId })
      .where(and(eq(postCombatOrders.phaseId, phase.id), eq(postCombatOrders.nation, nation)));
    return { ok: true as const };
  });
}

/** Close the stage and queue the end of the turn (last lock or deadline; R7.3, R3.1). */
export async function closePostCombat(tx: Db, phase: Pick<Phase, "id">): Promise<void> {
  await tx.update(phases).set({ status: "resolving" }).where(and(eq(phases.id, phase.id), eq(phases.status, "post-combat")));
  await enqueue(tx, finishKey(phase.id), { phaseId: phase.id });
}

// Every nation, in the order events list them.
const NATIONS_LITERAL = textArray(NATIONS);

type PostCombatRefusal = "not-yours" | "no-phase" | "not-open" | "no-row";

/** lock_post_combat and unlock_post_combat (drizzle/0019), sent as named statements. */
const lockCall = namedCall<{ outcome: "locked" | "resolving" | PostCombatRefusal; locked?: Nation[] }>(
  "lock_post_combat",
  (p) => sql`select lock_post_combat(${p("gameId")}, ${p("nation")}, ${p("userId")}, ${p("nations")}::text[], ${p("endsVacation")}) as result`,
);
const unlockCall = namedCall<{ outcome: "unlocked" | PostCombatRefusal; locked?: Nation[] }>(
  "unlock_post_combat",
  (p) => sql`select unlock_post_combat(${p("gameId")}, ${p("nation")}, ${p("userId")}, ${p("nations")}::text[]) as result`,
);

/** A refusal of the post-combat lock or unlock, with the words the player is told. */
async function refused(db: Db, gameId: number, nation: Nation, outcome: PostCombatRefusal): Promise<never> {
  switch (outcome) {
    case "not-yours":
      // Only on the refusal path: a game of another ruleset is told so (the router's nationProcedure did).
      await requireClassic(db, gameId);
      throw notYours(nation);
    case "no-phase":
      throw notFound("A phase of this game");
    case "not-open":
      throw conflict("No post-combat moves are open in this game now (R7.3)");
    case "no-row":
      throw conflict(`${nation} has nothing to land or move after this combat (R7)`);
  }
}

/**
 * Lock a nation's post-combat moves (R7.3); only its player may. One round trip: lock_post_combat
 * (drizzle/0019) checks the seat, locks the phase row, locks the nation's row, acts on its
 * "post-combat" notes, reads the locks and, when none is left open, closes the stage and queues the
 * end of the turn (closePostCombat's writes, once), publishes the event and, with `endsVacation` (a
 * player's own lock, issue 22), ends the locker's running vacation.
 */
export async function lockPostCombat(db: Db, userId: string, gameId: number, nation: Nation, options: { endsVacation?: boolean } = {}): Promise<{ locked: Nation[]; resolving: boolean }> {
  const { outcome, locked = [] } = await lockCall(db, { gameId, nation, userId, nations: NATIONS_LITERAL, endsVacation: options.endsVacation ?? false });
  if (outcome === "locked" || outcome === "resolving") return { locked, resolving: outcome === "resolving" };
  return refused(db, gameId, nation, outcome);
}

/** Unlock a nation's post-combat moves while the stage is open; one round trip (unlock_post_combat). */
export async function unlockPostCombat(db: Db, userId: string, gameId: number, nation: Nation): Promise<{ locked: Nation[] }> {
  const { outcome, locked = [] } = await unlockCall(db, { gameId, nation, userId, nations: NATIONS_LITERAL });
  return outcome === "unlocked" ? { locked } : refused(db, gameId, nation, outcome);
}
