// The lobby's "your games": each active game shows its turn, its running deadline and whether it waits
// for the viewer's orders — the viewer's own facts only (another player's lock is not the viewer's).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("the lobby's own games", () => {
  it("shows the turn, the orders deadline and who still owes orders, per viewer", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const view = await asAlice.game.get({ gameId });
    const turnOf = async (caller: typeof asAlice) => (await caller.game.lobby()).mine.find((g) => g.id === gameId)!.turn;

    expect(await turnOf(asAlice)).toEqual({ number: 1, status: "open", deadline: view.phase!.deadline, needs: "orders" });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    // Alice has locked: nothing waits for her; Bob's Japan still owes its orders.
    expect((await turnOf(asAlice))?.needs).toBeNull();
    expect(await turnOf(asBob)).toMatchObject({ number: 1, status: "open", needs: "orders" });
    // An open challenge carries no turn.
    expect((await asAlice.game.lobby()).open.every((g) => g.turn === undefined)).toBe(true);
  });

  it("shows landings due to the player whose aircraft must land, and nothing to the other (R7.3)", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    // Alice flies the West Europe fighter out to sea: after combat it must land.
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "g1", units: { fighter: 1 }, from: "West Europe", path: ["West Spain Sea Zone"] }] });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    await drain(handle, "test");
    const view = await asAlice.game.get({ gameId });
    expect(view.phase!.status).toBe("post-combat");
    const turnOf = async (caller: typeof asAlice) => (await caller.game.lobby()).mine.find((g) => g.id === gameId)!.turn;
    expect(await turnOf(asAlice)).toEqual({ number: 1, status: "post-combat", deadline: view.phase!.decisionDeadline, needs: "landing" });
    expect((await turnOf(asBob))?.needs).toBeNull();
    await asAlice.postCombat.lock({ gameId, nation: "Germany" });
    await drain(handle, "test");
    expect(await turnOf(asAlice)).toMatchObject({ number: 2, status: "open", needs: "orders" });
  });

  it("shows a battle decision due to the side's chooser (R6.2), and nothing to the other player", async () => {
    // Germany attacks Caucasus: the battle waits for Germany's choices as the Axis chooser. The dice
    // are the game's own, so a game whose battle asks Germany nothing is set aside for another.
    const attack = async () => {
      const game = await twoPlayerGame(handle);
      const { asAlice, asBob, gameId } = game;
      await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "g1", units: { infantry: 3, armour: 2 }, from: "Ukraine S.S.R.", path: ["Caucasus"] }] });
      await asAlice.orders.lock({ gameId, nation: "Germany" });
      await asBob.orders.lock({ gameId, nation: "Japan" });
      await drain(handle, "test");
      return { ...game, view: await asAlice.game.get({ gameId }) };
    };
    let game = await attack();
    for (let i = 0; i < 4 && !game.view.phase!.pending?.requests.some((r) => r.chooser === "Germany"); i++) game = await attack();
    const { asAlice, asBob, gameId, view } = game;
    expect(view.phase!.status).toBe("battles");
    expect(view.phase!.pending!.requests.some((r) => r.chooser === "Germany")).toBe(true);
    const turnOf = async (caller: typeof asAlice) => (await caller.game.lobby()).mine.find((g) => g.id === gameId)!.turn;
    expect(await turnOf(asAlice)).toEqual({ number: 1, status: "battles", deadline: view.phase!.decisionDeadline, needs: "decision" });
    expect((await turnOf(asBob))?.needs).toBeNull();
  });

  it("offers running games of others to watch, with nations and turn; never the viewer's own or open ones", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    const asCarol = callerFor(handle, await makeUser(handle, `carol-watch-${Math.random()}@example.com`));
    const { gameId: openId } = await asCarol.game.create({ name: "Still open", nations: ["Russia"], robots: [], lowLuck: false, ordersHours: 24, decisionHours: 12, robotsHold: false, robotTakeover: 0, press: "none" });
    const carolSees = (await asCarol.game.lobby()).watch;
    const watched = carolSees.find((g) => g.id === gameId)!;
    expect(watched).toMatchObject({ status: "active", turn: { number: 1, status: "open", needs: null } });
    expect(watched.seats.map((s) => [s.nation, s.robot, s.mine])).toEqual([
      ["Russia", true, false],
      ["Germany", false, false],
      ["United Kingdom", true, false],
      ["Japan", false, false],
      ["United States", true, false],
    ]);
    expect(carolSees.map((g) => g.id)).not.toContain(openId);
    // Alice plays it: it is hers, not one to watch.
    expect((await asAlice.game.lobby()).watch.map((g) => g.id)).not.toContain(gameId);
  });

  it("shows every game's own options as every service reads them, beside the platform's", async () => {
    const asIda = callerFor(handle, await makeUser(handle, `ida-options-${Math.random()}@example.com`));
    const listed = async (id: number) => {
      const lobby = await asIda.game.lobby();
      return [...lobby.open, ...lobby.mine].find((g) => g.id === id)!.options as unknown;
    };
    const { gameId: classic } = await asIda.game.create({ name: "Low", nations: ["Germany"], robots: [], ...QUICK, lowLuck: true, houseRules: { victoryCities: true } });
    expect(await listed(classic)).toMatchObject({ lowLuck: true, houseRules: { victoryCities: true }, ordersHours: QUICK.ordersHours });
    // A 1942 game stored before its options moved to rules: read from the top of its options.
    const [game] = await handle.db.select().from(games).where(eq(games.id, classic));
    const { rules: _rules, ...old } = game!.options;
    await handle.db.update(games).set({ options: { ...old, lowLuck: true, houseRules: { victoryCities: true } } }).where(eq(games.id, classic));
    expect(await listed(classic)).toMatchObject({ lowLuck: true, houseRules: { victoryCities: true } });
    // Another ruleset's option (TA9.3's turn limit) is read the same way.
    const { gameId: other } = await asIda.play.create({ name: "Short", ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], robots: [], ordersHours: 24, excusedMisses: 0, rules: { turnLimit: 5 } });
    expect(await listed(other)).toMatchObject({ turnLimit: 5, ordersHours: 24 });
  });
});
