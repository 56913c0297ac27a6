// Post-combat as a players' phase (R7): it opens when a player has air units to land, shows each
// nation only its own choices, refuses illegal landings with the rule and stores nothing, closes at
// the last lock (R7.3) or at the deadline with the default landing (R7.4, R3.1), exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { phases, postCombatOrders } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
import { verifyGame } from "../../server/services/verify";
import { testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

/** Alice (Germany) flies the West Europe fighter out to sea; the turn's combat leaves it there to land. */
async function fighterAtSea() {
  const game = await twoPlayerGame(handle);
  const { asAlice, asBob, gameId } = game;
  const saved = await asAlice.orders.save({
    gameId,
    nation: "Germany",
    orders: [{ id: "g1", units: { fighter: 1 }, from: "West Europe", path: ["West Spain Sea Zone"] }],
  });
  expect(saved).toEqual({ ok: true, saved: 1 });
  await asAlice.orders.lock({ gameId, nation: "Germany" });
  await asBob.orders.lock({ gameId, nation: "Japan" });
  await drain(handle, "test");
  return game;
}

async function phasesOf(gameId: number) {
  return handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
}

describe("post-combat in the web game (R7)", () => {
  it("opens for the player with air to land and shows each nation only its own choices", async () => {
    const { asAlice, asBob, gameId } = await fighterAtSea();
    const alice = await asAlice.game.get({ gameId });
    expect(alice.phase!.status).toBe("post-combat");
    expect(alice.phase!.decisionDeadline).not.toBeNull();
    const germany = alice.postCombat!.mine.Germany!;
    expect(germany.locked).toBe(false);
    const fighter = germany.choices.air.find((a) => a.type === "fighter" && a.from === "West Spain Sea Zone")!;
    expect(fighter.count).toBe(1);
    // 4 moves, 1 used: West Europe (1 step) and other German land within 3 steps are safe.
    expect(fighter.destinations.map((d) => d.to)).toContain("West Europe");
    expect(fighter.destinations.find((d) => d.to === "West Europe")!.steps).toBe(1);
    expect(fighter.defaults).toEqual([{ to: "West Europe", count: 1 }]);
    // The combat's outcome is public now (orders and purchases wait for the turn to resolve); the board
    // shows the fighter where combat left it.
    expect(alice.postCombat!.report).not.toHaveProperty("orders");
    expect(alice.board!.units).toContainEqual(expect.objectContaining({ nation: "Germany", type: "fighter", at: "West Spain Sea Zone" }));
    expect(alice.postCombat!.waitingFor).toContain("Germany");

    const bob = await asBob.game.get({ gameId });
    expect(bob.phase!.status).toBe("post-combat");
    expect(bob.postCombat!.mine.Germany).toBeUndefined();
    expect(JSON.stringify(bob.postCombat!.mine)).not.toContain("West Spain Sea Zone");
  });

  it("refuses an illegal landing with the rule and stores nothing; refuses other nations", async () => {
    const { asAlice, asBob, gameId } = await fighterAtSea();
    const far = await asAlice.postCombat.save({ gameId, nation: "Germany", landings: [{ type: "fighter", count: 1, from: "West Spain Sea Zone", to: "Russia" }], aaMoves: [] });
    expect(far.ok).toBe(false);
    if (!far.ok) expect(far.refused[0]).toMatchObject({ kind: "landing", index: 0, reason: expect.stringMatching(/\(R7\.1\)$/) });
    const tooMany = await asAlice.postCombat.save({ gameId, nation: "Germany", landings: [{ type: "fighter", count: 2, from: "West Spain Sea Zone", to: "West Europe" }], aaMoves: [] });
    expect(tooMany.ok).toBe(false);
    const badAa = await asAlice.postCombat.save({ gameId, nation: "Germany", landings: [], aaMoves: [{ from: "Germany", to: "Russia", count: 1 }] });
    expect(badAa.ok).toBe(false);
    if (!badAa.ok) expect(badAa.refused[0]!.reason).toMatch(/\(R7\.2\)$/);
    const [row] = await handle.db.select().from(postCombatOrders).where(eq(postCombatOrders.nation, "Germany"));
    expect(row).toBeDefined();
    const stored = await handle.db.select().from(postCombatOrders);
    expect(stored.every((r) => r.landings.length === 0 && r.aaMoves.length === 0)).toBe(true);
    await expect(asBob.postCombat.save({ gameId, nation: "Germany", landings: [], aaMoves: [] })).rejects.toThrow(/do not play Germany/);
    for (const input of [
      { gameId, nation: "Germany", landings: [{ type: "tank", count: 1, from: "West Spain Sea Zone", to: "West Europe" }], aaMoves: [] },
      { gameId, nation: "Germany", landings: [{ type: "fighter", count: -1, from: "West Spain Sea Zone", to: "West Europe" }], aaMoves: [] },
      { gameId, nation: "Germany", landings: "all", aaMoves: [] },
      { gameId, nation: "Germany", landings: [{ type: "fighter", count: 1, from: "West Spain Sea Zone", to: "West Europe", extra: 1 }], aaMoves: [] },
    ])
      await expect(asAlice.postCombat.save(input as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const nowhere = await asAlice.postCombat.save({ gameId, nation: "Germany", landings: [{ type: "fighter", count: 1, from: "Atlantis", to: "Nowhere" }], aaMoves: [{ from: "Atlantis", to: "Nowhere", count: 1 }] });
    expect(nowhere.ok).toBe(false);
    if (!nowhere.ok) expect(nowhere.refused.map((r) => r.kind)).toEqual(["landing", "aaMove"]);
    expect((await handle.db.select().from(postCombatOrders)).every((r) => r.landings.length === 0 && r.aaMoves.length === 0)).toBe(true);
    // Japan has nothing to choose: it counts as locked at once, and locking again closes nothing.
    await expect(asBob.postCombat.lock({ gameId, nation: "Japan" })).resolves.toMatchObject({ resolving: false });
    await expect(asBob.postCombat.unlock({ gameId, nation: "Japan" })).rejects.toThrow(/nothing to land or move/);
  });

  it("lands where the player chose at the last lock, once, and replays identically", async () => {
    const { asAlice, gameId } = await fighterAtSea();
    const alice = await asAlice.game.get({ gameId });
    const fighter = alice.postCombat!.mine.Germany!.choices.air[0]!;
    const chosen = fighter.destinations.find((d) => d.to !== "West Europe" && d.steps <= 3)!.to;
    const saved = await asAlice.postCombat.save({ gameId, nation: "Germany", landings: [{ type: "fighter", count: 1, from: "West Spain Sea Zone", to: chosen }], aaMoves: [] });
    expect(saved).toEqual({ ok: true });
    await expect(asAlice.postCombat.save({ gameId, nation: "Germany", landings: [], aaMoves: [] })).resolves.toEqual({ ok: true });
    await asAlice.postCombat.save({ gameId, nation: "Germany", landings: [{ type: "fighter", count: 1, from: "West Spain Sea Zone", to: chosen }], aaMoves: [] });
    const locked = await asAlice.postCombat.lock({ gameId, nation: "Germany" });
    expect(locked.resolving).toBe(true);
    // Locking again, unlocking or saving after the stage closed changes nothing.
    await expect(asAlice.postCombat.unlock({ gameId, nation: "Germany" })).rejects.toThrow(/R7\.3/);
    await drain(handle, "test");
    await drain(handle, "test");
    const [first, second] = await phasesOf(gameId);
    expect(first!.status).toBe("resolved");
    expect(second!.turn).toBe(2);
    const report = first!.report as { landings: { type: string; from: string; to: string; rule: string }[] };
    expect(report.landings).toContainEqual(expect.objectContaining({ type: "fighter", from: "West Spain Sea Zone", to: chosen, rule: "R7.1" }));
    expect(second!.startState.units.some((u) => u.nation === "Germany" && u.type === "fighter" && u.at === chosen)).toBe(true);
    const check = await verifyGame(handle.db, gameId);
    expect(check.ok).toBe(true);
  });

  it("at the deadline, an unlocked nation takes the default landing (R7.4, R3.1)", async () => {
    const { gameId } = await fighterAtSea();
    const [phase] = await phasesOf(gameId);
    expect(await sweepDeadlines(handle.db)).toBe(0);
    await handle.db.update(phases).set({ decisionDeadline: new Date(Date.now() - 1000) }).where(eq(phases.id, phase!.id));
    expect(await sweepDeadlines(handle.db)).toBe(1);
    expect(await sweepDeadlines(handle.db)).toBe(0);
    await drain(handle, "test");
    const [first, second] = await phasesOf(gameId);
    expect(first!.status).toBe("resolved");
    const report = first!.report as { landings: { type: string; from: string; to: string; rule: string }[] };
    expect(report.landings).toContainEqual(expect.objectContaining({ type: "fighter", from: "West Spain Sea Zone", to: "West Europe", rule: "R7.4" }));
    expect(second!.turn).toBe(2);
  });
});
