// The game view keeps the seated players' figures once per phase (server/services/phase-figures.ts):
// everything a write changes (a save, a lock, a new turn) still shows at once, a viewer's own part
// (saved orders) never reaches another viewer, and the figures of a hidden player never reach anyone
// but that player, whoever read them first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { attendance, phases } from "../../db/schema";
import { eq } from "drizzle-orm";
import { drain } from "../../server/jobs/worker";
import { gameEventsAfter } from "../../server/services/events";
import { withLocks } from "../../app/game/[id]/live-locks";
import { NATIONS } from "../../server/rulesets/1942/engine";
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const blitz = { id: "m1", units: { armour: 1 }, from: "Libya", path: ["French Equatorial Africa"] };
const tokyo = { id: "j1", units: { infantry: 1 }, from: "Manchuria", path: ["Kwangtung"] };

/** Alice plays Germany, Bob Japan (robots hold the rest); Sue watches; Olga is outside the game. */
async function game(options: { anonymous?: boolean } = {}) {
  const [alice, bob, sue] = await Promise.all(["alice", "bob", "sue"].map((n) => makeUser(handle, `${n}-${Math.random()}@example.com`)));
  const as = { alice: callerFor(handle, alice!), bob: callerFor(handle, bob!), sue: callerFor(handle, sue!) };
  const { gameId } = await as.alice.game.create({ name: "Cached", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK, ...options });
  await as.bob.game.join({ gameId, nation: "Japan" });
  return { gameId, alice: alice!, bob: bob!, as };
}

/** A finished phase on record for a user (reliability counts acted-on phases), as a phase's close writes it. */
async function acted(gameId: number, userId: string) {
  const [phase] = await handle.db.select({ id: phases.id }).from(phases).where(eq(phases.gameId, gameId));
  await handle.db.insert(attendance).values({ gameId, phaseId: phase!.id, nation: "Russia", userId, outcome: "acted" });
}

describe("the game view with its per-phase figures", () => {
  it("shows a save, a lock and a new turn at once, each viewer's own orders to that viewer only (R4, R3.1)", async () => {
    const { gameId, as } = await game();
    const outsider = callerFor(handle, await makeUser(handle, `olga-${Math.random()}@example.com`));
    // Every role views first, so whatever is kept for the phase is kept before the writes.
    for (const c of [as.alice, as.bob, as.sue]) await c.game.get({ gameId });

    expect(await as.alice.orders.save({ gameId, nation: "Germany", orders: [blitz] })).toEqual({ ok: true, saved: 1 });
    expect(await as.bob.orders.save({ gameId, nation: "Japan", orders: [tokyo] })).toEqual({ ok: true, saved: 1 });
    const [a, b, s] = await Promise.all([as.alice, as.bob, as.sue].map((c) => c.game.get({ gameId })));
    expect(a!.myOrders).toEqual({ Germany: [blitz] });
    expect(b!.myOrders).toEqual({ Japan: [tokyo] });
    expect(s!.myOrders).toEqual({});
    for (const v of [a, b, s]) expect(JSON.stringify(v)).not.toContain(v === a ? '"j1"' : '"m1"');
    expect(JSON.stringify(s)).not.toContain('"j1"');
    await expect(outsider.orders.save({ gameId, nation: "Germany", orders: [] })).rejects.toMatchObject({ code: "FORBIDDEN" });

    await as.alice.orders.lock({ gameId, nation: "Germany" });
    expect((await as.sue.game.get({ gameId })).phase!.locked).toContain("Germany");
    expect((await as.bob.game.get({ gameId })).phase!.locked).not.toContain("Japan");

    // The lock's event carries who has locked (public, as every view shows it) and nothing of the
    // saved orders; applied to a page's view it gives what a refetch gives.
    const lockEvent = (await gameEventsAfter(handle.db, gameId, 0)).filter((e) => e.kind === "locks-changed").at(-1)!;
    expect(lockEvent).toMatchObject({ phaseId: a!.phase!.id, locked: NATIONS.filter((n) => n !== "Japan") }); // robots lock at once
    expect(JSON.stringify(lockEvent)).not.toMatch(/"m1"|"j1"|Libya|Kwangtung/);
    const fresh = await as.sue.game.get({ gameId });
    expect(withLocks(s, lockEvent)).toEqual(fresh);

    await as.bob.orders.lock({ gameId, nation: "Japan" });
    // The last lock's event says the phase now resolves, every nation locked, and nothing of the saved
    // orders; applied to a page's view it gives what a refetch gives, but for the seats' figures,
    // which move as the phase closes (its attendance) and come with the turn's own view.
    const last = (await gameEventsAfter(handle.db, gameId, lockEvent.id)).filter((e) => e.kind === "locks-changed").at(-1)!;
    expect(last).toMatchObject({ phaseId: a!.phase!.id, locked: [...NATIONS], status: "resolving" });
    expect(JSON.stringify(last)).not.toMatch(/"m1"|"j1"|Libya|Kwangtung/);
    for (const [viewer, seen] of [[as.alice, a], [as.bob, b], [as.sue, s]] as const) {
      const applied = withLocks(withLocks(seen!, lockEvent)!, last)!;
      const refetched = await viewer.game.get({ gameId });
      expect(applied.phase!.status).toBe("resolving");
      expect({ ...applied, seats: applied.seats.map(({ nation, player }) => ({ nation, player })) }).toEqual({
        ...refetched,
        seats: refetched.seats.map(({ nation, player }) => ({ nation, player })),
      });
    }
    expect(await drain(handle, "view-cache")).toBe(1);
    const next = await Promise.all([as.alice, as.bob, as.sue].map((c) => c.game.get({ gameId })));
    for (const v of next) {
      expect(v.phase!.turn).toBe(2);
      expect(v.phase!.locked).not.toContain("Germany");
      expect(v.myOrders).toEqual(Object.fromEntries(v.myNations.map((n) => [n, []])));
    }
  });

  it("reads the figures once a phase, and again in the next phase", async () => {
    const { gameId, alice, as } = await game();
    const before = (await as.bob.game.get({ gameId })).seats.find((s) => s.nation === "Germany")!;
    expect(before.reliability).toBeNull();
    await acted(gameId, alice.id);
    // Another game's phase closing does not show before this game's next phase...
    expect((await as.sue.game.get({ gameId })).seats.find((s) => s.nation === "Germany")!.reliability).toBeNull();
    await as.alice.orders.lock({ gameId, nation: "Germany" });
    await as.bob.orders.lock({ gameId, nation: "Japan" });
    await drain(handle, "view-cache");
    // ...and shows from it on, to every viewer.
    for (const c of [as.alice, as.bob, as.sue]) expect((await c.game.get({ gameId })).seats.find((s) => s.nation === "Germany")!.reliability).toBeGreaterThan(0);
  });

  it("keeps a hidden player's figures from every other viewer of an anonymous game, whoever read them first", async () => {
    const { gameId, alice, bob, as } = await game({ anonymous: true });
    await acted(gameId, alice.id);
    await acted(gameId, bob.id);
    // Alice reads first: her own figures are named to her and kept for the phase.
    const mine = (await as.alice.game.get({ gameId })).seats.find((s) => s.nation === "Germany")!;
    expect(mine).toMatchObject({ playerId: alice.id });
    for (const c of [as.bob, as.sue]) {
      const view = await c.game.get({ gameId });
      const germany = view.seats.find((s) => s.nation === "Germany")!;
      expect(germany).not.toHaveProperty("playerId");
      expect(germany).not.toHaveProperty("reliability");
      expect(JSON.stringify(view)).not.toContain(alice.id);
    }
    const japan = (await as.alice.game.get({ gameId })).seats.find((s) => s.nation === "Japan")!;
    expect(japan).not.toHaveProperty("reliability");
    expect(japan).not.toHaveProperty("playerId");
  });
});
