// R7.3 (docs/rules-decisions.md) — during post-combat every role sees the combat's outcome (battles,
// captures, where units stand) and nothing else of the turn: no other nation's orders or purchases,
// no treasury after spending, until the turn resolves. Checked over every read procedure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { drain } from "../../server/jobs/worker";
import { testDb } from "../support/db";
import { callerFor, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const ALICE_MOVE = "ALICE-FIGHTER-OUT";
const BOB_BUY = "BOB-SECRET-BUY";

describe("post-combat shows the combat's outcome only (R7.3)", () => {
  it("hides every nation's orders, purchases and spending from every other role until the turn resolves", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const asCarol = callerFor(handle, await makeUser(handle, `carol-pc-${Math.random()}@example.com`));
    const asNobody = callerFor(handle, null);
    const start = (await asBob.game.get({ gameId })).board!.treasury;
    expect(
      (await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: ALICE_MOVE, units: { fighter: 1 }, from: "West Europe", path: ["West Spain Sea Zone"] }] })).ok,
    ).toBe(true);
    const bob = await asBob.orders.save({ gameId, nation: "Japan", orders: [{ id: BOB_BUY, type: "infantry", count: 2, destination: "Japan" }] });
    expect(bob.ok).toBe(true);
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    await drain(handle, "test");

    const alice = await asAlice.game.get({ gameId });
    expect(alice.phase!.status).toBe("post-combat");
    // The outcome is public: the fighter stands at sea on everyone's board.
    for (const caller of [asAlice, asBob, asCarol]) {
      const view = await caller.game.get({ gameId });
      expect(view.board!.units).toContainEqual(expect.objectContaining({ nation: "Germany", type: "fighter", at: "West Spain Sea Zone" }));
      expect(Object.keys(view.postCombat!.report).sort()).toEqual(["battles", "captures", "owners", "units"]);
      // Spending would tell what was bought: the treasury stays the one at the start of the turn.
      expect(view.board!.treasury).toEqual(start);
    }
    const reads = (c: typeof asBob) =>
      Promise.all([c.game.get({ gameId }), c.game.lobby(), c.game.history({ gameId }), c.game.review({ gameId, turn: 1 }), c.notifications.list(), c.notifications.unread()]).then(
        (r) => JSON.stringify(r),
      );
    // Each player sees its own orders (so the checks below can fail), nobody else's.
    expect(await reads(asAlice)).toContain(ALICE_MOVE);
    expect(await reads(asBob)).toContain(BOB_BUY);
    expect(await reads(asAlice)).not.toContain(BOB_BUY);
    expect(await reads(asBob)).not.toContain(ALICE_MOVE);
    const carol = await reads(asCarol);
    for (const secret of [ALICE_MOVE, BOB_BUY]) expect(carol).not.toContain(secret);
    expect(carol).not.toContain('"purchases"');
    await expect(asNobody.game.get({ gameId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    // Once the turn resolves, everything is told.
    await asAlice.postCombat.lock({ gameId, nation: "Germany" });
    await drain(handle, "test");
    const history = JSON.stringify((await asCarol.game.history({ gameId })).phases[0]);
    for (const secret of [ALICE_MOVE, BOB_BUY]) expect(history).toContain(secret);
  });
});
