// A post-combat lock's event says who is still choosing (R7.3), public as every view shows it, and
// the last lock that the stage closed (drizzle/0023): no stream builds a view for it, it shows nobody's
// landings, and a page that applies it (app/game/[id]/live-locks.ts) holds what game.get answers, for
// the locker, another player and a spectator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { drain } from "../../server/jobs/worker";
import { gameEventsAfter } from "../../server/services/events";
import { carriesView, withView } from "../../server/services/event-view";
import { withLocks } from "../../app/game/[id]/live-locks";
import { testDb } from "../support/db";
import { callerFor, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("a post-combat lock's live event", () => {
  it("carries who still chooses, no landing and no view; applied in place it equals game.get for every role (R7.3)", async () => {
    const { alice, asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const asSue = callerFor(handle, await makeUser(handle, `sue-pc-live-${Math.random()}@example.com`));
    // Both players fly a fighter out to sea: each has air to land after combat.
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "g1", units: { fighter: 1 }, from: "West Europe", path: ["West Spain Sea Zone"] }] });
    await asBob.orders.save({ gameId, nation: "Japan", orders: [{ id: "j1", units: { fighter: 1 }, from: "Japan", path: ["Japan Sea Zone"] }] });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    await drain(handle, "test");
    const opened = await asAlice.game.get({ gameId });
    expect(opened.phase!.status).toBe("post-combat");
    expect(opened.postCombat!.waitingFor).toEqual(["Germany", "Japan"]);

    // Alice's landing is her secret until the turn resolves: not where combat left the fighter, nor the default.
    const fighter = opened.postCombat!.mine.Germany!.choices.air.find((a) => a.type === "fighter")!;
    const secret = fighter.destinations.map((d) => d.to).find((to) => to !== "West Europe" && !/Germany/.test(to))!;
    expect(secret).toBeDefined();
    expect((await asAlice.postCombat.save({ gameId, nation: "Germany", landings: [{ type: "fighter", count: 1, from: fighter.from, to: secret }], aaMoves: [] })).ok).toBe(true);
    const roles = [asAlice, asBob, asSue] as const;
    const seen = await Promise.all(roles.map((c) => c.game.get({ gameId })));
    // (Territory names are public; the landing itself reaches Alice's own view only.)
    expect(seen[0]!.postCombat!.mine.Germany!.landings).toEqual([{ type: "fighter", count: 1, from: fighter.from, to: secret }]);
    for (const v of seen.slice(1)) expect(v.postCombat!.mine.Germany).toBeUndefined();

    const since = (await gameEventsAfter(handle.db, gameId, 0)).at(-1)!.id!;
    const lockEvents = async () => (await gameEventsAfter(handle.db, gameId, since)).filter((e) => e.kind === "locks-changed");
    /** The event is public facts only, and a stream passes it on without building a view. */
    const plain = async (event: Awaited<ReturnType<typeof lockEvents>>[number]) => {
      expect(JSON.stringify(event)).not.toContain(secret);
      expect(JSON.stringify(event)).not.toMatch(/landings|"to"|fighter/);
      expect(carriesView(event)).toBe(false);
      expect(await withView(handle.db, alice.id, gameId, event)).not.toHaveProperty("view");
    };

    await asAlice.postCombat.lock({ gameId, nation: "Germany" });
    const [first] = await lockEvents();
    expect(first).toMatchObject({ kind: "locks-changed", phaseId: opened.phase!.id, waitingFor: ["Japan"] });
    expect(first).not.toHaveProperty("status");
    await plain(first!);
    const applied = seen.map((v) => withLocks(v, first!)!);
    for (const [i, c] of roles.entries()) expect(applied[i]).toEqual(await c.game.get({ gameId }));
    expect(applied[0]!.postCombat!.mine.Germany!.locked).toBe(true);
    expect(applied[1]!.postCombat!.mine.Japan!.locked).toBe(false);

    // An unlock says so too, and a lock again.
    await asAlice.postCombat.unlock({ gameId, nation: "Germany" });
    await asAlice.postCombat.lock({ gameId, nation: "Germany" });
    const [, unlock, relock] = await lockEvents();
    expect(unlock).toMatchObject({ phaseId: opened.phase!.id, waitingFor: ["Germany", "Japan"] });
    await plain(unlock!);
    const again = applied.map((v) => withLocks(withLocks(v, unlock!)!, relock!)!);
    for (const [i, c] of roles.entries()) expect(again[i]).toEqual(await c.game.get({ gameId }));

    // The last lock closes the stage: the page shows the phase resolving, the combat's board kept.
    await asBob.postCombat.lock({ gameId, nation: "Japan" });
    const last = (await lockEvents()).at(-1)!;
    expect(last).toMatchObject({ phaseId: opened.phase!.id, waitingFor: [], status: "resolving" });
    await plain(last);
    for (const [i, c] of roles.entries()) {
      const closed = withLocks(again[i], last)!;
      expect(closed.phase!.status).toBe("resolving");
      expect(closed).toEqual(await c.game.get({ gameId }));
    }
    // Once the turn resolves, the landing is told.
    await drain(handle, "test");
    expect((await asSue.game.get({ gameId })).phase!.turn).toBe(2);
  });
});
