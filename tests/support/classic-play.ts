// A classic 1942 game (game.create, its own services) played by two players and three robots: Alice
// (Germany) and Bob (Russia) order as robots would, then decide their battles three ways (a choice
// other than the default, a battle left to a preference, a request left to its deadline's default) and
// land their air where they like. For the tests that compare what the classic services stored.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { DbHandle } from "../../db/client";
import { phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
import { validateOrders, type HouseRules, type Nation } from "../../server/rulesets/1942/engine";
import { stepOf } from "../../server/rulesets/1942/engine/combat/decisions";
import { robotOrders } from "../../server/rulesets/1942/robots/robot";
import { otherChoice } from "./casualty-choice";
import { callerFor, makeUser, phaseRows } from "./world";

type Caller = ReturnType<typeof callerFor>;
export interface ClassicGame {
  gameId: number;
  players: [Caller, Nation][];
  /** The players' user ids, in the order of `players`. */
  userIds: string[];
}

export async function newClassicGame(handle: DbHandle, options: { lowLuck: boolean; houseRules?: HouseRules }): Promise<ClassicGame> {
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
  return { gameId, players: [[asAlice, "Germany"], [asBob, "Russia"]], userIds: [alice.id, bob.id] };
}

/** Orders a robot would give `nation` in the open turn, only those the engine accepts. */
export function sensibleOrders(phase: Pick<typeof phases.$inferSelect, "startState" | "seedHash">, nation: Nation) {
  const list = robotOrders(phase.startState, nation, `${phase.seedHash}|${nation}`);
  const checked = validateOrders(phase.startState, nation, list);
  return list.filter((_, i) => checked.results[i]!.ok);
}

/** Both players save sensible orders and lock; the turn's adjudication runs. */
export async function orderAndLock(handle: DbHandle, game: ClassicGame): Promise<void> {
  const open = (await phaseRows(handle, game.gameId)).at(-1)!;
  for (const [caller, nation] of game.players) {
    const orders = sensibleOrders(open, nation);
    if (orders.length > 0) expect((await caller.orders.save({ gameId: game.gameId, nation, orders })).ok).toBe(true);
    await caller.orders.lock({ gameId: game.gameId, nation });
  }
  await drain(handle, "test");
}

/** The turn's battles and post-combat decided until the turn resolves (`step` counts choices across turns). */
export async function decideTurn(handle: DbHandle, game: ClassicGame, turn: number, counter = { step: 0 }): Promise<void> {
  const { gameId, players } = game;
  const skipped = new Set<string>();
  for (let i = 0; i < 80; i++) {
    const phase = (await phaseRows(handle, gameId)).at(-1)!;
    if (phase.turn !== turn || phase.status === "resolved") break;
    if (phase.status === "battles") {
      let acted = false;
      for (const [caller, nation] of players) {
        const view = await caller.game.get({ gameId });
        const mine = view.phase!.pending!.requests.filter((r) => r.chooser === nation);
        for (const r of mine) {
          const key = `${r.battle}|${r.round}|${stepOf(r)}|${r.team}`;
          if (skipped.has(key)) continue;
          const way = counter.step++ % 3;
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

/** Play `turns` whole turns (fewer when the game ends first). */
export async function playClassicTurns(handle: DbHandle, game: ClassicGame, turns: number, counter = { step: 0 }): Promise<void> {
  for (let turn = 1; turn <= turns; turn++) {
    const open = (await phaseRows(handle, game.gameId)).at(-1)!;
    if (open.turn !== turn || open.status !== "open") break;
    await orderAndLock(handle, game);
    await decideTurn(handle, game, turn, counter);
  }
}
