// Notification settings: each user reads and saves only their own; bad input is refused, not stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("settings", () => {
  it("starts from the defaults, saves, and shows each user only their own", async () => {
    const alice = callerFor(handle, await makeUser(handle, "set-alice@example.com"));
    const bob = callerFor(handle, await makeUser(handle, "set-bob@example.com"));
    const press = { pressInApp: true, pressPush: true, pressEmail: true };
    expect(await alice.settings.get()).toEqual({ email: true, push: true, quietStart: null, quietEnd: null, timeZone: "UTC", ...press, pushSubscribed: false, bot: false, name: { displayName: expect.any(String), chosen: false } });
    // Without the press choices (an older form) they stay on.
    const saved = await alice.settings.save({ email: false, push: true, quietStart: 22 * 60, quietEnd: 7 * 60, timeZone: "Europe/Paris" });
    expect(saved).toEqual({ email: false, push: true, quietStart: 1320, quietEnd: 420, timeZone: "Europe/Paris", ...press });
    const pressOff = await alice.settings.save({ ...saved, pressInApp: false, pressPush: true, pressEmail: false });
    expect(pressOff).toMatchObject({ pressInApp: false, pressPush: true, pressEmail: false });
    expect(await alice.settings.get()).toMatchObject(pressOff);
    expect(await bob.settings.get()).toMatchObject({ email: true, quietStart: null, timeZone: "UTC" });
    // One end alone means no quiet hours.
    expect(await alice.settings.save({ email: true, push: true, quietStart: 60, quietEnd: null, timeZone: "UTC" })).toMatchObject({ quietStart: null, quietEnd: null });
  });

  it("refuses bad input and stores nothing; signed-out callers are refused", async () => {
    const carol = callerFor(handle, await makeUser(handle, "set-carol@example.com"));
    const ok = { email: true, push: true, quietStart: null, quietEnd: null, timeZone: "UTC" };
    await expect(carol.settings.save({ ...ok, timeZone: "Mars/Olympus" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(carol.settings.save({ ...ok, quietStart: 1440, quietEnd: 10 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(carol.settings.save({ ...ok, email: "yes" } as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await carol.settings.get()).toMatchObject({ timeZone: "UTC", quietStart: null });
    const nobody = callerFor(handle, null);
    await expect(nobody.settings.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(nobody.push.publicKey()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
