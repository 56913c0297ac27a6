// orders.save keeps each game's open phase per process and writes without reading it again
// (server/services/orders.ts, save_orders in drizzle/0010). These cases prove a kept phase that has
// gone stale never decides a save, and that a stranger learns nothing about the orders either way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { orders, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

// All four infantry of Germany (the territory) to East Europe: legal on turn 1; on turn 2 none are left.
const allInfantry = [{ id: "g1", units: { infantry: 4 }, from: "Germany", path: ["East Europe"] }];

async function openPhase(gameId: number) {
  const [phase] = await handle.db.select().from(phases).where(and(eq(phases.gameId, gameId), eq(phases.status, "open")));
  return phase!;
}

const savedIn = async (phaseId: number) =>
  (await handle.db.select().from(orders).where(and(eq(orders.phaseId, phaseId), eq(orders.nation, "Germany")))).map((r) => r.order.id);

describe("orders.save with the game's open phase kept (R4, issue 15)", () => {
  it("after the turn resolved, checks a list against the new turn and stores it there", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const first = await openPhase(gameId);
    expect(await asAlice.orders.save({ gameId, nation: "Germany", orders: allInfantry })).toEqual({ ok: true, saved: 1 });
    expect(await savedIn(first.id)).toEqual(["g1"]);
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    expect(await drain(handle, "kept-phase")).toBe(1);
    const second = await openPhase(gameId);
    expect(second.turn).toBe(2);

    // Legal against the kept turn-1 state, illegal on turn 2: refused by turn 2's rules, nothing stored.
    const refused = await asAlice.orders.save({ gameId, nation: "Germany", orders: allInfantry });
    expect(refused).toEqual({ ok: false, results: [{ ok: false, rule: "R4.2", message: "Germany has 0 infantry in Germany; this order asks for 4 (R4.2)" }] });
    expect(await savedIn(second.id)).toEqual([]);

    // Legal on both turns: stored in turn 2, the turn-1 list untouched.
    const hold = [{ id: "g2", units: { armour: 2 }, from: "Germany", path: ["East Europe"] }];
    expect(await asAlice.orders.save({ gameId, nation: "Germany", orders: hold })).toEqual({ ok: true, saved: 1 });
    expect(await savedIn(second.id)).toEqual(["g2"]);
    expect(await savedIn(first.id)).toEqual(["g1"]);
  });

  it("tells a player who does not hold the seat 'not yours' whether the list is legal or not, and stores nothing", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const phase = await openPhase(gameId);
    // Alice's save keeps the open phase, so Bob's saves below take the path that skips the read.
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [] });
    await expect(asBob.orders.save({ gameId, nation: "Germany", orders: allInfantry })).rejects.toMatchObject({ code: "FORBIDDEN", message: "You do not play Germany in this game" });
    const illegal = [{ id: "g9", units: { infantry: 40 }, from: "Germany", path: ["East Europe"] }];
    await expect(asBob.orders.save({ gameId, nation: "Germany", orders: illegal })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const twice = [...allInfantry, ...allInfantry];
    await expect(asBob.orders.save({ gameId, nation: "Germany", orders: twice })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await savedIn(phase.id)).toEqual([]);
  });

  it("refuses a locked nation's save on the kept path as on the read", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    const phase = await openPhase(gameId);
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [] });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await expect(asAlice.orders.save({ gameId, nation: "Germany", orders: allInfantry })).rejects.toMatchObject({ code: "CONFLICT", message: "Germany has locked its orders; unlock to change them" });
    expect(await savedIn(phase.id)).toEqual([]);
  });
});

describe("orders.save's commit (issue 15)", () => {
  it("does not wait for the disk, and only the save's own transaction is so", async () => {
    const { alice, gameId } = await twoPlayerGame(handle);
    const phase = await openPhase(gameId);
    // save_orders inside an explicit transaction, to read the setting it leaves for its commit.
    const setting = await handle.db.transaction(async (tx) => {
      const before = (await tx.execute(sql`select current_setting('synchronous_commit') as s`)) as unknown as { rows: { s: string }[] };
      const written = (await tx.execute(sql`select save_orders(${gameId}, ${phase.id}, ${phase.seedHash}, 'Germany', 1, ${alice.id}, '[]'::jsonb) as outcome`)) as unknown as { rows: { outcome: string }[] };
      const after = (await tx.execute(sql`select current_setting('synchronous_commit') as s`)) as unknown as { rows: { s: string }[] };
      return { before: before.rows[0]!.s, outcome: written.rows[0]!.outcome, after: after.rows[0]!.s };
    });
    expect(setting).toEqual({ before: "on", outcome: "saved", after: "off" });
    // The setting was the transaction's own: the next one (a lock, say) commits synchronously.
    const [next] = ((await handle.db.execute(sql`select current_setting('synchronous_commit') as s`)) as unknown as { rows: { s: string }[] }).rows;
    expect(next!.s).toBe("on");
  });
});
