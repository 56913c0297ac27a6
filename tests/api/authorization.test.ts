// Only the player of a nation saves, locks or unlocks its orders; malformed input is a typed error
// (zod) and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { locks, orders } from "../../db/schema";
import { testDb } from "../support/db";
import { callerFor, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const order = { id: "x1", units: { infantry: 1 }, from: "Germany", path: ["East Europe"] };

async function rowCounts() {
  return { orders: (await handle.db.select().from(orders)).length, locks: (await handle.db.select().from(locks)).length };
}

describe("order mutations", () => {
  it("refuse every caller but the nation's player, and change nothing", async () => {
    const { asBob, gameId } = await twoPlayerGame(handle);
    const carol = await makeUser(handle, "carol-authz@example.com");
    const asCarol = callerFor(handle, carol);
    const asNobody = callerFor(handle, null);
    const before = await rowCounts();
    for (const [caller, code] of [
      [asBob, "FORBIDDEN"],
      [asCarol, "FORBIDDEN"],
      [asNobody, "UNAUTHORIZED"],
    ] as const) {
      await expect(caller.orders.save({ gameId, nation: "Germany", orders: [order] })).rejects.toMatchObject({ code });
      await expect(caller.orders.lock({ gameId, nation: "Germany" })).rejects.toMatchObject({ code });
      await expect(caller.orders.unlock({ gameId, nation: "Germany" })).rejects.toMatchObject({ code });
    }
    // A robot's nation belongs to nobody.
    await expect(asBob.orders.unlock({ gameId, nation: "Russia" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await rowCounts()).toEqual(before);
  });

  it("turn malformed input into BAD_REQUEST with the zod issues, storing nothing", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    const before = await rowCounts();
    const bad: unknown[] = [
      { gameId, nation: "Italy", orders: [] },
      { gameId: -1, nation: "Germany", orders: [] },
      { gameId, nation: "Germany", orders: [{ ...order, units: { tank: 1 } }] },
      { gameId, nation: "Germany", orders: [{ ...order, units: { infantry: -2 } }] },
      { gameId, nation: "Germany", orders: [{ ...order, path: "East Europe" }] },
      { gameId, nation: "Germany", orders: [{ ...order, extra: true }] },
      { gameId, nation: "Germany", orders: "everything" },
      { gameId, nation: "Germany", orders: Array.from({ length: 301 }, (_, i) => ({ ...order, id: `o${i}` })) },
      null,
    ];
    for (const input of bad) {
      const error = await asAlice.orders.save(input as never).catch((e: unknown) => e);
      expect(error, JSON.stringify(input)?.slice(0, 80)).toMatchObject({ code: "BAD_REQUEST" });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses well-formed but illegal orders with the rule, without crashing on unknown places", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    const result = await asAlice.orders.save({
      gameId,
      nation: "Germany",
      orders: [
        { id: "a", units: { infantry: 1 }, from: "Atlantis", path: ["Germany"] },
        { id: "b", type: "infantry", count: 1, destination: "Nowhere" },
        { id: "c", units: { infantry: 1 }, from: "Germany", path: ["Nowhere"] },
      ],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.results.map((r) => (r.ok ? "ok" : r.rule))).toEqual(["R4.2", "R4.10", "R4.2"]);
    expect((await handle.db.select().from(orders)).length).toBe(0);
  });

  it("refuses a second order with the same id", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    await expect(asAlice.orders.save({ gameId, nation: "Germany", orders: [order, order] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
