// The 1942 ruleset's phases (server/rulesets/1942/phases) give exactly what the web game's services
// give. Whole games are played through the services — two players and three robots, real battles with
// chosen casualties, choices left to a preference or to the deadline's default, post-combat landings
// and AA moves — then every stored turn is replayed phase by phase through the adapter (orders → each
// battles phase → post-combat → the turn's end) from its stored inputs alone, one seed for every
// phase as the services use one per turn: the next turn's stored start and the stored report must be
// the adapter's, byte for byte, and so must the post-combat stage's stored combat report and choices.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classicRules } from "../../server/services/ruleset-games/rules";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, phases } from "../../db/schema";
import { canonical } from "../../server/services/ruleset-games/verify";
import { getRuleset } from "../../server/rulesets";
import { defaultDecision, type DecisionRecord, type GameState, type HouseRules, type Nation } from "../../server/rulesets/1942/engine";
import { stepOf } from "../../server/rulesets/1942/engine/combat/decisions";
import type { BattleOrders, LandingOrders, Orders1942, Report1942, State1942 } from "../../server/rulesets/1942";
import type { BattleStage, PostCombatStage } from "../../server/rulesets/1942/phases/turn-so-far";
import { newClassicGame, playClassicTurns } from "../support/classic-play";
import { testDb } from "../support/db";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const ruleset = getRuleset("1942")!;
type Phase = typeof phases.$inferSelect;

/** What the played games did, so the test knows it covered what it claims. */
const seen = { playerChoices: 0, notDefault: 0, deadlineDefaults: 0, robotChoices: 0, landings: 0, aaMoves: 0, battlePhases: 0, postCombatPhases: 0, commerceRaids: 0 };

async function rowsOf(gameId: number): Promise<Phase[]> {
  return handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
}


/** Play `turns` turns of a classic game: Alice (Germany) and Bob (Russia) order as robots would, then decide in three ways and land where they like. */
async function playGame(options: { lowLuck: boolean; houseRules?: HouseRules }, turns: number): Promise<number> {
  const game = await newClassicGame(handle, options);
  await playClassicTurns(handle, game, turns);
  return game.gameId;
}

/** Every waiting decision answered from the stored records: a player's as its choice, a robot's by its robot, a default by nobody. */
function battleBatches(stage: BattleStage, stored: readonly DecisionRecord[]): Record<string, Orders1942> {
  const batches: Record<string, BattleOrders> = {};
  for (const r of stage.requests) {
    const record = stored.find((d) => d.battle === r.battle && d.pass === stage.pass && d.round === r.round && d.step === stepOf(r) && d.team === r.team);
    if (!record) throw new Error(`no stored decision for ${r.battle} round ${r.round} ${stepOf(r)} ${r.team}`);
    if (record.by === "default") {
      seen.deadlineDefaults += 1;
      continue;
    }
    if (record.by === "robot") {
      seen.robotChoices += 1;
      batches[r.chooser] = ruleset.robot(stage, r.chooser, "robot") as BattleOrders;
      continue;
    }
    seen.playerChoices += 1;
    if (JSON.stringify(record.decision) !== JSON.stringify(defaultDecision(r))) seen.notDefault += 1;
    const batch = (batches[r.chooser] ??= { choices: [] });
    batch.choices.push({ battle: r.battle, round: r.round, step: stepOf(r), decision: record.decision });
  }
  return batches;
}

/** A stored turn replayed phase by phase through the adapter. */
function replayTurn(phase: Phase, lowLuck: boolean) {
  const acts = (state: State1942) => ruleset.phases(state)[ruleset.phaseOf!(state)]!;
  let result: { state: State1942; report: Report1942 } = ruleset.resolve(phase.startState, phase.orders ?? {}, { lowLuck }, phase.seed, "orders");
  let postCombat: PostCombatStage | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const state = result.state;
    if (!("stage" in state)) break;
    const phaseInfo = acts(state);
    let batches: Record<string, Orders1942>;
    if (state.stage === "battles") {
      seen.battlePhases += 1;
      batches = battleBatches(state, phase.decisions ?? []);
    } else {
      seen.postCombatPhases += 1;
      postCombat = state;
      const used = phase.postCombat?.used ?? {};
      batches = Object.fromEntries(
        phaseInfo.sides.map((side) => {
          const n = side as Nation;
          const batch: LandingOrders = { landings: [...(used.landings?.[n] ?? [])], aaMoves: [...(used.aaMoves?.[n] ?? [])] };
          seen.landings += batch.landings.length;
          seen.aaMoves += batch.aaMoves.length;
          return [side, batch];
        }),
      );
    }
    // Only the sides the phase names act, and their batches pass the adapter's own checks.
    for (const [side, batch] of Object.entries(batches)) {
      expect(phaseInfo.sides, `${side} acts in ${phaseInfo.id}`).toContain(side);
      expect(ruleset.validate(state, side, batch), `${side} in ${phaseInfo.id}`).toEqual({ ok: true });
    }
    result = ruleset.resolve(state, batches, null, phase.seed, phaseInfo.id);
  }
  return { ...result, postCombat };
}

async function expectSameAsServices(gameId: number) {
  const [game] = await handle.db.select().from(games).where(eq(games.id, gameId));
  const rows = await rowsOf(gameId);
  const resolved = rows.filter((p) => p.status === "resolved");
  expect(resolved.length).toBeGreaterThanOrEqual(3);
  for (const [i, phase] of rows.entries()) {
    if (phase.status !== "resolved") continue;
    const replay = replayTurn(phase, classicRules(game!.options).lowLuck);
    expect(JSON.stringify(replay.report), `turn ${phase.turn}: report`).toBe(JSON.stringify(phase.report));
    seen.commerceRaids += ((phase.report as { commerceRaiding?: { zones: unknown[] }[] }).commerceRaiding ?? []).filter((r) => r.zones.length > 0).length;
    const next = rows[i + 1];
    if (next) expect(canonical(replay.state), `turn ${phase.turn}: next start`).toBe(canonical(next.startState));
    else expect(ruleset.result(replay.state).over).toBe(true);
    if (phase.postCombat) {
      // The services' post-combat stage is the adapter's: the same combat report and choices.
      expect(replay.postCombat, `turn ${phase.turn}: a post-combat phase`).toBeDefined();
      expect(JSON.stringify(replay.postCombat!.combat)).toBe(JSON.stringify(phase.postCombat.report));
      expect(JSON.stringify(replay.postCombat!.choices)).toBe(JSON.stringify(phase.postCombat.choices));
    }
    // The robots' orders are the adapter's robot's, with the seed the platform gives a robot.
    for (const nation of ["Japan", "United Kingdom", "United States"] as const)
      expect(phase.orders?.[nation] ?? [], `turn ${phase.turn}: ${nation}'s robot`).toEqual(ruleset.robot(phase.startState as GameState, nation, `${phase.seed}|robot|${nation}`));
  }
}

describe("the 1942 ruleset's phases against the web game's services", () => {
  it("replays whole games phase by phase to the stored reports and states (normal dice)", { timeout: 600_000 }, async () => {
    const gameId = await playGame({ lowLuck: false }, 5);
    await expectSameAsServices(gameId);
  });

  it("replays them with low luck and house rules (commerce raiding rolls at the turn's end)", { timeout: 600_000 }, async () => {
    const gameId = await playGame({ lowLuck: true, houseRules: { victoryCities: true, commerceRaiding: true } }, 4);
    await expectSameAsServices(gameId);
  });

  it("covered battles chosen by players, preferences, deadlines and robots, and post-combat landings", () => {
    expect(seen.battlePhases).toBeGreaterThan(3);
    expect(seen.playerChoices).toBeGreaterThan(3);
    expect(seen.notDefault).toBeGreaterThan(0);
    expect(seen.deadlineDefaults).toBeGreaterThan(0);
    expect(seen.robotChoices).toBeGreaterThan(0);
    expect(seen.postCombatPhases).toBeGreaterThan(0);
    expect(seen.landings).toBeGreaterThan(0);
    expect(seen.aaMoves).toBeGreaterThan(0);
    expect(seen.commerceRaids).toBeGreaterThan(0);
  });
});
