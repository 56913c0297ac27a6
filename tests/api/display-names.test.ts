// Display names: other users (a player of the same game, a spectator) see a chosen or generated name,
// never the e-mail address or its local part, in any read; a chosen name is checked (length,
// characters, no @) and refused with a 4xx that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { generatedName } from "../../server/services/display-name";
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("display names", () => {
  it("other users see a generated name, then the chosen one, and never the address", async () => {
    const local = `alice.private.${Math.random().toString(36).slice(2)}`;
    const alice = await makeUser(handle, `${local}@mail.example`);
    const asAlice = callerFor(handle, alice);
    const asBob = callerFor(handle, await makeUser(handle, `bob-${Math.random()}@example.com`));
    const asCarol = callerFor(handle, await makeUser(handle, `carol-${Math.random()}@example.com`));
    const { gameId } = await asAlice.game.create({ name: "Names", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK });
    const reads = (c: typeof asBob) =>
      Promise.all([c.game.lobby(), c.game.get({ gameId }), c.game.history({ gameId }), c.notifications.list()]).then((r) => JSON.stringify(r));

    // Open game in the lobby: Bob sees Alice's seat before joining.
    for (const [who, c] of [["a player before joining", asBob], ["a spectator", asCarol]] as const) {
      const text = await reads(c);
      expect(text, who).not.toContain(local);
      expect(text, who).not.toContain("mail.example");
      expect(text, who).toContain(generatedName(alice.id));
    }
    await asBob.game.join({ gameId, nation: "Japan" });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    for (const c of [asBob, asCarol]) {
      const seat = (await c.game.get({ gameId })).seats.find((s) => s.nation === "Germany")!;
      expect(seat.player).toBe(generatedName(alice.id));
      expect(seat.player).not.toMatch(/@/);
      expect(await reads(c)).not.toContain(local);
    }
    // Alice herself is told her name on /settings.
    expect((await asAlice.settings.get()).name).toEqual({ displayName: generatedName(alice.id), chosen: false });

    // She chooses one (whitespace tidied): everyone sees it.
    expect(await asAlice.settings.setName({ name: "  Iron   Duke " })).toEqual({ displayName: "Iron Duke", chosen: true });
    for (const c of [asAlice, asBob, asCarol]) {
      expect((await c.game.get({ gameId })).seats.find((s) => s.nation === "Germany")!.player).toBe("Iron Duke");
      expect((await c.game.lobby()).mine.concat((await c.game.lobby()).open).every((g) => g.seats.every((s) => !s.player?.includes(local)))).toBe(true);
    }
    // Back to the generated name.
    expect(await asAlice.settings.setName({ name: null })).toEqual({ displayName: generatedName(alice.id), chosen: false });
    expect((await asBob.game.get({ gameId })).seats.find((s) => s.nation === "Germany")!.player).toBe(generatedName(alice.id));
  });

  it("refuses names that are too short, too long, invisible, control characters or addresses, changing nothing", async () => {
    const user = await makeUser(handle, `dora-${Math.random()}@example.com`);
    const asDora = callerFor(handle, user);
    await asDora.settings.setName({ name: "Dora" });
    for (const [name, words] of [
      ["x", /2 to 32 characters/],
      ["   ", /2 to 32 characters/],
      ["a".repeat(33), /2 to 32 characters/],
      ["bell\u0007", /U\+0007 \(a control character\) is not allowed in a display name/],
      ["right\u202Eleft", /U\+202E RIGHT-TO-LEFT OVERRIDE is not allowed/],
      ["zero\u200Bwidth", /U\+200B ZERO WIDTH SPACE is not allowed/],
      ["lone \uD800 surrogate", /U\+D800 \(half of a character: a lone surrogate\) is not allowed/],
      ["dora@example.com", /may not contain @/],
    ] as const) {
      await expect(asDora.settings.setName({ name }), JSON.stringify(name)).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(words) });
    }
    expect((await asDora.settings.get()).name).toEqual({ displayName: "Dora", chosen: true });
    // Names need not be unique: two players may both be "Dora" (seats say which nation each plays).
    const other = callerFor(handle, await makeUser(handle, `dora2-${Math.random()}@example.com`));
    expect((await other.settings.setName({ name: "Dora" })).displayName).toBe("Dora");
    await expect(callerFor(handle, null).settings.setName({ name: "Ghost" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("generated names are stable per user and differ between users", () => {
    expect(generatedName("a")).toBe(generatedName("a"));
    const names = new Set(Array.from({ length: 50 }, (_, i) => generatedName(`user-${i}`)));
    expect(names.size).toBeGreaterThan(45);
    for (const n of names) expect(n).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{3}$/);
  });
});
