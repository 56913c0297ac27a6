// Ratings (issue 22): OpenSkill from the `openskill` package, checked against its published reference
// values; rated games only; teams as they are (the winning team's players win), each player weighted
// by how long they held a seat; a rating shows after 5 rated games; the leaderboard; the changes in
// the game's result; anonymous games keep ratings hidden with the names until they end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { rate, rating } from "openskill";
import type { DbHandle } from "../../db/client";
import { games, phases, ratingChanges, ratings } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { rateTeams, SHOWN_AFTER, shownRating } from "../../server/services/ratings";
import type { SessionUser } from "../../server/api/trpc";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const RATED = { lowLuck: false, ordersHours: 24, decisionHours: 24, robotsHold: false, excusedMisses: 0, rated: true };
const AXIS = ["Germany", "Japan"] as const;
const ALLIES = ["Russia", "United Kingdom", "United States"] as const;

/** The Axis already hold Moscow and London, emptied: the end of the open turn is an Axis victory (R8.6). */
async function axisWinsThisTurn(gameId: number) {
  const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn)).limit(1);
  const start = phase!.startState;
  const state = { ...start, owners: { ...start.owners, Russia: "Germany" as const, "United Kingdom": "Japan" as const }, units: start.units.filter((u) => u.at !== "Russia" && u.at !== "United Kingdom") };
  await handle.db.update(phases).set({ startState: state }).where(eq(phases.id, phase!.id));
}

async function lockAll(seatsBy: [SessionUser, readonly string[]][], gameId: number) {
  for (const [user, nations] of seatsBy) for (const nation of nations) await callerFor(handle, user).orders.lock({ gameId, nation: nation as (typeof AXIS)[number] });
  await drain(handle, "test");
}

/** A rated game of `axis` (Germany, Japan) against `allies` (the other three), won by the Axis in turn 1. */
async function ratedGame(axis: SessionUser, allies: SessionUser, extra: Record<string, unknown> = {}) {
  const { gameId } = await callerFor(handle, axis).game.create({ name: "Rated", nations: [...AXIS], robots: [], ...RATED, ...extra });
  for (const n of ALLIES) await callerFor(handle, allies).game.join({ gameId, nation: n });
  await axisWinsThisTurn(gameId);
  await lockAll([[axis, AXIS], [allies, ALLIES]], gameId);
  return gameId;
}

describe("OpenSkill, as the package computes it", () => {
  it("matches the package's reference values for a full game (its README: a1, a2 beat b1, b2)", () => {
    const after = rateTeams(
      [
        { id: "a1", before: { mu: 25, sigma: 25 / 3 }, weight: 1 },
        { id: "a2", before: { mu: 32.444, sigma: 5.123 }, weight: 1 },
      ],
      [
        { id: "b1", before: { mu: 43.381, sigma: 2.421 }, weight: 1 },
        { id: "b2", before: { mu: 25.188, sigma: 6.211 }, weight: 1 },
      ],
    );
    const expected: Record<string, [number, number]> = { a1: [28.67, 8.07], a2: [33.83, 5.06], b1: [43.07, 2.42], b2: [23.15, 6.14] };
    for (const [id, [mu, sigma]] of Object.entries(expected)) {
      expect(after.get(id)!.mu).toBeCloseTo(mu, 2);
      expect(after.get(id)!.sigma).toBeCloseTo(sigma, 2);
    }
    // And the README's ordinal: mu − 3σ of { mu: 43.07, sigma: 2.42 } is 35.81.
    expect(shownRating({ mu: 43.07, sigma: 2.42 })).toBe(35.8);
  });

  it("weights a player's change by the share of the game they held a seat", () => {
    const before = { mu: 25, sigma: 25 / 3 };
    const full = rate([[rating(before)], [rating(before)]], { rank: [1, 2] });
    const after = rateTeams([{ id: "w", before, weight: 0.5 }], [{ id: "l", before, weight: 0 }]);
    expect(after.get("l")).toEqual(before);
    expect(after.get("w")!.mu).toBeCloseTo(before.mu + (full[0]![0]!.mu - before.mu) / 2, 10);
    expect(after.get("w")!.sigma ** 2).toBeCloseTo(before.sigma ** 2 + (full[0]![0]!.sigma ** 2 - before.sigma ** 2) / 2, 10);
    // Deterministic: the same game rates the same.
    expect(rateTeams([{ id: "w", before, weight: 0.5 }], [{ id: "l", before, weight: 0 }])).toEqual(after);
  });
});

describe("rated games", () => {
  it("move the winners up and the losers down, show a rating after 5 games, and rank the leaderboard", async () => {
    const ann = await makeUser(handle, `ann-${Math.random()}@example.com`);
    const ben = await makeUser(handle, `ben-${Math.random()}@example.com`);
    const first = await ratedGame(ann, ben);
    const ratingOf = async (id: string) => (await handle.db.select().from(ratings).where(eq(ratings.userId, id)))[0]!;
    expect((await ratingOf(ann.id)).mu).toBeGreaterThan(25);
    expect((await ratingOf(ben.id)).mu).toBeLessThan(25);
    expect((await ratingOf(ann.id)).games).toBe(1);
    const view = await callerFor(handle, ben).game.get({ gameId: first });
    expect(view.result!.ratingChanges).toEqual([
      expect.objectContaining({ userId: ann.id, team: "Axis", won: true, before: null, after: null, ratedGames: 1 }),
      expect.objectContaining({ userId: ben.id, team: "Allies", won: false, before: null, after: null, ratedGames: 1 }),
    ]);
    for (let i = 1; i < SHOWN_AFTER; i++) await ratedGame(ann, ben);
    const fifth = (await handle.db.select().from(ratingChanges).where(eq(ratingChanges.userId, ann.id)).orderBy(desc(ratingChanges.gameId)).limit(1))[0]!;
    const result = (await callerFor(handle, ann).game.get({ gameId: fifth.gameId })).result!;
    const annChange = result.ratingChanges!.find((c) => c.userId === ann.id)!;
    expect(annChange).toMatchObject({ before: null, ratedGames: SHOWN_AFTER, after: shownRating({ mu: fifth.muAfter, sigma: fifth.sigmaAfter }) });
    const board = await callerFor(handle, ben).player.leaderboard();
    const ours = board.filter((r) => r.userId === ann.id || r.userId === ben.id);
    expect(ours.map((r) => r.userId)).toEqual([ann.id, ben.id]);
    expect(ours[0]!.games).toBe(SHOWN_AFTER);
    // The lobby's own figures now carry the rating.
    expect((await callerFor(handle, ann).game.lobby()).me.rating).toBe(ours[0]!.rating);
    // A sixth game shows the rating before and after.
    const sixth = await ratedGame(ann, ben);
    const change = (await callerFor(handle, ann).game.get({ gameId: sixth })).result!.ratingChanges!.find((c) => c.userId === ben.id)!;
    const benRow = (await handle.db.select().from(ratingChanges).where(eq(ratingChanges.gameId, sixth))).find((r) => r.userId === ben.id)!;
    expect(change).toMatchObject({
      before: shownRating({ mu: benRow.muBefore, sigma: benRow.sigmaBefore }),
      after: shownRating({ mu: benRow.muAfter, sigma: benRow.sigmaAfter }),
      ratedGames: SHOWN_AFTER + 1,
    });
  });

  it("leave unrated games out", async () => {
    const cy = await makeUser(handle, `cy-${Math.random()}@example.com`);
    const di = await makeUser(handle, `di-${Math.random()}@example.com`);
    const gameId = await ratedGame(cy, di, { rated: false });
    expect(await handle.db.select().from(ratingChanges).where(eq(ratingChanges.gameId, gameId))).toEqual([]);
    expect((await callerFor(handle, cy).game.get({ gameId })).result).not.toHaveProperty("ratingChanges");
  });

  it("weight each player by how long they held a seat: a player who left halfway counts half", async () => {
    const [eva, fay, gus] = await Promise.all(["eva", "fay", "gus"].map((n) => makeUser(handle, `${n}-${Math.random()}@example.com`)));
    const { gameId } = await callerFor(handle, eva!).game.create({ name: "Three", nations: [...AXIS], robots: [], ...RATED });
    await callerFor(handle, fay!).game.join({ gameId, nation: "Russia" });
    await callerFor(handle, fay!).game.join({ gameId, nation: "United Kingdom" });
    await callerFor(handle, gus!).game.join({ gameId, nation: "United States" });
    // The robot that takes the seat holds (as in practice games), so no battle of its choosing waits.
    const [row] = await handle.db.select().from(games).where(eq(games.id, gameId));
    await handle.db.update(games).set({ options: { ...row!.options, robotsHold: true } }).where(eq(games.id, gameId));
    await lockAll([[eva!, AXIS], [fay!, ["Russia", "United Kingdom"]], [gus!, ["United States"]]], gameId);
    await callerFor(handle, gus!).game.leave({ gameId, nation: "United States" });
    await axisWinsThisTurn(gameId);
    await lockAll([[eva!, AXIS], [fay!, ["Russia", "United Kingdom"]]], gameId);
    const rows = await handle.db.select().from(ratingChanges).where(eq(ratingChanges.gameId, gameId));
    const weight = Object.fromEntries(rows.map((r) => [r.userId, r.weight]));
    expect(weight).toEqual({ [eva!.id]: 1, [fay!.id]: 1, [gus!.id]: 0.5 });
    const moved = Object.fromEntries(rows.map((r) => [r.userId, r.muAfter - r.muBefore]));
    expect(moved[gus!.id]).toBeLessThan(0);
    expect(moved[gus!.id]).toBeGreaterThan(moved[fay!.id]! - 1e-9);
  });

  it("keep ratings, reliability and profile links hidden with the names in an anonymous game until it ends", async () => {
    const hal = await makeUser(handle, `hal-${Math.random()}@example.com`);
    const ivy = await makeUser(handle, `ivy-${Math.random()}@example.com`);
    const { gameId } = await callerFor(handle, hal).game.create({ name: "Masked", nations: [...AXIS], robots: [], ...RATED, anonymous: true });
    for (const n of ALLIES) await callerFor(handle, ivy).game.join({ gameId, nation: n });
    const during = await callerFor(handle, ivy).game.get({ gameId });
    for (const s of during.seats.filter((s) => !s.mine)) {
      expect(s.player).toBe("a player");
      for (const key of ["playerId", "rating", "reliability", "finishedGames"]) expect(s).not.toHaveProperty(key);
    }
    // The running game is not on the profile either.
    expect((await callerFor(handle, ivy).player.profile({ id: hal.id })).games.map((g) => g.gameId)).not.toContain(gameId);
    await axisWinsThisTurn(gameId);
    await lockAll([[hal, AXIS], [ivy, ALLIES]], gameId);
    const after = await callerFor(handle, ivy).game.get({ gameId });
    expect(after.seats.find((s) => s.nation === "Germany")).toMatchObject({ playerId: hal.id });
    expect(after.result!.ratingChanges!.map((c) => c.userId).sort()).toEqual([hal.id, ivy.id].sort());
    expect((await callerFor(handle, ivy).player.profile({ id: hal.id })).games.map((g) => g.gameId)).toContain(gameId);
  });
});
