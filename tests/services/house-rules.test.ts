// House rules (R9) as game options: chosen in the challenge, carried in every phase's state, reported
// each turn, replayed identically by verify; unknown rules are refused before anything is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { verifyGame } from "../../server/services/verify";
import { testDb } from "../support/db";
import { QUICK, callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("house rules in a web game (R9)", () => {
  it("are carried from the challenge into every turn's state and report, and verify", async () => {
    const eve = await makeUser(handle, `eve-h-${Math.random()}@example.com`);
    const asEve = callerFor(handle, eve);
    const houseRules = { victoryCities: true, commerceRaiding: true, vcInfantry: true };
    const { gameId } = await asEve.game.create({ name: "House", nations: ["Germany"], robots: ["Russia", "United Kingdom", "Japan", "United States"], ...QUICK, houseRules });
    const [game] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(game!.options.houseRules).toEqual(houseRules);
    // R9.2: infantry are raised at victory cities, so Germany's 2 infantry for Germany are still legal; R4.10 limits are replaced.
    const saved = await asEve.orders.save({ gameId, nation: "Germany", orders: [{ id: "p1", type: "infantry", count: 2, destination: "Germany" }] });
    expect(saved.ok).toBe(true);
    await asEve.orders.lock({ gameId, nation: "Germany" });
    await drain(handle, "test");
    const [first, second] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
    expect(first!.startState.houseRules).toEqual(houseRules);
    expect(second!.startState.houseRules).toEqual(houseRules);
    expect(second!.startState.turn).toBe(2);
    const report = first!.report as { victoryPoints?: { points: Record<string, number> }; commerceRaiding?: unknown[] };
    expect(report.victoryPoints!.points.Axis).toBeGreaterThan(0);
    expect(Array.isArray(report.commerceRaiding)).toBe(true);
    expect((await verifyGame(handle.db, gameId)).ok).toBe(true);
  });

  it("refuses an unknown house rule as BAD_REQUEST and creates nothing", async () => {
    const fay = await makeUser(handle, `fay-h-${Math.random()}@example.com`);
    const asFay = callerFor(handle, fay);
    const before = (await handle.db.select().from(games)).length;
    await expect(
      asFay.game.create({ name: "Bad", nations: ["Germany"], robots: [], ...QUICK, houseRules: { victoryCitys: true } as never }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await handle.db.select().from(games)).length).toBe(before);
  });
});
