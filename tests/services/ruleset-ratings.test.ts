// Rated games of any ruleset (docs/players.md "Ratings"): created with the rated rules (no robots, one
// team per account, on create and on join), rated when the generic resolve ends them, in the game's
// ruleset, by its scenario's teams — a free-for-all ranks each side on its own, winners first, a
// draw ties them all — exactly once. And 1942's rating is what it was: the same figures, byte for byte.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { rate, rating } from "openskill";
import type { DbHandle } from "../../db/client";
import { games, phases, ratingChanges, ratings } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { rateFinishedGame, rateTeams, SHOWN_AFTER, shownRating, type RatedPlayer, type Skill } from "../../server/services/ratings";
import type { SessionUser } from "../../server/api/trpc";
import { registerPodium } from "../support/podium-ruleset";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  registerPodium();
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const settings = { ordersHours: 24, excusedMisses: 0 };
const fresh = () => ({ mu: rating().mu, sigma: rating().sigma });
const users = (...names: string[]) => Promise.all(names.map((n) => makeUser(handle, `${n}-${Math.random()}@example.com`)));

/** A rated Podium game of `scenario`, each user seated on the sides given, all locking `win` as told. */
async function podiumGame(scenario: string, seatsBy: [SessionUser, string[]][], winners: string[], rated = true) {
  const [[owner, mine], ...rest] = seatsBy as [[SessionUser, string[]], ...[SessionUser, string[]][]];
  const { gameId } = await callerFor(handle, owner).play.create({ name: "Podium", ruleset: "podium", scenario, seats: 3, mine, robots: [], ...settings, rated });
  for (const [user, sides] of rest) for (const side of sides) await callerFor(handle, user).play.join({ gameId, side });
  for (const [user, sides] of seatsBy)
    for (const side of sides) {
      await callerFor(handle, user).play.save({ gameId, side, orders: { win: winners.includes(side) } });
      await callerFor(handle, user).play.lock({ gameId, side });
    }
  expect(await drain(handle, "test")).toBe(1);
  const [game] = await handle.db.select().from(games).where(eq(games.id, gameId));
  expect(game!.status).toBe("finished");
  return game!;
}

const changesOf = async (gameId: number) => (await handle.db.select().from(ratingChanges).where(eq(ratingChanges.gameId, gameId))).sort((a, b) => (a.userId < b.userId ? -1 : 1));
const skillOf = (c: { muAfter: number; sigmaAfter: number }): Skill => ({ mu: c.muAfter, sigma: c.sigmaAfter });

describe("a rated game of another ruleset", () => {
  it("every side for itself: the winner first, the others tied second, in the game's ruleset, once", async () => {
    const [ann, ben, cy] = await users("ann", "ben", "cy");
    const game = await podiumGame("free", [[ann!, ["a"]], [ben!, ["b"]], [cy!, ["c"]]], ["b"]);
    const [a, b, c] = rate([[rating()], [rating()], [rating()]], { rank: [2, 1, 2] }).map((t) => t[0]!);
    const changes = await changesOf(game.id);
    const expected = new Map([[ann!.id, ["a", false, a]], [ben!.id, ["b", true, b]], [cy!.id, ["c", false, c]]] as const);
    expect(changes).toHaveLength(3);
    for (const ch of changes) {
      const [team, won, after] = expected.get(ch.userId)!;
      expect(ch).toMatchObject({ ruleset: "podium", team, won, weight: 1, muBefore: 25, sigmaBefore: 25 / 3 });
      expect(ch.muAfter).toBeCloseTo(after!.mu, 10);
      expect(ch.sigmaAfter).toBeCloseTo(after!.sigma, 10);
    }
    expect(changes.find((ch) => ch.userId === ben!.id)!.muAfter).toBeGreaterThan(25);
    const stored = await handle.db.select().from(ratings).where(eq(ratings.ruleset, "podium"));
    for (const u of [ann!, ben!, cy!]) expect(stored.find((r) => r.userId === u.id)).toMatchObject({ games: 1, ...skillOf(changes.find((ch) => ch.userId === u.id)!) });
    // 1942's rating is untouched: a rating is per ruleset.
    expect(await handle.db.select().from(ratings).where(eq(ratings.userId, ben!.id))).toHaveLength(1);
    // Once: rating the finished game again changes nothing.
    await rateFinishedGame(handle.db, game, ["b"]);
    expect(await changesOf(game.id)).toEqual(changes);
    expect((await handle.db.select().from(ratings).where(eq(ratings.userId, ben!.id)))[0]!.games).toBe(1);
  });

  it("a draw ties every side", async () => {
    const [ann, ben, cy] = await users("dee", "eli", "fay");
    const game = await podiumGame("free", [[ann!, ["a"]], [ben!, ["b"]], [cy!, ["c"]]], []);
    const tied = rate([[rating()], [rating()], [rating()]], { rank: [1, 1, 1] }).map((t) => t[0]!);
    const changes = await changesOf(game.id);
    expect(changes.map((ch) => ch.won)).toEqual([false, false, false]);
    changes.forEach((ch, i) => expect(ch.muAfter).toBeCloseTo(tied[i]!.mu, 10));
  });

  it("teams: one account holds both sides of its team, and the team is rated as one", async () => {
    const [gil, hal] = await users("gil", "hal");
    const game = await podiumGame("pairs", [[gil!, ["a", "b"]], [hal!, ["c"]]], ["c"]);
    const [[c], [ab]] = rate([[rating()], [rating()]], { rank: [1, 2] });
    const changes = await changesOf(game.id);
    const gils = changes.find((ch) => ch.userId === gil!.id)!;
    const hals = changes.find((ch) => ch.userId === hal!.id)!;
    expect(gils).toMatchObject({ team: "AB", won: false, weight: 1 });
    expect(hals).toMatchObject({ team: "C", won: true, weight: 1 });
    expect(gils.muAfter).toBeCloseTo(ab!.mu, 10);
    expect(hals.muAfter).toBeCloseTo(c!.mu, 10);
  });

  it("an unrated game moves no rating", async () => {
    const [ivy, jon, kim] = await users("ivy", "jon", "kim");
    const game = await podiumGame("free", [[ivy!, ["a"]], [jon!, ["b"]], [kim!, ["c"]]], ["a"], false);
    expect(await changesOf(game.id)).toEqual([]);
    expect((await callerFor(handle, ivy!).play.get({ gameId: game.id })).ratingChanges).toBeUndefined();
  });

  it("the game's page shows how a finished rated game moved each rating, to players and outsiders alike", async () => {
    const [lea, max, ned, out] = await users("lea", "max", "ned", "out");
    const game = await podiumGame("free", [[lea!, ["a"]], [max!, ["b"]], [ned!, ["c"]]], ["c"]);
    const stored = await changesOf(game.id);
    for (const viewer of [lea!, max!, out!]) {
      const view = await callerFor(handle, viewer).play.get({ gameId: game.id });
      expect(view.result).toMatchObject({ over: true, winners: ["c"] });
      // Winners first; each player's rating before and after as shown (unrated before 5 rated games).
      expect(view.ratingChanges!.map((c) => [c.userId, c.team, c.won, c.before, c.after, c.ratedGames])).toEqual([
        [ned!.id, "c", true, null, null, 1],
        ...[lea!, max!].sort((x, y) => (x.id < y.id ? -1 : 1)).map((u) => [u.id, u.id === lea!.id ? "a" : "b", false, null, null, 1]),
      ]);
      expect(view.ratingChanges).toHaveLength(stored.length);
    }
  });

  it("is refused with robots, or with seats of two teams, on create and on join", async () => {
    const [lea, max] = await users("lea", "max");
    const asLea = callerFor(handle, lea!);
    const base = { name: "Refused", ruleset: "podium", scenario: "pairs", seats: 3, ...settings, rated: true };
    await expect(asLea.play.create({ ...base, mine: ["a"], robots: ["c"] })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "A rated game has no robots" });
    await expect(asLea.play.create({ ...base, mine: ["a", "c"], robots: [] })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "In a rated game you hold seats of one team only" });
    // Free-for-all: every side is a team of its own.
    await expect(asLea.play.create({ ...base, scenario: "free", mine: ["a", "b"], robots: [] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // The War of the Triple Alliance: Brazil and Argentina are one team (TA1.7), Paraguay another.
    const { gameId } = await asLea.play.create({ ...base, ruleset: "triple-alliance", scenario: "tuyuti", mine: ["brazil", "argentina"], robots: [] });
    const asMax = callerFor(handle, max!);
    const other = await asMax.play.create({ ...base, ruleset: "triple-alliance", scenario: "tuyuti", mine: ["paraguay"], robots: [] });
    await expect(asMax.play.join({ gameId: other.gameId, side: "brazil" })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/one team only: you play for the Paraguay/) });
    expect(await asMax.play.join({ gameId, side: "paraguay" })).toEqual({ started: true });
    const [started] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(started!.options.rated).toBe(true);
  });
});

describe("another ruleset's ratings and games, shown", () => {
  it("on its own leaderboard (not 1942's) and on the profile: played, won, the rating and its history, by the game's name", async () => {
    const [pia, quin, rex] = await users("pia", "quin", "rex");
    const seated: [SessionUser, string[]][] = [[pia!, ["a"]], [quin!, ["b"]], [rex!, ["c"]]];
    for (let i = 0; i < SHOWN_AFTER; i++) await podiumGame("free", seated, ["a"]);
    await podiumGame("free", seated, ["b"], false);
    const asRex = callerFor(handle, rex!);
    const board = await asRex.player.leaderboard({ ruleset: "podium" });
    const [stored] = await handle.db.select().from(ratings).where(eq(ratings.userId, pia!.id));
    expect(board.filter((r) => [pia!.id, quin!.id, rex!.id].includes(r.userId))[0]).toMatchObject({ userId: pia!.id, rating: shownRating(stored!), games: SHOWN_AFTER });
    expect((await asRex.player.leaderboard()).map((r) => r.userId)).not.toContain(pia!.id);
    await expect(asRex.player.leaderboard({ ruleset: "chess" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/No game "chess".*1942/) });
    const pias = await asRex.player.profile({ id: pia!.id });
    // No 1942 row: the profile lists the games the player played, each by its ruleset's name.
    expect(pias.rulesets).toEqual([{ ruleset: "podium", name: "Podium", played: SHOWN_AFTER + 1, won: SHOWN_AFTER, rating: shownRating(stored!), ratedGames: SHOWN_AFTER }]);
    expect(pias.games.every((g) => g.ruleset === "podium")).toBe(true);
    expect(pias.ratingHistory.map((h) => [h.ruleset, h.rating === null])).toEqual([...Array(SHOWN_AFTER - 1).fill(["podium", true]), ["podium", false]]);
    expect(pias.reliability).toMatchObject({ phasesDue: SHOWN_AFTER + 1, actedOn: SHOWN_AFTER + 1, finishedGames: SHOWN_AFTER + 1 });
    // The unrated game's win counts too.
    expect((await asRex.player.profile({ id: quin!.id })).rulesets[0]).toMatchObject({ played: SHOWN_AFTER + 1, won: 1, rating: expect.any(Number) });
  });

  it("a team game's win is the team's: the player of both sides of the winning team won", async () => {
    const [sal, tom] = await users("sal", "tom");
    // Side a alone says it wins: its team, AB, wins the game.
    const game = await podiumGame("pairs", [[sal!, ["a", "b"]], [tom!, ["c"]]], ["a"], false);
    const sals = await callerFor(handle, tom!).player.profile({ id: sal!.id });
    expect(sals.games).toEqual([{ gameId: game.id, ruleset: "podium", name: "Podium", nations: ["a", "b"], won: true, rated: false, lastTurn: 1 }]);
    expect((await callerFor(handle, sal!).player.profile({ id: tom!.id })).rulesets).toEqual([{ ruleset: "podium", name: "Podium", played: 1, won: 0, rating: null, ratedGames: 0 }]);
  });
});

describe("1942's ratings are what they were", () => {
  /** The update as it was written before ratings took any number of teams: two teams, winners first. */
  function before(winners: RatedPlayer[], losers: RatedPlayer[]): Map<string, Skill> {
    const [w, l] = rate([winners.map((p) => rating(p.before)), losers.map((p) => rating(p.before))], { rank: [1, 2] });
    const out = new Map<string, Skill>();
    const apply = (players: RatedPlayer[], after: Skill[]) =>
      players.forEach((p, i) => {
        const a = after[i]!;
        const weight = Math.min(1, Math.max(0, p.weight));
        const variance = p.before.sigma ** 2 + weight * (a.sigma ** 2 - p.before.sigma ** 2);
        out.set(p.id, { mu: p.before.mu + weight * (a.mu - p.before.mu), sigma: Math.sqrt(variance) });
      });
    apply(winners, w!);
    apply(losers, l!);
    return out;
  }

  it("the same figures, to the last bit, for teams of any size and weight", () => {
    const player = (id: string, mu: number, sigma: number, weight: number): RatedPlayer => ({ id, before: { mu, sigma }, weight });
    const cases: [RatedPlayer[], RatedPlayer[]][] = [
      [[player("w", 25, 25 / 3, 1)], [player("l", 25, 25 / 3, 1)]],
      [[player("a1", 25, 25 / 3, 1), player("a2", 32.444, 5.123, 0.5)], [player("b1", 43.381, 2.421, 1), player("b2", 25.188, 6.211, 0.25), player("b3", 19.7, 7.9, 0)]],
      [[player("x", 30.1, 4.2, 0.75), player("y", 21.3, 6.6, 1), player("z", 27.9, 3.1, 0.5)], [player("q", 28.4, 5.5, 1), player("r", 24.2, 7.7, 1)]],
    ];
    for (const [w, l] of cases) expect(rateTeams(w, l)).toEqual(before(w, l));
  });

  it("a finished rated 1942 game stores exactly those figures, team names and all", async () => {
    const [ann, ben] = await users("nia", "oz");
    const RATED = { lowLuck: false, ordersHours: 24, decisionHours: 24, robotsHold: false, excusedMisses: 0, rated: true };
    const { gameId } = await callerFor(handle, ann!).game.create({ name: "Rated", nations: ["Germany", "Japan"], robots: [], ...RATED });
    for (const n of ["Russia", "United Kingdom", "United States"] as const) await callerFor(handle, ben!).game.join({ gameId, nation: n });
    // The Axis already hold Moscow and London, emptied: the end of the turn is an Axis victory (R8.6).
    const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
    const start = phase!.startState;
    const state = { ...start, owners: { ...start.owners, Russia: "Germany" as const, "United Kingdom": "Japan" as const }, units: start.units.filter((u) => u.at !== "Russia" && u.at !== "United Kingdom") };
    await handle.db.update(phases).set({ startState: state }).where(eq(phases.id, phase!.id));
    for (const n of ["Germany", "Japan"] as const) await callerFor(handle, ann!).orders.lock({ gameId, nation: n });
    for (const n of ["Russia", "United Kingdom", "United States"] as const) await callerFor(handle, ben!).orders.lock({ gameId, nation: n });
    await drain(handle, "test");
    const expected = before([{ id: ann!.id, before: fresh(), weight: 1 }], [{ id: ben!.id, before: fresh(), weight: 1 }]);
    const changes = await changesOf(gameId);
    expect(changes.map((c) => [c.userId, c.ruleset, c.team, c.won, c.weight, c.muBefore, c.sigmaBefore, c.muAfter, c.sigmaAfter])).toEqual(
      [
        [ann!.id, "1942", "Axis", true, 1, 25, 25 / 3, expected.get(ann!.id)!.mu, expected.get(ann!.id)!.sigma],
        [ben!.id, "1942", "Allies", false, 1, 25, 25 / 3, expected.get(ben!.id)!.mu, expected.get(ben!.id)!.sigma],
      ].sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)),
    );
  });
});
