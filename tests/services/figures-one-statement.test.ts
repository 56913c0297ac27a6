// The figures beside the seated players' names (reliability, finished games, rating, bot mark) are read
// in one statement (issue 20: every game view and its refetches read them), and they are the figures
// the one-at-a-time reads give (the profile's and the join requirements' own): players with a rated
// history, misses old and new, a game left, a vacation, a bot account and no record at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { attendance, games, phases, ratings, users, vacations, type AttendanceOutcome } from "../../db/schema";
import { NATIONS } from "../../server/rulesets/1942/engine";
import { isBot } from "../../server/services/bots";
import { figuresByRuleset, playerFigures, seatExtras } from "../../server/services/player-figures";
import { SHOWN_AFTER, shownRatings } from "../../server/services/ratings";
import { finishedGameCounts, RELIABILITY_DAYS, RELIABILITY_PHASES, reliabilityFigures } from "../../server/services/reliability";
import { testDb } from "../support/db";
import { countStatements } from "../support/statements";
import { callerFor, makeUser, QUICK } from "../support/world";

let handle: DbHandle;
let statementsOf: ReturnType<typeof countStatements>;
beforeAll(async () => {
  handle = await testDb();
  // Before the first read: a named statement keeps the logger it was built with.
  statementsOf = countStatements(handle);
});
afterAll(async () => {
  await handle.close();
});

/** Five players of different records, seated in one running game. */
async function playersOfDifferentRecords() {
  const players = await Promise.all(NATIONS.map((n) => makeUser(handle, `figures-${n.replace(" ", "")}-${Math.random()}@example.com`)));
  const callers = players.map((p) => callerFor(handle, p));
  const { gameId } = await callers[0]!.game.create({ name: "Figures", nations: [NATIONS[0]], robots: [], ...QUICK });
  for (let i = 1; i < NATIONS.length; i++) await callers[i]!.game.join({ gameId, nation: NATIONS[i]! });
  const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
  const [rated, misser, away, bot] = players.map((p) => p.id);
  const record = (userId: string, outcome: AttendanceOutcome, n: number, daysAgo = 0) =>
    handle.db.insert(attendance).values(
      Array.from({ length: n }, () => ({ gameId, phaseId: phase!.id, nation: NATIONS[0], userId, outcome, createdAt: new Date(Date.now() - daysAgo * 86_400_000) })),
    );
  // Rated: shown in 1942, another ruleset's rating besides; three misses older than the latest phases due.
  await record(rated!, "missed", 3);
  await record(rated!, "acted", RELIABILITY_PHASES);
  await handle.db.insert(ratings).values([
    { userId: rated!, ruleset: "1942", mu: 31.5, sigma: 3.25, games: SHOWN_AFTER + 2 },
    { userId: rated!, ruleset: "interplanetary", mu: 20, sigma: 5, games: SHOWN_AFTER },
  ]);
  // A finished game of the rated player's, and a finished sandbox that does not count.
  const { gameId: finished } = await callers[0]!.game.create({ name: "Finished", nations: ["Germany"], robots: ["Japan", "Russia", "United Kingdom", "United States"], ...QUICK });
  await handle.db.update(games).set({ status: "finished" }).where(eq(games.id, finished));
  // Misses new and older than the window, excused ones (no part of the figure), a game left (its
  // two nations count once).
  await record(misser!, "acted", 4);
  await record(misser!, "missed", 2);
  await record(misser!, "missed", 7, RELIABILITY_DAYS + 1);
  await record(misser!, "excused", 2);
  await record(misser!, "left", 2);
  // On vacation, with a rating not yet shown.
  await handle.db.insert(vacations).values({ userId: away!, startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() + 3 * 86_400_000) });
  await handle.db.insert(ratings).values({ userId: away!, ruleset: "1942", mu: 25, sigma: 8, games: SHOWN_AFTER - 1 });
  await record(away!, "vacation", 1);
  await handle.db.update(users).set({ bot: true }).where(eq(users.id, bot!));
  return { players, callers, gameId };
}

/** The figures as read one at a time (reliability, finished games, bot mark, the ruleset's rating). */
async function oneAtATime(ids: string[], ruleset: string) {
  const [reliability, finished, rating] = await Promise.all([reliabilityFigures(handle.db, ids), finishedGameCounts(handle.db, ids), shownRatings(handle.db, ids, ruleset)]);
  return new Map(
    await Promise.all(
      ids.map(async (id) => [id, { reliability: reliability.get(id) ?? null, finishedGames: finished.get(id) ?? 0, rating: rating.get(id) ?? null, bot: await isBot(handle.db, id) }] as const),
    ),
  );
}

describe("the seats' figures in one statement", () => {
  it("equal the figures read one at a time, in each ruleset asked for", async () => {
    const { players } = await playersOfDifferentRecords();
    const ids = [...players.map((p) => p.id), "no-such-user"];
    for (const ruleset of ["1942", "interplanetary"]) expect(await playerFigures(handle.db, ids, ruleset)).toEqual(await oneAtATime(ids, ruleset));
    const both = await figuresByRuleset(handle.db, [...ids.map((userId) => ({ userId, ruleset: "1942" })), { userId: players[0]!.id, ruleset: "interplanetary" }]);
    expect(both.get("1942")).toEqual(await oneAtATime(ids, "1942"));
    expect(both.get("interplanetary")).toEqual(await oneAtATime([players[0]!.id], "interplanetary"));
    // The records differ, so the equality above is not of empty figures.
    const figures = await playerFigures(handle.db, ids, "1942");
    expect(figures.get(players[0]!.id)).toMatchObject({ reliability: 100, finishedGames: 1, bot: false });
    expect(figures.get(players[0]!.id)!.rating).not.toBeNull();
    expect(figures.get(players[1]!.id)).toMatchObject({ reliability: Math.round((100 * 4) / (4 + 2 + 5 * 1)), rating: null });
    expect(figures.get(players[2]!.id)).toMatchObject({ reliability: null, rating: null });
    expect(figures.get(players[3]!.id)).toMatchObject({ bot: true });
    expect(figures.get("no-such-user")).toEqual({ reliability: null, finishedGames: 0, rating: null, bot: false });
  });

  it("are one statement for a view's seats, and the game view shows them with the vacation", async () => {
    const { players, callers, gameId } = await playersOfDifferentRecords();
    const view = await callers[4]!.game.get({ gameId });
    const [game] = await handle.db.select().from(games).where(eq(games.id, gameId));
    const seatRows = view.seats.map((s) => ({ nation: s.nation, robot: false, userId: s.playerId ?? null, name: null, bot: s.bot ?? false, awayUntil: null }));
    expect(await statementsOf(() => seatExtras(handle.db, game!, seatRows, players[4]!.id))).toBe(1);
    const expected = await oneAtATime(
      players.map((p) => p.id),
      "1942",
    );
    for (const [i, p] of players.entries()) expect(view.seats.find((s) => s.nation === NATIONS[i])).toMatchObject({ playerId: p.id, ...expected.get(p.id) });
    expect(view.seats.find((s) => s.nation === NATIONS[2])!.vacationUntil).toBeDefined();
    expect(view.seats.filter((s) => s.vacationUntil !== undefined)).toHaveLength(1);
  });
});
