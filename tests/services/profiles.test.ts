// Profiles (issue 22): /player/ID shows the display name, finished games played and won (with their
// reviews' turns), the rating history and the reliability record — never an address, never a game
// still running.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { registerPodium } from "../support/podium-ruleset";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  registerPodium();
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const SETTINGS = { ordersHours: 24, excusedMisses: 0 };
const RATED = { lowLuck: false, ordersHours: 24, decisionHours: 24, robotsHold: false, excusedMisses: 0, rated: true };

describe("a player's profile", () => {
  it("tells games played and won, the rating history and the record, and never the address", async () => {
    const jo = await makeUser(handle, `jo-secret-${Math.random()}@example.com`);
    const kim = await makeUser(handle, `kim-${Math.random()}@example.com`);
    const asJo = callerFor(handle, jo);
    const asKim = callerFor(handle, kim);
    const { gameId } = await asJo.game.create({ name: "Profiled", nations: ["Germany", "Japan"], robots: [], ...RATED });
    for (const n of ["Russia", "United Kingdom", "United States"] as const) await asKim.game.join({ gameId, nation: n });
    const running = await asJo.game.create({ name: "Still running", nations: ["Germany"], robots: [], ...RATED });
    // The Axis win turn 1 (Moscow and London theirs and empty, R8.6).
    const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn)).limit(1);
    const start = phase!.startState;
    await handle.db
      .update(phases)
      .set({ startState: { ...start, owners: { ...start.owners, Russia: "Germany", "United Kingdom": "Japan" }, units: start.units.filter((u) => u.at !== "Russia" && u.at !== "United Kingdom") } })
      .where(eq(phases.id, phase!.id));
    for (const n of ["Germany", "Japan"] as const) await asJo.orders.lock({ gameId, nation: n });
    for (const n of ["Russia", "United Kingdom", "United States"] as const) await asKim.orders.lock({ gameId, nation: n });
    await drain(handle, "test");

    // The end stored its result in the ruleset's words (Ruleset.result): 1942 names the winning team.
    const [stored] = await handle.db.select({ status: games.status, result: games.result }).from(games).where(eq(games.id, gameId));
    expect(stored).toEqual({ status: "finished", result: { over: true, winners: ["Axis"], draw: false, reason: expect.stringContaining("R8.6") } });

    const jos = await asKim.player.profile({ id: jo.id });
    expect(jos).toMatchObject({ id: jo.id, rulesets: [{ ruleset: "1942", name: "1942", played: 1, won: 1, rating: null, ratedGames: 1 }] });
    expect(jos.games).toEqual([{ gameId, ruleset: "1942", name: "Profiled", nations: ["Germany", "Japan"], won: true, rated: true, lastTurn: 1 }]);
    expect(jos.games.map((g) => g.gameId)).not.toContain(running.gameId);
    expect(jos.ratingHistory).toEqual([{ ruleset: "1942", gameId, at: expect.any(String), rating: null, won: true }]);
    expect(jos.reliability).toMatchObject({ phasesDue: 2, actedOn: 2, missed: 0, finishedGames: 1, figure: 100 });
    expect((await asJo.player.profile({ id: kim.id })).rulesets[0]).toMatchObject({ played: 1, won: 0 });
    expect(JSON.stringify(jos)).not.toContain("@");
    await expect(asKim.player.profile({ id: "no-such-player" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(handle, null).player.profile({ id: jo.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    // A game finished before results were stored (result null) still answers from its last report.
    await handle.db.update(games).set({ result: null }).where(eq(games.id, gameId));
    expect((await asKim.player.profile({ id: jo.id })).games).toMatchObject([{ gameId, won: true }]);
    expect((await asJo.player.profile({ id: kim.id })).games).toMatchObject([{ gameId, won: false }]);
  });

  it("counts another ruleset's games beside 1942's, and an anonymous one only once it ended, for every viewer", async () => {
    const [lu, mo, ned, oli] = await Promise.all(["lu", "mo", "ned", "oli"].map((n) => makeUser(handle, `${n}-${Math.random()}@example.com`)));
    const settings = { ruleset: "podium", scenario: "free", seats: 3, robots: [], ordersHours: 24, excusedMisses: 0, anonymous: true };
    const { gameId } = await callerFor(handle, lu!).play.create({ name: "Masked podium", mine: ["a"], ...settings });
    await callerFor(handle, mo!).play.join({ gameId, side: "b" });
    await callerFor(handle, ned!).play.join({ gameId, side: "c" });
    // The player, the other players and an outsider: none sees the running game on lu's profile.
    const viewers = [lu!, mo!, ned!, oli!];
    for (const viewer of viewers) {
      const seen = await callerFor(handle, viewer).player.profile({ id: lu!.id });
      expect(seen.games).toEqual([]);
      expect(seen.rulesets).toEqual([]);
      expect(seen.reliability.finishedGames).toBe(0);
    }
    for (const [user, side] of [[lu!, "a"], [mo!, "b"], [ned!, "c"]] as const) {
      await callerFor(handle, user).play.save({ gameId, side, orders: { win: side === "a" } });
      await callerFor(handle, user).play.lock({ gameId, side });
    }
    await drain(handle, "test");
    for (const viewer of viewers) {
      const seen = await callerFor(handle, viewer).player.profile({ id: lu!.id });
      expect(seen.games).toEqual([{ gameId, ruleset: "podium", name: "Masked podium", nations: ["a"], won: true, rated: false, lastTurn: 1 }]);
      expect(seen.rulesets).toEqual([{ ruleset: "podium", name: "Podium", played: 1, won: 1, rating: null, ratedGames: 0 }]);
      expect(seen.reliability).toMatchObject({ phasesDue: 1, actedOn: 1, finishedGames: 1 });
    }
    await expect(callerFor(handle, null).player.profile({ id: lu!.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("reads a War of the Triple Alliance game's stored result, and replays a game that stored none", async () => {
    const [pat, quin] = await Promise.all(["pat", "quin"].map((n) => makeUser(handle, `${n}-${Math.random()}@example.com`)));
    const [asPat, asQuin] = [callerFor(handle, pat!), callerFor(handle, quin!)];
    // One turn (TA9.3), Paraguay ahead on hits inflicted before it: with no orders nobody fires, so Paraguay wins.
    const { gameId } = await asPat.play.create({ name: "Short battle", ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], robots: [], rules: { turnLimit: 1 }, ...SETTINGS });
    await asQuin.play.join({ gameId, side: "brazil" });
    const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
    const start = phase!.startState as unknown as { inflicted: Record<string, number> };
    const ahead = { ...start, inflicted: { ...start.inflicted, Paraguay: 1 } };
    await handle.db.update(phases).set({ startState: ahead as never }).where(eq(phases.id, phase!.id));
    await asPat.play.lock({ gameId, side: "paraguay" });
    await asQuin.play.lock({ gameId, side: "brazil" });
    await drain(handle, "test");
    const storedResult = async () => (await handle.db.select({ status: games.status, result: games.result }).from(games).where(eq(games.id, gameId)))[0];
    expect(await storedResult()).toEqual({ status: "finished", result: { over: true, winners: ["paraguay"], draw: false, reason: expect.stringContaining("TA9.3") } });
    const won = async (user: { id: string }) => (await asQuin.player.profile({ id: user.id })).games.map((g) => [g.gameId, g.won]);
    expect([await won(pat!), await won(quin!)]).toEqual([[[gameId, true]], [[gameId, false]]]);

    // The stored result is what counts: with a last phase no replay could read and Brazil named
    // the winner in the stored result, the profile follows the stored result.
    await handle.db.update(phases).set({ startState: { broken: true } as never, orders: null }).where(eq(phases.gameId, gameId));
    await handle.db.update(games).set({ result: { over: true, winners: ["brazil"], draw: false, reason: "stored" } }).where(eq(games.id, gameId));
    expect([await won(pat!), await won(quin!)]).toEqual([[[gameId, false]], [[gameId, true]]]);

    // A game finished before results were stored (result null) answers by replaying its last phase.
    await handle.db.update(phases).set({ startState: ahead as never, orders: {} }).where(eq(phases.gameId, gameId));
    await handle.db.update(games).set({ result: null }).where(eq(games.id, gameId));
    expect([await won(pat!), await won(quin!)]).toEqual([[[gameId, true]], [[gameId, false]]]);
  });
});
