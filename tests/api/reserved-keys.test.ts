// User-given strings that become object keys (order ids, territory names, battle names) may not be
// "__proto__", "constructor" or "prototype" (issue 20: the order id "__proto__" was accepted and
// stored). The refusal is a 400 naming the rule, and nothing is saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema";
import type { DbHandle } from "../../db/client";
import { testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const RESERVED = ["__proto__", "constructor", "prototype"];
const RULE = "is reserved: __proto__, constructor and prototype cannot be ids or names";

describe("reserved names as keys", () => {
  it("are refused as order ids, territories and battles with a 400 naming the rule", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    const stored = async () => (await handle.db.select().from(orders)).length;
    const before = await stored();
    for (const name of RESERVED) {
      const move = { id: "m1", units: { infantry: 1 }, from: "Germany", path: ["East Europe"] };
      const calls: [string, () => Promise<unknown>][] = [
        ["order id", () => asAlice.orders.save({ gameId, nation: "Germany", orders: [{ ...move, id: name }] })],
        ["purchase id", () => asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: name, type: "infantry", count: 1, destination: "Germany" }] })],
        ["from", () => asAlice.orders.save({ gameId, nation: "Germany", orders: [{ ...move, from: name }] })],
        ["path", () => asAlice.orders.save({ gameId, nation: "Germany", orders: [{ ...move, path: [name] }] })],
        ["destination", () => asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "p1", type: "infantry", count: 1, destination: name }] })],
        ["group", () => asAlice.orders.destinations({ gameId, nation: "Germany", group: { from: name, units: { infantry: 1 } }, earlier: [] })],
        ["earlier order", () => asAlice.orders.placements({ gameId, nation: "Germany", earlier: [{ ...move, id: name }] })],
        ["landing", () => asAlice.postCombat.save({ gameId, nation: "Germany", landings: [{ type: "fighter", count: 1, from: name, to: "Germany" }], aaMoves: [] })],
        ["battle", () => asAlice.battle.decide({ gameId, nation: "Germany", battle: name, round: 1, step: "general", decision: { kind: "casualties", units: [] } })],
      ];
      for (const [what, call] of calls) {
        await expect(call(), `${what} ${name}`).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining(`The name ${name} ${RULE}`) });
      }
    }
    expect(await stored()).toBe(before);
    // Names that merely contain them are ordinary.
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "__proto__x", units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] });
  });
});
