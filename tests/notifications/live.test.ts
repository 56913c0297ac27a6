// The in-app list is live: a new notification, committed in a service's transaction, reaches the
// user's open tabs through notifications.live (LISTEN/NOTIFY → the bus → the subscription), and
// only that user's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { createCaller } from "../../server/api/root";
import { startRuntime, type Runtime } from "../../server/runtime";
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK } from "../support/world";

let handle: DbHandle;
let runtime: Runtime;
beforeAll(async () => {
  handle = await testDb();
  runtime = await startRuntime(handle, { worker: false });
});
afterAll(async () => {
  await runtime.stop(); // closes the handle too
});

async function firstWithin<T>(iterable: AsyncIterable<T>, ms: number): Promise<T | "timeout"> {
  const it = iterable[Symbol.asyncIterator]();
  return Promise.race([it.next().then((r) => r.value as T), new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), ms))]);
}

describe("notifications.live", () => {
  it("tells the user's open tab when a notification arrives, and nobody else's", async () => {
    const alice = await makeUser(handle, "live-alice@example.com");
    const bob = await makeUser(handle, "live-bob@example.com");
    const aliceTab = new AbortController();
    const bobTab = new AbortController();
    const asAlice = createCaller({ db: handle.db, bus: runtime.bus, user: alice }, { signal: aliceTab.signal });
    const asBob = createCaller({ db: handle.db, bus: runtime.bus, user: bob }, { signal: bobTab.signal });
    const aliceSees = firstWithin(await asAlice.notifications.live(), 5000);
    const bobSees = firstWithin(await asBob.notifications.live(), 1500);
    // Alice starts a game against robots: "game started" is her notification.
    await callerFor(handle, alice).game.create({ name: "Live", nations: ["Germany"], robots: ["Russia", "United Kingdom", "Japan", "United States"], ...QUICK });
    expect(JSON.stringify(await aliceSees)).toContain("notification");
    expect(await bobSees).toBe("timeout");
    expect(await callerFor(handle, alice).notifications.unread()).toBe(1);
    aliceTab.abort();
    bobTab.abort();
  });
});
