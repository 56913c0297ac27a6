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
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
import { canonical } from "../../server/services/ruleset-games/verify";
import { getRuleset } from "../../server/rulesets";
import { defaultDecision, validateOrders, type DecisionRecord, type GameState, type HouseRules, type Nation } from "../../server/rulesets/1942/engine";
import { stepOf } from "../../server/rulesets/1942/engine/combat/decisions";
import { robotOrders } from "../../server/rulesets/1942/robots/robot";
import type { BattleOrders, LandingOrders, Orders1942, Report1942, State1942 } from "../../server/rulesets/1942";
import type { BattleStage, PostCombatStage } from "../../server/rulesets/1942/phases/turn-so-far";
import { otherChoice } from "../support/casualty-choice";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const ruleset = getRuleset("1942")!;
type Caller = ReturnType<typeof callerFor>;
type Phase = typeof phases.$inferSelect;

/** What the played games did, so the test knows it covered what it claims. */
const seen = { playerChoices: 0, notDefault: 0, deadlineDefaults: 0, robotChoices: 0, landings: 0, aaMoves: 0, battlePhases: 0, postCombatPhases: 0, commerceRaids: 0 };

async function rowsOf(gameId: number): Promise<Phase[]> {
  return handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
}


/** Play `turns` turns: Alice (Germany) and Bob (Russia) order as robots would, then decide in three ways and land where they like. */
async function playGame(options: { lowLuck: boolean; houseRules?: HouseRules }, turns: number): Promise<number> {
  const alice = await makeUser(handle, `alice-p-${Math.random()}@example.com`);
  const bob = await makeUser(handle, `bob-p-${Math.random()}@example.com`);
  const asAlice = callerFor(handle, alice);
  const asBob = callerFor(handle, bob);
  const { gameId } = await asAlice.game.create({
    name: "Phases",
    nations: ["Germany"],
    robots: ["Japan", "United Kingdom", "United States"],
    lowLuck: options.lowLuck,
    ordersHours: 24,
    decisionHours: 24,
    robotsHold: false,
    ...(options.houseRules ? { houseRules: options.houseRules } : {}),
  });
  await asBob.game.join({ gameId, nation: "Russia" });
  const players: [Caller, Nation][] = [
    [asAlice, "Germany"],
    [asBob, "Russia"],
  ];
  let step = 0;
  const skipped = new Set<string>();
  for (let turn = 1; turn <= turns; turn++) {
    const open = (await rowsOf(gameId)).at(-1)!;
    if (open.turn !== turn || open.status !== "open") break;
    for (const [caller, nation] of players) {
      const list = robotOrders(open.startState, nation, `${open.seedHash}|${nation}`);
      const checked = validateOrders(open.startState, nation, list);
      const orders = list.filter((_, i) => checked.results[i]!.ok);
      if (orders.length > 0) expect((await caller.orders.save({ gameId, nation, orders })).ok).toBe(true);
      await caller.orders.lock({ gameId, nation });
    }
    await drain(handle, "test");
    for (let i = 0; i < 80; i++) {
      const phase = (await rowsOf(gameId)).at(-1)!;
      if (phase.turn !== turn) break;
      if (phase.status === "resolved") break;
      if (phase.status === "battles") {
        let acted = false;
        for (const [caller, nation] of players) {
          const view = await caller.game.get({ gameId });
          const mine = view.phase!.pending!.requests.filter((r) => r.chooser === nation);
          for (const r of mine) {
            const key = `${r.battle}|${r.round}|${stepOf(r)}|${r.team}`;
            if (skipped.has(key)) continue;
            const way = step++ % 3;
            if (way === 2) {
              skipped.add(key); // left to the deadline
              continue;
            }
            acted = true;
            if (way === 1 && r.kind === "casualties") {
              await caller.battle.setPreference({ gameId, casualties: "keep-armour" });
              await caller.battle.resolveWithPreferences({ gameId, nation, battle: r.battle });
              break; // the preference answered this battle's other requests too
            }
            const decision = otherChoice(r);
            await caller.battle.decide({ gameId, nation, battle: r.battle, round: r.round, step: stepOf(r), decision }).catch((e: Error) => {
              // A preference set for this battle may have answered it already.
              if (!/waiting/.test(e.message)) throw e;
            });
          }
        }
        if (!acted) {
          const past = new Date(Date.now() - 1000).toISOString();
          const pending = { ...phase.pending!, requests: phase.pending!.requests.map((r) => ({ ...r, deadline: past })) };
          await handle.db.update(phases).set({ decisionDeadline: new Date(past), pending }).where(eq(phases.id, phase.id));
          await sweepDeadlines(handle.db);
          skipped.clear();
        }
      } else if (phase.status === "post-combat") {
        for (const [caller, nation] of players) {
          const mine = (await caller.game.get({ gameId })).postCombat?.mine[nation];
          if (!mine) continue;
          // Land each group at the farthest place its choices name; move one AA gun when one may move.
          const landings = mine.choices.air.map((a) => ({ type: a.type as "fighter" | "bomber", count: a.count, from: a.from, to: a.destinations.at(-1)?.to ?? a.from }));
          const aaMoves = mine.choices.aaGuns.slice(0, 1).flatMap((g) => (g.destinations[0] ? [{ from: g.from, to: g.destinations[0], count: 1 }] : []));
          const saved = await caller.postCombat.save({ gameId, nation, landings, aaMoves });
          if (!saved.ok) await caller.postCombat.save({ gameId, nation, landings: [], aaMoves });
          await caller.postCombat.lock({ gameId, nation });
        }
      }
      await drain(handle, "test");
    }
  }
  return gameId;
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
