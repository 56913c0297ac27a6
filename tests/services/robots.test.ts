// Robots in web games (R3.2): they order through the engine and lock at once, their orders stay as
// secret as anyone's, and (game option) a robot takes over a nation whose player keeps missing the
// orders deadline, until the player takes it back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { notifications, orders, phases, seats } from "../../db/schema";
import { defaultDecision } from "../../server/rulesets/1942/engine";
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
import { testDb } from "../support/db";
import { QUICK, callerFor, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function latestPhase(gameId: number) {
  const rows = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
  return rows.at(-1)!;
}

async function passDeadline(gameId: number) {
  const phase = await latestPhase(gameId);
  await handle.db.update(phases).set({ deadline: new Date(Date.now() - 1000) }).where(eq(phases.id, phase.id));
  await sweepDeadlines(handle.db);
  await drain(handle, "test");
}

describe("robots in a web game", () => {
  it("order and lock at once through the engine; their orders stay hidden until the turn resolves", async () => {
    const dave = await makeUser(handle, `dave-r-${Math.random()}@example.com`);
    const asDave = callerFor(handle, dave);
    const { gameId } = await asDave.game.create({ name: "Solo", nations: ["United States"], robots: ["Russia", "Germany", "United Kingdom", "Japan"], ...QUICK, robotsHold: false });
    const phase = await latestPhase(gameId);
    const stored = await handle.db.select().from(orders).where(eq(orders.phaseId, phase.id));
    const byNation = new Set(stored.map((o) => o.nation));
    // Every robot moves or buys something on the opening board, and none of it is the player's.
    for (const n of ["Russia", "Germany", "United Kingdom", "Japan"] as const) expect(byNation.has(n), n).toBe(true);
    expect(stored.every((o) => o.savedBy === null)).toBe(true);
    const view = await asDave.game.get({ gameId });
    expect(view.phase!.locked).toEqual(["Russia", "Germany", "United Kingdom", "Japan"]);
    expect(Object.keys(view.myOrders)).toEqual(["United States"]);
    for (const o of stored) expect(JSON.stringify(view)).not.toContain(JSON.stringify(o.order));

    await asDave.orders.lock({ gameId, nation: "United States" });
    await drain(handle, "test");
    // The player takes every default the turn asks for; robots never make it wait.
    for (let i = 0; i < 50; i++) {
      const now = await asDave.game.get({ gameId });
      if (now.phase!.turn > 1) break;
      if (now.phase!.status === "battles")
        for (const r of now.phase!.pending!.requests.filter((q) => q.mine))
          await asDave.battle.decide({ gameId, nation: "United States", battle: r.battle, round: r.round, step: r.kind === "casualties" ? r.step : "retreat", decision: defaultDecision(r) });
      if (now.phase!.status === "post-combat") await asDave.postCombat.lock({ gameId, nation: "United States" });
      await drain(handle, "test");
    }
    const first = (await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn))[0]!;
    expect(first.status).toBe("resolved");
    const report = first.report as { orders: { id: string; nation: string; status: string }[] };
    const robotOrders = report.orders.filter((o) => o.nation !== "United States");
    expect(robotOrders.length).toBe(stored.length);
    expect(robotOrders.filter((o) => o.status === "invalid")).toEqual([]);
  });

  it("take over a nation after the missed deadlines the game allows, and give it back", async () => {
    const alice = await makeUser(handle, `alice-t-${Math.random()}@example.com`);
    const bob = await makeUser(handle, `bob-t-${Math.random()}@example.com`);
    const asAlice = callerFor(handle, alice);
    const asBob = callerFor(handle, bob);
    const { gameId } = await asAlice.game.create({ name: "Takeover", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK, robotTakeover: 2 });
    await asBob.game.join({ gameId, nation: "Japan" });
    const japan = async () => (await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Japan"))))[0]!;

    // Turn 1: Bob misses; turn 2: Bob locks (the count starts again); turns 3 and 4: Bob misses twice.
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await passDeadline(gameId);
    expect(await japan()).toMatchObject({ missedDeadlines: 1, robot: false });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    expect(await japan()).toMatchObject({ missedDeadlines: 0, robot: false });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await drain(handle, "test");
    for (let i = 0; i < 2; i++) {
      await asAlice.orders.lock({ gameId, nation: "Germany" });
      await passDeadline(gameId);
    }
    expect(await japan()).toMatchObject({ missedDeadlines: 2, robot: true, userId: bob.id });
    const told = await handle.db.select().from(notifications).where(and(eq(notifications.userId, bob.id), eq(notifications.kind, "robot-takeover")));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/robot plays it from turn 5/);

    // Turn 5 opened with the robot's lock on Japan; Alice's lock alone now resolves the turn.
    let view = await asBob.game.get({ gameId });
    expect(view.phase).toMatchObject({ turn: 5, status: "open" });
    expect(view.phase!.locked).toContain("Japan");
    expect(view.seats.find((s) => s.nation === "Japan")).toMatchObject({ robot: true, mine: true });
    await expect(asBob.orders.save({ gameId, nation: "Japan", orders: [] })).rejects.toMatchObject({ code: "CONFLICT" });

    // Someone else cannot take it; Bob can, and orders this very turn.
    await expect(asAlice.game.reclaim({ gameId, nation: "Japan" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await asBob.game.reclaim({ gameId, nation: "Japan" });
    view = await asBob.game.get({ gameId });
    expect(view.phase!.locked).not.toContain("Japan");
    expect(view.seats.find((s) => s.nation === "Japan")).toMatchObject({ robot: false, mine: true });
    await expect(asBob.orders.save({ gameId, nation: "Japan", orders: [] })).resolves.toEqual({ ok: true, saved: 0 });
    await expect(asBob.game.reclaim({ gameId, nation: "Japan" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("play the nation of a player who leaves, at once: the leaver's turn does not hold the others", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    await asBob.orders.save({ gameId, nation: "Japan", orders: [{ id: "j1", units: { infantry: 1 }, from: "Manchuria", path: ["Kwangtung"] }] });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await expect(asAlice.game.leave({ gameId, nation: "Japan" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await asBob.game.leave({ gameId, nation: "Japan" });
    const [japan] = await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Japan")));
    expect(japan).toMatchObject({ robot: true, userId: null });
    // Bob's saved orders went with him; the robot (holding, in this practice game) locked, and the turn resolved.
    await drain(handle, "test");
    const rows = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
    expect(rows.map((p) => p.status)).toEqual(["resolved", "open"]);
    expect((rows[0]!.report as { orders: { id: string }[] }).orders.map((o) => o.id)).not.toContain("j1");
    expect((await asBob.game.lobby()).mine.map((g) => g.id)).not.toContain(gameId);
    await expect(asBob.orders.save({ gameId, nation: "Japan", orders: [] })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("never take over when the game does not allow it", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    for (let i = 0; i < 3; i++) {
      await asAlice.orders.lock({ gameId, nation: "Germany" });
      await passDeadline(gameId);
    }
    const [japan] = await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Japan")));
    expect(japan).toMatchObject({ missedDeadlines: 3, robot: false });
  });
});
