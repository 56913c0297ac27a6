// The platform's options of a challenge on the play path (issue 21; docs/platform.md "The platform's
// options"): a game of any ruleset made with play.create honours every option game.create offers, by
// the same services — daily deadlines at a fixed time of day (R3.1) for its orders and its phases of
// decisions, deadlines that wait for a player on vacation, the join requirements, a seat reserved for an
// invited bot account, and practice robots that hold (R3.2). With the test ruleset Deciding relay.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, locks, orders, phases, seats } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
import { reliabilityRecord } from "../../server/services/reliability";
import { registerRelay } from "../support/relay-ruleset";
import { testDb } from "../support/db";
import { callerFor, makeUser, phaseRows } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  registerRelay();
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const HOUR = 3_600_000;
const settings = { ordersHours: 24, decisionHours: 2, excusedMisses: 0 };
const rowsOf = (gameId: number) => phaseRows(handle, gameId);
const openOf = async (gameId: number) => (await rowsOf(gameId)).find((p) => p.status === "open")!;

async function players(tag: string) {
  const [ann, ben] = [await makeUser(handle, `ann-${tag}-${Math.random()}@example.com`), await makeUser(handle, `ben-${tag}-${Math.random()}@example.com`)];
  return { ann, ben, asAnn: callerFor(handle, ann), asBen: callerFor(handle, ben) };
}

/** Ann challenges with these options (side a), Ben joins b: the game starts. */
async function relayGame(tag: string, options: Record<string, unknown>) {
  const p = await players(tag);
  const { gameId } = await p.asAnn.play.create({ name: `Options ${tag}`, ruleset: "relay-decide", scenario: "room", seats: 2, mine: ["a"], ...settings, ...options });
  expect(await p.asBen.play.join({ gameId, side: "b" })).toEqual({ started: true });
  return { ...p, gameId };
}

/** The wall-clock time of an instant in a zone, as HH:MM. */
const wallClock = (at: Date, zone: string) => new Intl.DateTimeFormat("en-GB", { timeZone: zone, hourCycle: "h23", hour: "2-digit", minute: "2-digit" }).format(at);

/** A daily deadline: the time of day in its zone, at least an hour and at most a day (and an hour, over a clock change) after the phase opened. */
function expectDaily(phase: typeof phases.$inferSelect, time: string, zone: string) {
  expect(wallClock(phase.deadline, zone)).toBe(time);
  const after = phase.deadline.getTime() - phase.createdAt.getTime();
  expect(after).toBeGreaterThanOrEqual(HOUR - 60_000);
  expect(after).toBeLessThanOrEqual(26 * HOUR);
}

describe("daily deadlines (ordersAt, decisionsAt) in a game of any ruleset", () => {
  it("set the orders deadline at the next HH:MM in its zone, and a phase of decisions' at the decisions time", async () => {
    const ordersAt = { time: "18:45", zone: "Asia/Tokyo" };
    const decisionsAt = { time: "07:30", zone: "America/New_York" };
    const { asAnn, asBen, gameId } = await relayGame("daily", { ordersAt, decisionsAt });
    expect((await handle.db.select().from(games).where(eq(games.id, gameId)))[0]!.options).toMatchObject({ ordersAt, decisionsAt });
    const whisper = await openOf(gameId);
    expect([whisper.turn, whisper.step]).toEqual([1, 0]);
    expectDaily(whisper, "18:45", "Asia/Tokyo");

    await asAnn.play.save({ gameId, side: "a", orders: { say: "hello" } });
    await asBen.play.save({ gameId, side: "b", orders: { say: "there" } });
    await asAnn.play.lock({ gameId, side: "a" });
    await asBen.play.lock({ gameId, side: "b" });
    expect(await drain(handle, "test")).toBe(1);
    // The answer phase is one of decisions (PhaseInfo.deadline "decision"): the decisions time.
    const answer = await openOf(gameId);
    expect([answer.turn, answer.step]).toEqual([1, 1]);
    expectDaily(answer, "07:30", "America/New_York");
  });
});

describe("honourVacations in a game of any ruleset", () => {
  it("moves the orders deadline to the end of a seated player's vacation; without it the phase closes", async () => {
    const { ben, asAnn, asBen, gameId } = await relayGame("away", { honourVacations: true });
    await asBen.vacation.start({ days: 3 });
    const until = new Date((await asBen.vacation.get()).current!.endsAt);
    await asAnn.play.save({ gameId, side: "a", orders: { say: "waiting" } });
    await asAnn.play.lock({ gameId, side: "a" });
    const phase = await openOf(gameId);
    await handle.db.update(phases).set({ deadline: sql`now() - interval '1 minute'` }).where(eq(phases.id, phase.id));
    expect(await sweepDeadlines(handle.db)).toBeGreaterThanOrEqual(1);
    const waited = (await handle.db.select().from(phases).where(eq(phases.id, phase.id)))[0]!;
    expect(waited.status).toBe("open");
    // To the next full hour after the vacation's end (vacations.ts), not a miss.
    expect(waited.deadline.getTime()).toBeGreaterThanOrEqual(until.getTime());
    expect(waited.deadline.getTime() - until.getTime()).toBeLessThan(HOUR);
    expect(await reliabilityRecord(handle.db, ben.id)).toMatchObject({ vacations: 1, missed: 0 });

    const plain = await relayGame("present", {});
    await plain.asBen.vacation.start({ days: 3 });
    await plain.asAnn.play.lock({ gameId: plain.gameId, side: "a" });
    const open = await openOf(plain.gameId);
    await handle.db.update(phases).set({ deadline: sql`now() - interval '1 minute'` }).where(eq(phases.id, open.id));
    await sweepDeadlines(handle.db);
    expect((await handle.db.select().from(phases).where(eq(phases.id, open.id)))[0]!.status).not.toBe("open");
  });
});

describe("join requirements in a game of any ruleset", () => {
  it("refuse a joiner without the reliability or the finished games the challenge asks for, by name", async () => {
    const { asAnn, asBen } = await players("reliable");
    const reliable = await asAnn.play.create({ name: "Reliable only", ruleset: "relay-decide", scenario: "room", seats: 2, mine: ["a"], ...settings, minReliability: 80 });
    await expect(asBen.play.join({ gameId: reliable.gameId, side: "b" })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/reliability 80 or more: you have no record yet/) });
    const veterans = await asAnn.play.create({ name: "Veterans", ruleset: "relay-decide", scenario: "room", seats: 2, mine: ["a"], ...settings, minFinishedGames: 2 });
    await expect(asBen.play.join({ gameId: veterans.gameId, side: "b" })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/2 finished games or more; you have 0/) });
    expect(await handle.db.select().from(seats).where(and(eq(seats.gameId, veterans.gameId), eq(seats.nation, "b" as never)))).toMatchObject([{ userId: null }]);
    // No requirement: the same player joins.
    const open = await asAnn.play.create({ name: "Anyone", ruleset: "relay-decide", scenario: "room", seats: 2, mine: ["a"], ...settings });
    expect(await asBen.play.join({ gameId: open.gameId, side: "b" })).toEqual({ started: true });
  });
});

describe("a bot's seat in a game of any ruleset", () => {
  it("is reserved for the invited bot account: others are refused, the bot takes it and the game starts", async () => {
    const { asAnn, asBen } = await players("bots");
    const bot = await makeUser(handle, `relaybot-${Math.random()}@example.com`);
    const asBot = callerFor(handle, bot);
    const botName = `Relaybot ${Math.floor(Math.random() * 1e6)}`;
    await asBot.settings.setName({ name: botName });
    await asBot.settings.setBot({ bot: true });
    const challenge = { name: "With a bot", ruleset: "relay-decide", scenario: "room", seats: 2, mine: ["a"], ...settings };
    // Refused as game.create refuses them (bots.ts, seating.ts), and a side the scenario does not seat.
    await expect(asAnn.play.create({ ...challenge, bots: [{ side: "b", player: "Nobody at all" }] })).rejects.toThrow(/No account is called "Nobody at all"/);
    await expect(asAnn.play.create({ ...challenge, bots: [{ side: "a", player: botName }] })).rejects.toThrow(/a cannot be both a bot's and yours/);
    await expect(asAnn.play.create({ ...challenge, bots: [{ side: "c", player: botName }] })).rejects.toThrow(/c is not a seated side of A room/);

    const { gameId, started } = await asAnn.play.create({ ...challenge, bots: [{ side: "b", player: botName }] });
    expect(started).toBe(false);
    const listed = (await asBen.game.lobby()).open.find((g) => g.id === gameId)!;
    expect(listed.seats.find((s) => (s.nation as string) === "b")).toMatchObject({ player: null, reservedFor: botName });
    await expect(asBen.play.join({ gameId, side: "b" })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/reserved for the bot/) });
    expect(await asBot.play.join({ gameId, side: "b" })).toEqual({ started: true });
    expect((await asBot.play.get({ gameId })).side).toBe("b");
  });
});

describe("practice robots (robotsHold) in a game of any ruleset", () => {
  it("lock without ordering; robots that play order through the ruleset's robot; a practice game is not rated", async () => {
    const { asAnn } = await players("hold");
    const challenge = { name: "Practice", ruleset: "relay-decide", scenario: "room", seats: 2, mine: ["a"], robots: ["b"], ...settings };
    const robotOrders = async (gameId: number) => {
      const first = (await rowsOf(gameId))[0]!;
      const locked = await handle.db.select().from(locks).where(eq(locks.phaseId, first.id));
      expect(locked.map((l) => l.nation)).toEqual(["b"]);
      return handle.db.select().from(orders).where(and(eq(orders.phaseId, first.id), eq(orders.nation, "b" as never)));
    };
    const practice = await asAnn.play.create({ ...challenge, robotsHold: true });
    expect(await robotOrders(practice.gameId)).toEqual([]);
    const playing = await asAnn.play.create({ ...challenge, name: "Robots play" });
    expect(await robotOrders(playing.gameId)).toHaveLength(1);
    await expect(asAnn.play.create({ ...challenge, robots: [], robotsHold: true, rated: true })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "A practice game cannot be rated" });
  });
});
