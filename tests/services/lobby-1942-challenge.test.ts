// The lobby's 1942 form creates a 1942 game played a phase at a time (play.create, docs/lobby.md):
// what the form sends (app/lobby/challenge-1942.ts) is stored as a game of the 1942 ruleset and its one
// scenario, with every option chosen — low luck, house rules, deadlines in hours and daily, practice
// robots, takeover, press, excused misses, vacations, join requirements, rated, an invited bot — and
// the lobby lists it to others, who join it there (play.join), and to its players under their games.
// Also: `game.decides` is true before the game starts, and game.pause refuses such a game.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, users } from "../../db/schema";
import { challenge1942, type Form1942 } from "../../app/lobby/challenge-1942";
import { initialPlayerOptions } from "../../app/lobby/player-options";
import { optionsText } from "../../app/lobby/lobby-game";
import { optionsLine } from "../../app/games/options-line";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const tag = () => Math.random().toString(36).slice(2, 8);

function form(over: Partial<Form1942> = {}): Form1942 {
  return {
    name: "Lobby war",
    seats: { Russia: "robot", Germany: "me", "United Kingdom": "robot", Japan: "open", "United States": "robot" },
    bots: [],
    ordersHours: "36",
    decisionHours: "6",
    lowLuck: true,
    houseRules: { victoryCities: true, vcInfantry: false, commerceRaiding: true },
    minorVictoryTurn: "8",
    robotsHold: true,
    robotTakeover: 2,
    ordersAt: { time: "18:45", zone: "Asia/Tokyo" },
    decisionsAt: { time: "07:30", zone: "America/New_York" },
    press: "public",
    anonymous: false,
    players: { ...initialPlayerOptions(), excusedMisses: 2, honourVacations: true },
    ...over,
  };
}

function inputOf(f: Form1942) {
  const made = challenge1942(f);
  if (!("input" in made) || !made.input) throw new Error(`the form refused: ${JSON.stringify(made)}`);
  return made.input;
}

describe("the lobby's 1942 challenge", () => {
  it("is a phased 1942 game with every option the form chose, listed and joined in the lobby", async () => {
    const [ann, ben] = [await makeUser(handle, `ann-${tag()}@example.com`), await makeUser(handle, `ben-${tag()}@example.com`)];
    const [asAnn, asBen] = [callerFor(handle, ann), callerFor(handle, ben)];
    const { gameId, started } = await asAnn.play.create(inputOf(form()));
    expect(started).toBe(false);

    const [game] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(game).toMatchObject({ ruleset: "1942", scenario: "standard", status: "open" });
    expect(game!.options).toEqual({
      rules: { lowLuck: true, houseRules: { victoryCities: true, vcInfantry: false, commerceRaiding: true, minorVictoryTurn: 8 } },
      ordersHours: 36,
      decisionHours: 6,
      robots: true,
      robotsHold: true,
      robotTakeover: 2,
      press: "public",
      excusedMisses: 2,
      honourVacations: true,
      ordersAt: { time: "18:45", zone: "Asia/Tokyo" },
      decisionsAt: { time: "07:30", zone: "America/New_York" },
    });
    expect((await asAnn.play.kind({ gameId })).phased).toBe(true);

    // Ben's lobby offers it under the open challenges, its options line as chosen, Japan to join.
    const offered = (await asBen.game.lobby()).open.find((g) => g.id === gameId)!;
    expect(offered).toMatchObject({ ruleset: "1942", scenario: "standard", rulesetName: "1942" });
    expect(offered.seats.find((s) => s.nation === "Japan")).toMatchObject({ player: null, robot: false });
    const line = optionsText(offered as never);
    for (const words of ["orders 1 day 12 hours", "decisions 6 hours", "public press only", "orders due daily at 18:45 Asia/Tokyo", "decisions due daily at 07:30 America/New_York", "low luck", "practice robots", "robot takes over after 2 missed", "victory cities", "minor victory after turn 8", "commerce raiding", "2 excused misses", "vacations honoured"])
      expect(line).toContain(words);

    // The lobby joins a game played a phase at a time through play.join: the last seat starts it.
    expect(await asBen.play.join({ gameId, side: "Japan" })).toEqual({ started: true });
    for (const caller of [asAnn, asBen]) {
      const mine = (await caller.game.lobby()).mine.find((g) => g.id === gameId)!;
      expect(mine).toMatchObject({ status: "active", ruleset: "1942", scenario: "standard" });
      expect(mine.turn).toMatchObject({ number: 1, status: "open", needs: "orders" });
    }
    const { game: shown } = await asBen.play.get({ gameId });
    expect(shown).toMatchObject({ ruleset: "1942", ordersHours: 36, decisionHours: 6, decides: true, press: "public" });
    expect(shown.rules.map((r) => [r.id, r.value])).toEqual([
      ["lowLuck", true],
      ["houseRules", { victoryCities: true, vcInfantry: false, commerceRaiding: true, minorVictoryTurn: 8 }],
    ]);
    // The game's page writes its options line as the lobby does, word for word, the platform's options too.
    expect(optionsLine(shown)).toBe(line);
    expect(optionsLine((await asAnn.play.get({ gameId })).game)).toBe(line);
  });

  it("carries a rated game's seats, join requirements, anonymity and an invited bot's reserved seat", async () => {
    const [ann, ben] = [await makeUser(handle, `ann-${tag()}@example.com`), await makeUser(handle, `ben-${tag()}@example.com`)];
    const bot = await makeUser(handle, `bot-${tag()}@example.com`);
    const botName = `Steel ${tag()}`;
    await handle.db.update(users).set({ bot: true, name: botName }).where(eq(users.id, bot.id));
    const asAnn = callerFor(handle, ann);
    const seats = { Russia: "open", Germany: "me", "United Kingdom": "open", Japan: "open", "United States": "open" } as const;
    const { gameId } = await asAnn.play.create(
      inputOf(
        form({
          seats: { ...seats },
          bots: [{ nation: "Japan", player: botName }],
          lowLuck: false,
          houseRules: { victoryCities: false, vcInfantry: false, commerceRaiding: false },
          minorVictoryTurn: "",
          robotsHold: false,
          robotTakeover: 0,
          ordersAt: undefined,
          decisionsAt: undefined,
          press: "full",
          anonymous: true,
          players: { ...initialPlayerOptions(), rated: true, minReliability: 0, minFinishedGames: 3 },
        }),
      ),
    );
    const [game] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(game).toMatchObject({ ruleset: "1942", scenario: "standard" });
    // No house rule chosen: none stored, as a classic game stored none.
    expect(game!.options).toMatchObject({ rules: { lowLuck: false }, rated: true, anonymous: true, robots: false, requirements: { minReliability: 0, minFinishedGames: 3 } });
    expect(game!.options.rules).not.toHaveProperty("houseRules");

    const offered = (await callerFor(handle, ben).game.lobby()).open.find((g) => g.id === gameId)!;
    expect(offered.seats.find((s) => s.nation === "Japan")).toMatchObject({ reservedFor: botName, player: null });
    expect(optionsText(offered as never)).toContain("3+ finished games");
    // Anyone's view of the game names them as the lobby does: rated, anonymous, the requirement.
    const { game: shown } = await callerFor(handle, ben).play.get({ gameId });
    expect(optionsLine(shown)).toBe(optionsText(offered as never));
    for (const words of ["full press, anonymous", "rated", "3+ finished games"]) expect(optionsLine(shown)).toContain(words);
    // The requirement holds at the join: Ben has finished no game.
    await expect(callerFor(handle, ben).play.join({ gameId, side: "Russia" })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("finished") });
    // Only the invited bot may take its seat.
    await expect(callerFor(handle, ben).play.join({ gameId, side: "Japan" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("refuses what the form refuses before anything is sent", () => {
    expect(challenge1942(form({ name: " " }))).toEqual({ error: "Give the game a name." });
    expect(challenge1942(form({ seats: { Russia: "open", Germany: "robot", "United Kingdom": "open", Japan: "open", "United States": "open" } }))).toMatchObject({ error: expect.stringContaining("at least one nation") });
    expect(challenge1942(form({ minorVictoryTurn: "2.5" }))).toMatchObject({ error: expect.stringContaining("minor-victory turn") });
  });
});

describe("a phased 1942 game's faults, fixed", () => {
  it("game.decides says the turn has phases of decisions before the game starts; a game of one phase a turn says no", async () => {
    const [ann, ben] = [await makeUser(handle, `ann-${tag()}@example.com`), await makeUser(handle, `ben-${tag()}@example.com`)];
    const { gameId } = await callerFor(handle, ann).play.create(inputOf(form({ ordersAt: undefined, decisionsAt: undefined })));
    for (const who of [ann, ben]) expect((await callerFor(handle, who).play.get({ gameId })).game).toMatchObject({ status: "open", decides: true });
    const other = await callerFor(handle, ann).play.create({ name: "Race", ruleset: "interplanetary", scenario: "training", seats: 2, mine: ["red"], ordersHours: 24 });
    expect((await callerFor(handle, ben).play.get({ gameId: other.gameId })).game).toMatchObject({ status: "open", decides: false });
  });

  it("game.pause and game.resume refuse a game played a phase at a time, naming play.pause; play.pause pauses it", async () => {
    const ann = await makeUser(handle, `ann-${tag()}@example.com`);
    const asAnn = callerFor(handle, ann);
    // Every other nation a robot: the game starts at once.
    const { gameId, started } = await asAnn.play.create(inputOf(form({ seats: { Russia: "robot", Germany: "me", "United Kingdom": "robot", Japan: "robot", "United States": "robot" }, ordersAt: undefined, decisionsAt: undefined })));
    expect(started).toBe(true);
    await expect(asAnn.game.pause({ gameId })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("play.pause") });
    await expect(asAnn.game.resume({ gameId })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("play.resume") });
    expect((await asAnn.play.get({ gameId })).game.pausedAt).toBeNull();
    const { pausedAt } = await asAnn.play.pause({ gameId });
    expect((await asAnn.play.get({ gameId })).game.pausedAt).toBe(pausedAt);
  });
});
