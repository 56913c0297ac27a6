// orders.destinations — the map's legal destinations come from the engine, for the nation's own player only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { testDb } from "../support/db";
import { callerFor, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("orders.destinations", () => {
  it("gives the engine's destinations: Libya's armour blitzes through French Equatorial Africa (R4.5)", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    const res = await asAlice.orders.destinations({ gameId, nation: "Germany", group: { from: "Libya", units: { armour: 1 } }, earlier: [] });
    expect(res.destinations).toContainEqual({ territory: "Congo", path: ["French Equatorial Africa", "Congo"] });
    // Extending the path: beyond French Equatorial Africa.
    const on = await asAlice.orders.destinations({ gameId, nation: "Germany", group: { from: "Libya", units: { armour: 1 }, via: ["French Equatorial Africa"] }, earlier: [] });
    expect(on.destinations.every((d) => d.path[0] === "French Equatorial Africa" && d.path.length === 2)).toBe(true);
    expect(on.destinations.map((d) => d.territory)).toContain("Congo");
  });

  it("counts earlier orders' claims (R4.2) and lists a loaded transport's unload targets (R4.7)", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    const earlier = [{ id: "m1", units: { armour: 1 }, from: "Libya", path: ["Algeria"] }];
    const res = await asAlice.orders.destinations({ gameId, nation: "Germany", group: { from: "Libya", units: { armour: 1 } }, earlier });
    expect(res.destinations).toEqual([]);
    const transport = await asAlice.orders.destinations({
      gameId,
      nation: "Germany",
      group: { from: "Baltic Sea Zone", units: { transport: 1 }, load: { from: "Germany", units: { infantry: 2 }, atStep: 0 } },
      earlier: [],
    });
    expect(transport.unloads).toContain("Karelia S.S.R.");
    expect(transport.unloads).not.toContain("Germany".concat(" Sea"));
    const empty = await asAlice.orders.destinations({ gameId, nation: "Germany", group: { from: "Baltic Sea Zone", units: { transport: 1 } }, earlier: [] });
    expect(empty.unloads).toEqual([]); // nothing aboard: nothing to unload
  });

  it("answers only the nation's player", async () => {
    const { asBob, gameId } = await twoPlayerGame(handle);
    const carol = await makeUser(handle, "carol-dest@example.com");
    const q = { gameId, nation: "Germany" as const, group: { from: "Libya", units: { armour: 1 } }, earlier: [] };
    await expect(asBob.orders.destinations(q)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(handle, carol).orders.destinations(q)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(handle, null).orders.destinations(q)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("orders.placements: the engine's placements for one more unit, and the money left after the draft (R4.10)", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const none = await asAlice.orders.placements({ gameId, nation: "Germany", earlier: [] });
    expect(none.treasury).toBe(32);
    expect(none.left).toBe(32);
    expect(none.placements.infantry.map((p) => p.destination)).toEqual(["Germany", "South Europe"]); // the factories
    expect(none.placements.infantry[0]!.cost).toBe(3);
    expect(none.placements.transport).toContainEqual({ destination: "Baltic Sea Zone", from: "Germany", cost: 7 });
    expect(none.placements.factory.map((p) => p.destination)).toContain("East Europe");
    const spent = await asAlice.orders.placements({ gameId, nation: "Germany", earlier: [{ id: "p1", type: "battleship", count: 1, destination: "Baltic Sea Zone", from: "Germany" }] });
    expect(spent.left).toBe(12);
    expect(spent.placements.battleship).toEqual([]); // 12 left: no second battleship
    expect(spent.placements.bomber.length).toBeGreaterThan(0);
    await expect(asBob.orders.placements({ gameId, nation: "Germany", earlier: [] })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("orders.placements: each factory's room left, and a full factory refused with the engine's reason (R4.10)", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    expect((await asAlice.orders.placements({ gameId, nation: "Germany", earlier: [] })).factories.map((f) => [f.territory, f.left, f.limit])).toEqual([
      ["Germany", 10, 10],
      ["South Europe", 6, 6],
    ]);
    // Six armour fill South Europe (value 6) and leave 2 credits.
    const full = await asAlice.orders.placements({ gameId, nation: "Germany", earlier: [{ id: "p1", type: "armour", count: 6, destination: "South Europe" }] });
    expect(full.factories.find((f) => f.territory === "South Europe")).toMatchObject({ left: 0, rule: "R4.10" });
    expect(full.placements.armour).toEqual([]);
    // Germany's factory has room: the 2 credits left do not pay for an armour, which is no refusal of the place.
    expect(full.refused.armour).toEqual([
      { destination: "South Europe", cost: 5, refusal: "The factory in South Europe (value 6) cannot take 1 armour more: land and air units count 1 each, infantry half (R4.10)" },
    ]);
    expect(full.unaffordable.armour).toEqual([{ destination: "Germany", cost: 5 }]);
    expect(full.unaffordable.infantry).toEqual([{ destination: "Germany", cost: 3 }]);
    // Every credit spent: nothing is refused for want of room, every factory is short of money.
    const spent = await asAlice.orders.placements({
      gameId,
      nation: "Germany",
      earlier: [
        { id: "p1", type: "armour", count: 4, destination: "Germany" },
        { id: "p2", type: "infantry", count: 4, destination: "Germany" },
      ],
    });
    expect(spent.left).toBe(0);
    expect(spent.placements.infantry).toEqual([]);
    expect(spent.refused.infantry).toEqual([]);
    expect(spent.unaffordable.infantry).toEqual([
      { destination: "Germany", cost: 3 },
      { destination: "South Europe", cost: 3 },
    ]);
    expect(full.refused.transport).toEqual([]); // ships are built in a zone, not listed here
  });
});
