// Reliability (issue 22): the record of phases due, acted on and missed, and games left, written as
// phases close; the figure beside a player's name (hidden with the name in anonymous games); and a
// challenge's requirements, enforced under the join's locks however many joins arrive at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { attendance, games, phases, seats } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
import { LEFT_WEIGHT, RELIABILITY_PHASES, reliabilityFigure, reliabilityRecord } from "../../server/services/reliability";
import { testDb } from "../support/db";
import { QUICK, callerFor, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function passDeadline(gameId: number) {
  const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn)).limit(1);
  await handle.db.update(phases).set({ deadline: new Date(Date.now() - 1000) }).where(eq(phases.id, phase!.id));
  await sweepDeadlines(handle.db);
  await drain(handle, "test");
}

/** A record made directly: `acted` phases acted on and `missed` missed, in one finished game of the user's. */
async function givenRecord(userId: string, acted: number, missed: number) {
  const { asAlice, gameId } = await twoPlayerGame(handle);
  void asAlice;
  const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
  const rows = [...Array(acted).fill("acted"), ...Array(missed).fill("missed")].map((outcome) => ({ gameId, phaseId: phase!.id, nation: "Russia" as const, userId, outcome }));
  if (rows.length) await handle.db.insert(attendance).values(rows);
}

describe("the reliability figure", () => {
  it("is acted on over phases due, a game left weighing as five misses; none before a first phase", () => {
    expect(reliabilityFigure(0, 0, 0)).toBeNull();
    expect(reliabilityFigure(9, 1, 0)).toBe(90);
    expect(reliabilityFigure(10, 0, 1)).toBe(Math.round((100 * 10) / (10 + LEFT_WEIGHT)));
    expect(reliabilityFigure(0, 3, 0)).toBe(0);
  });

  it("counts who locked and who let the deadline pass, once per phase, and games left", async () => {
    const { alice, bob, asAlice, asBob, gameId } = await twoPlayerGame(handle);
    // Turn 1: both lock. Turn 2: Alice locks, Bob misses. Turn 3: Bob leaves.
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    await drain(handle, "test");
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await passDeadline(gameId);
    // A second sweep of the same (now resolved) phase adds nothing.
    await sweepDeadlines(handle.db);
    expect(await reliabilityRecord(handle.db, alice.id)).toMatchObject({ phasesDue: 2, actedOn: 2, missed: 0, gamesLeft: 0, figure: 100 });
    expect(await reliabilityRecord(handle.db, bob.id)).toMatchObject({ phasesDue: 2, actedOn: 1, missed: 1, gamesLeft: 0, figure: 50 });
    await asBob.game.leave({ gameId, nation: "Japan" });
    expect(await reliabilityRecord(handle.db, bob.id)).toMatchObject({ gamesLeft: 1, figure: Math.round(100 / (2 + LEFT_WEIGHT)) });
  });

  it("recovers: only the latest phases due count", async () => {
    const carl = await makeUser(handle, `carl-${Math.random()}@example.com`);
    await givenRecord(carl.id, 0, 5);
    expect((await reliabilityRecord(handle.db, carl.id)).figure).toBe(0);
    await givenRecord(carl.id, RELIABILITY_PHASES - 1, 0);
    expect((await reliabilityRecord(handle.db, carl.id)).figure).toBe(Math.round((100 * (RELIABILITY_PHASES - 1)) / RELIABILITY_PHASES));
    await givenRecord(carl.id, 5, 0);
    const record = await reliabilityRecord(handle.db, carl.id);
    expect(record.figure).toBe(100);
    // The whole record keeps every miss; only the figure forgets them.
    expect(record).toMatchObject({ missed: 5, phasesDue: RELIABILITY_PHASES + 9 });
  });

  it("shows beside the player's name in the lobby, and stays hidden with it in anonymous games", async () => {
    const dora = await makeUser(handle, `dora-${Math.random()}@example.com`);
    const erik = await makeUser(handle, `erik-${Math.random()}@example.com`);
    await givenRecord(dora.id, 3, 1);
    const asDora = callerFor(handle, dora);
    const named = await asDora.game.create({ name: "Named", nations: ["Germany"], robots: [], ...QUICK });
    const hidden = await asDora.game.create({ name: "Hidden", nations: ["Germany"], robots: [], ...QUICK, anonymous: true });
    const lobby = await callerFor(handle, erik).game.lobby();
    const seatOf = (id: number) => lobby.open.find((g) => g.id === id)!.seats.find((s) => s.nation === "Germany")!;
    expect(seatOf(named.gameId)).toMatchObject({ playerId: dora.id, reliability: 75 });
    expect(seatOf(hidden.gameId).player).toBe("a player");
    expect(seatOf(hidden.gameId)).not.toHaveProperty("playerId");
    expect(seatOf(hidden.gameId)).not.toHaveProperty("reliability");
    // The player's own figures head the lobby.
    expect((await asDora.game.lobby()).me).toMatchObject({ reliability: 75, finishedGames: 0, rating: null });
  });
});

describe("a challenge's requirements", () => {
  it("keep out players below the reliability asked for, or without enough finished games", async () => {
    const host = await makeUser(handle, `host-${Math.random()}@example.com`);
    const fresh = await makeUser(handle, `fresh-${Math.random()}@example.com`);
    const flaky = await makeUser(handle, `flaky-${Math.random()}@example.com`);
    const steady = await makeUser(handle, `steady-${Math.random()}@example.com`);
    await givenRecord(flaky.id, 1, 1);
    await givenRecord(steady.id, 9, 1);
    const { gameId } = await callerFor(handle, host).game.create({ name: "Reliable only", nations: ["Germany"], robots: [], ...QUICK, minReliability: 80 });
    await expect(callerFor(handle, fresh).game.join({ gameId, nation: "Japan" })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/no record yet/) });
    await expect(callerFor(handle, flaky).game.join({ gameId, nation: "Japan" })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/yours is 50/) });
    await expect(callerFor(handle, steady).game.join({ gameId, nation: "Japan" })).resolves.toEqual({ started: false });

    const veterans = await callerFor(handle, host).game.create({ name: "Veterans", nations: ["Germany"], robots: [], ...QUICK, minFinishedGames: 1 });
    await expect(callerFor(handle, steady).game.join({ gameId: veterans.gameId, nation: "Japan" })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/you have 0/) });
    // steady's record game finishes: one finished game now.
    const [seat] = await handle.db.select({ gameId: attendance.gameId }).from(attendance).where(eq(attendance.userId, steady.id)).limit(1);
    await handle.db.update(games).set({ status: "finished" }).where(eq(games.id, seat!.gameId));
    // ...but steady does not hold a seat there: a record row alone is not a finished game.
    await expect(callerFor(handle, steady).game.join({ gameId: veterans.gameId, nation: "Japan" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Bob played a game to its end: he may join.
    const played = await twoPlayerGame(handle);
    await handle.db.update(games).set({ status: "finished" }).where(eq(games.id, played.gameId));
    await expect(played.asBob.game.join({ gameId: veterans.gameId, nation: "Japan" })).resolves.toEqual({ started: false });
  });

  it("hold against parallel joins: twelve players at once, only those who qualify get in", async () => {
    const host = await makeUser(handle, `host-p-${Math.random()}@example.com`);
    const { gameId } = await callerFor(handle, host).game.create({ name: "Parallel", nations: ["Germany", "Japan"], robots: [], ...QUICK, minReliability: 60 });
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => makeUser(handle, `p${i}-${Math.random()}@example.com`)));
    for (const [i, p] of players.entries()) await givenRecord(p.id, i % 2 === 0 ? 9 : 1, 1);
    const nations = ["Russia", "United Kingdom", "United States"] as const;
    const results = await Promise.allSettled(players.map((p, i) => callerFor(handle, p).game.join({ gameId, nation: nations[i % 3]! })));
    const seated = await handle.db.select().from(seats).where(eq(seats.gameId, gameId));
    const seatedIds = seated.map((s) => s.userId).filter((id): id is string => id !== null && id !== host.id);
    expect(seatedIds.length).toBe(3);
    for (const id of seatedIds) expect(players.findIndex((p) => p.id === id) % 2).toBe(0);
    // The unqualified are refused: for their record, or because the qualified filled the game first.
    for (const [i, r] of results.entries()) if (i % 2 === 1) expect(r.status).toBe("rejected");
    // Which reason each hears depends on who the database served first, so both are allowed; the
    // record's own refusal is tested one join at a time above.
    for (const r of results) if (r.status === "rejected") expect(["FORBIDDEN", "CONFLICT"]).toContain((r.reason as { code: string }).code);
  });

  it("a rated game: one account holds seats of one team only, even when it joins two at once", async () => {
    const host = await makeUser(handle, `host-r-${Math.random()}@example.com`);
    const both = await makeUser(handle, `both-${Math.random()}@example.com`);
    const { asAlice } = await twoPlayerGame(handle);
    await expect(asAlice.game.create({ name: "Mixed", nations: ["Germany", "Russia"], robots: [], ...QUICK, robotsHold: false, rated: true })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(asAlice.game.create({ name: "Robots", nations: ["Germany"], robots: ["Russia"], ...QUICK, robotsHold: false, rated: true })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/no robots/) });
    await expect(asAlice.game.create({ name: "Practice", nations: ["Germany"], robots: [], ...QUICK, rated: true })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/practice/) });
    const { gameId } = await callerFor(handle, host).game.create({ name: "Rated", nations: ["Germany"], robots: [], ...QUICK, robotsHold: false, rated: true });
    const asBoth = callerFor(handle, both);
    const results = await Promise.allSettled([asBoth.game.join({ gameId, nation: "Japan" }), asBoth.game.join({ gameId, nation: "Russia" })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const held = (await handle.db.select().from(seats).where(eq(seats.gameId, gameId))).filter((s) => s.userId === both.id);
    expect(held).toHaveLength(1);
    // Once on the Allies' side (or the Axis'), the other team stays closed to this account.
    const other = held[0]!.nation === "Japan" ? "United Kingdom" : "Japan";
    const same = held[0]!.nation === "Japan" ? null : "United Kingdom";
    await expect(asBoth.game.join({ gameId, nation: other })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/one team only/) });
    if (same) await expect(asBoth.game.join({ gameId, nation: same })).resolves.toEqual({ started: false });
  });
});
