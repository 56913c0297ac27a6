// House rules (R9) as game options: chosen in the challenge, carried in every phase's state, reported
// each turn, replayed identically by verify; unknown rules are refused before anything is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { verifyGame } from "../../server/services/verify";
import { createChallenge } from "../../server/services/games";
import { classicRules } from "../../server/services/ruleset-games/rules";
import { review1942 } from "../../app/game/[id]/game-types";
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
    // Stored as 1942's own options (Ruleset.options), never at the top of `options`.
    expect(game!.options.rules).toEqual({ lowLuck: false, houseRules });
    expect(game!.options.houseRules).toBeUndefined();
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
    // The review (play.review) gives the game's rules; the review page reads its victory cities there, as game.review tells them.
    const review = await asEve.play.review({ gameId, turn: 1 });
    expect(review.rules).toEqual({ lowLuck: false, houseRules });
    expect(await asEve.game.review({ gameId, turn: 1 })).toMatchObject({ lowLuck: false, victoryCities: true });
    expect(review1942(review)).toEqual(await asEve.game.review({ gameId, turn: 1 }));
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

  it("refuses a bad house rule value through 1942's own options check, naming it, and creates nothing", async () => {
    const gil = await makeUser(handle, `gil-h-${Math.random()}@example.com`);
    const before = (await handle.db.select().from(games)).length;
    // The router's schema lets no bad value through, so the service is called directly, as the API's would be.
    const challenge = { name: "Bad", nations: ["Germany" as const], robots: [], options: { ...QUICK, robots: false } };
    await expect(createChallenge(handle.db, gil.id, { ...challenge, options: { ...challenge.options, rules: { houseRules: { minorVictoryTurn: 0 } } } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "houseRules.minorVictoryTurn is a turn from 1 to 100 (R9)",
    });
    await expect(createChallenge(handle.db, gil.id, { ...challenge, options: { ...challenge.options, rules: { fog: true } } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining('no option "fog"'),
    });
    expect((await handle.db.select().from(games)).length).toBe(before);
  });

  it("reads a game stored before its options moved to rules from its old top-level fields", async () => {
    const hal = await makeUser(handle, `hal-h-${Math.random()}@example.com`);
    const asHal = callerFor(handle, hal);
    const { gameId } = await asHal.game.create({ name: "Old", nations: ["Germany"], robots: ["Russia", "United Kingdom", "Japan", "United States"], ...QUICK });
    // Written the old way: low luck and house rules at the top of options, no rules.
    const [game] = await handle.db.select().from(games).where(eq(games.id, gameId));
    const { rules: _rules, ...old } = game!.options;
    await handle.db.update(games).set({ options: { ...old, lowLuck: true, houseRules: { victoryCities: true } } }).where(eq(games.id, gameId));
    const [stored] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(stored!.options.rules).toBeUndefined();
    expect(classicRules(stored!.options)).toEqual({ lowLuck: true, houseRules: { victoryCities: true } });
    const view = await asHal.game.get({ gameId });
    expect(view.game.lowLuck).toBe(true);
    expect(view.game.houseRules).toEqual({ victoryCities: true });
    // The review reads them the same way: the page marks the victory cities and tells the low luck.
    const review = await asHal.play.review({ gameId, turn: 1 });
    expect(review.rules).toEqual({ lowLuck: true, houseRules: { victoryCities: true } });
    expect(review1942(review)).toMatchObject({ lowLuck: true, victoryCities: true });
    expect(await asHal.game.review({ gameId, turn: 1 })).toMatchObject({ lowLuck: true, victoryCities: true });
  });
});
