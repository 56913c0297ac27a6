// The rating beside a name is the rating in that game's ruleset (docs/players.md "Ratings"): a player
// rated in 1942 and in the War of the Triple Alliance shows 1942's in a 1942 game's seats and lobby
// row, the Triple Alliance's in a Triple Alliance game's row and page; an anonymous game still hides
// it with the name from every other viewer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { ratings, vacations } from "../../db/schema";
import { SHOWN_AFTER, shownRating } from "../../server/services/ratings";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const CLASSIC = { lowLuck: false, ordersHours: 24, decisionHours: 24, robotsHold: false, excusedMisses: 0 };
const TA = { ruleset: "triple-alliance", scenario: "tuyuti", seats: 3, robots: [], ordersHours: 24, excusedMisses: 0 };

describe("the rating beside a name", () => {
  it("is the game's ruleset's, in the lobby's rows and the game's seats; hidden with the name in an anonymous game", async () => {
    const [ada, bo, cal] = await Promise.all(["ada", "bo", "cal"].map((n) => makeUser(handle, `${n}-${Math.random()}@example.com`)));
    const classic = { mu: 30, sigma: 2 };
    const allied = { mu: 20, sigma: 3 };
    await handle.db.insert(ratings).values([
      { userId: ada!.id, ruleset: "1942", ...classic, games: SHOWN_AFTER },
      { userId: ada!.id, ruleset: "triple-alliance", ...allied, games: SHOWN_AFTER + 2 },
    ]);
    expect(shownRating(classic)).not.toBe(shownRating(allied));
    const asAda = callerFor(handle, ada!);
    const g1942 = await asAda.game.create({ name: "Classic", nations: ["Germany"], robots: [], ...CLASSIC });
    const gTa = await asAda.play.create({ name: "Tuyuti", mine: ["paraguay"], ...TA });
    const masked = await asAda.play.create({ name: "Masked", mine: ["paraguay"], ...TA, anonymous: true });

    const lobby = await callerFor(handle, bo!).game.lobby();
    const seat = (gameId: number, side: string) => lobby.open.find((g) => g.id === gameId)!.seats.find((s) => s.nation === side)!;
    expect(seat(g1942.gameId, "Germany")).toMatchObject({ playerId: ada!.id, rating: shownRating(classic) });
    expect(seat(gTa.gameId, "paraguay")).toMatchObject({ playerId: ada!.id, rating: shownRating(allied) });
    expect(seat(masked.gameId, "paraguay").player).toBe("a player");
    for (const key of ["playerId", "rating", "reliability", "finishedGames"]) expect(seat(masked.gameId, "paraguay")).not.toHaveProperty(key);
    // The player sees their own name and figures in the anonymous game's row, in its ruleset.
    const own = (await asAda.game.lobby()).mine.find((g) => g.id === masked.gameId)!.seats.find((s) => (s.nation as string) === "paraguay")!;
    expect(own).toMatchObject({ playerId: ada!.id, rating: shownRating(allied) });

    // A 1942 game's seats: 1942's rating, for another player and a spectator alike.
    for (const viewer of [bo!, cal!]) {
      const view = await callerFor(handle, viewer).game.get({ gameId: g1942.gameId });
      expect(view.seats.find((s) => s.nation === "Germany")).toMatchObject({ playerId: ada!.id, rating: shownRating(classic) });
    }
    // A player rated in 1942 only shows no rating in a Triple Alliance row.
    await handle.db.insert(ratings).values({ userId: bo!.id, ruleset: "1942", ...classic, games: SHOWN_AFTER });
    await callerFor(handle, bo!).play.join({ gameId: gTa.gameId, side: "brazil" });
    const after = await callerFor(handle, cal!).game.lobby();
    const boSeat = after.open.find((g) => g.id === gTa.gameId)!.seats.find((s) => (s.nation as string) === "brazil")!;
    expect(boSeat).toMatchObject({ playerId: bo!.id, rating: null });

    // The Triple Alliance game's own page (play.get): its ruleset's rating beside each name, for a
    // player, another player and a spectator; the anonymous game's seat shows none of it to the others.
    for (const viewer of [ada!, bo!, cal!]) {
      const view = await callerFor(handle, viewer).play.get({ gameId: gTa.gameId });
      expect(view.seats.find((s) => s.side === "paraguay")).toMatchObject({ playerId: ada!.id, rating: shownRating(allied), reliability: null, bot: false });
      expect(view.seats.find((s) => s.side === "brazil")).toMatchObject({ playerId: bo!.id, rating: null });
      const hidden = (await callerFor(handle, viewer).play.get({ gameId: masked.gameId })).seats.find((s) => s.side === "paraguay")!;
      if (viewer === ada) expect(hidden).toMatchObject({ playerId: ada!.id, rating: shownRating(allied) });
      else for (const key of ["playerId", "rating", "reliability", "finishedGames", "bot"]) expect(hidden).not.toHaveProperty(key);
    }

    // A running vacation shows beside the name on the frame's seats too, to everyone in the game, as
    // the 1942 seats show it (docs/players.md "Vacations"); it is read fresh with every view.
    const until = new Date(Date.now() + 3 * 86_400_000);
    await handle.db.insert(vacations).values({ userId: bo!.id, startsAt: new Date(Date.now() - 3600_000), endsAt: until });
    for (const viewer of [ada!, bo!, cal!]) {
      const seats = (await callerFor(handle, viewer).play.get({ gameId: gTa.gameId })).seats;
      expect(seats.find((s) => s.side === "brazil")).toMatchObject({ playerId: bo!.id, vacationUntil: until.toISOString() });
      expect(seats.find((s) => s.side === "paraguay")).not.toHaveProperty("vacationUntil");
    }
  });
});
