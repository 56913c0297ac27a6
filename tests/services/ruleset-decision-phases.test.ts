// What the generic services give a ruleset besides its orders (issue 21; docs/platform.md "The life of
// a game"): its game options reach setup (and verify's replay of it), a bad one is refused at the
// challenge naming it and nothing is stored; a phase of decisions (PhaseInfo.deadline "decision")
// takes the game's decision hours, is told only to the sides that must decide, and closes at its
// deadline once, with what was saved and without spending an excuse. With the test ruleset Deciding
// relay (its answer phase is one of decisions) and the registered 1942 adapter under another id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { attendance, events, games, locks, notifications, phases, seats } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { registerRuleset } from "../../server/rulesets";
import { ruleset1942, type State1942 } from "../../server/rulesets/1942";
import { NATIONS, type GameState } from "../../server/rulesets/1942/engine";
import { sweepDeadlines } from "../../server/services/deadlines";
import { staleReason } from "../../server/services/notify-facts";
import { sweepReminders } from "../../server/services/reminders";
import { registerRelay } from "../support/relay-ruleset";
import { testDb } from "../support/db";
import { callerFor, makeUser, phaseRows } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  registerRelay();
  // The 1942 adapter as any other ruleset (the id "1942" is kept for 1942's own services).
  registerRuleset({ ...ruleset1942, id: "1942-generic", name: "1942 (generic)" });
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const HOUR = 3_600_000;
const settings = { ordersHours: 24, decisionHours: 2, excusedMisses: 1 };

const rowsOf = (gameId: number) => phaseRows(handle, gameId);
const gamesNamed = async (name: string) => (await handle.db.select({ id: games.id }).from(games).where(eq(games.name, name))).length;
const notesOf = (gameId: number) => handle.db.select().from(notifications).where(eq(notifications.gameId, gameId)).orderBy(asc(notifications.id));

/** `at` lies within [from + hours, to + hours]. */
function expectHoursAfter(at: Date, hours: number, from: number, to: number) {
  expect(at.getTime()).toBeGreaterThanOrEqual(from + hours * HOUR);
  expect(at.getTime()).toBeLessThanOrEqual(to + hours * HOUR);
}

async function decidingGame(tag: string, rules?: Record<string, unknown>) {
  const [ann, ben] = [await makeUser(handle, `ann-${tag}@example.com`), await makeUser(handle, `ben-${tag}@example.com`)];
  const [asAnn, asBen] = [callerFor(handle, ann), callerFor(handle, ben)];
  const { gameId } = await asAnn.play.create({ name: `Deciding ${tag}`, ruleset: "relay-decide", scenario: "room", seats: 2, mine: ["a"], ...settings, ...(rules ? { rules } : {}) });
  await asBen.play.join({ gameId, side: "b" });
  return { ann, ben, asAnn, asBen, gameId };
}

describe("a ruleset's game options", () => {
  it("reach setup, and a bad or unknown option is refused naming it with nothing stored", async () => {
    const { gameId } = await decidingGame("opt1", { turns: 1 });
    const [first] = await rowsOf(gameId);
    expect(first!.startState).toMatchObject({ turn: 1, lastTurn: 1 });
    const { gameId: plain } = await decidingGame("opt2");
    expect((await rowsOf(plain))[0]!.startState).toMatchObject({ lastTurn: 3 });

    const dave = callerFor(handle, await makeUser(handle, "dave-opt@example.com"));
    // The lobby's offer lists each game's options.
    const offered = await dave.play.games();
    expect(offered.find((g) => g.id === "relay-decide")!.options).toEqual([{ id: "turns", name: "Turns", kind: "count" }]);
    expect(offered.find((g) => g.id === "1942")!.options).toEqual([{ id: "lowLuck", name: "Low luck", kind: "flag" }, { id: "houseRules", name: "House rules" }]);
    expect(offered.find((g) => g.id === "interplanetary")!.options).toEqual([]);
    const challenge = { name: "Refused", scenario: "room", seats: 2, mine: ["a"], ...settings };
    const refusals: [string, Record<string, unknown>, string][] = [
      ["relay-decide", { turns: 0 }, "The option turns is a whole number from 1 to 9 (RL3)"],
      ["relay-decide", { turns: "two" }, "The option turns is a whole number from 1 to 9 (RL3)"],
      ["relay-decide", { fog: true }, 'Deciding relay has no option "fog": one of turns'],
      ["relay", { turns: 2 }, 'Relay takes no options, not "turns"'],
      ["interplanetary", { lowLuck: true }, 'Interplanetary takes no options, not "lowLuck"'],
    ];
    for (const [ruleset, rules, message] of refusals) {
      const scenario = ruleset === "interplanetary" ? { scenario: "planet-race", seats: 3, mine: ["red"] } : {};
      await expect(dave.play.create({ ...challenge, ruleset, rules, ...scenario })).rejects.toMatchObject({ code: "BAD_REQUEST", message });
    }
    expect(await gamesNamed("Refused")).toBe(0);
  });

  it("1942's low luck and house rules reach its setup through the generic services, and verify replays that setup", async () => {
    const carl = await makeUser(handle, "carl-1942@example.com");
    const asCarl = callerFor(handle, carl);
    const create = (name: string, rules?: Record<string, unknown>) =>
      asCarl.play.create({ name, ruleset: "1942-generic", scenario: "standard", seats: 5, mine: ["Germany"], robots: NATIONS.filter((n) => n !== "Germany"), ...settings, ...(rules ? { rules } : {}) });
    const { gameId } = await create("Low luck", { lowLuck: true, houseRules: { victoryCities: true } });
    // Turn 1's first phase starts from the setup itself (a GameState, no stage yet).
    const start = (await rowsOf(gameId))[0]!.startState as GameState;
    expect([start.lowLuck, start.houseRules]).toEqual([true, { victoryCities: true }]);
    const { gameId: plain } = await create("Plain dice");
    expect((await rowsOf(plain))[0]!.startState).not.toHaveProperty("lowLuck");

    await expect(create("Bad luck", { lowLuck: "yes" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "The option lowLuck is true or false (R6.8)" });
    await expect(create("Bad luck", { houseRules: { victoryCities: true, minorVictoryTurn: 0 } })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "houseRules.minorVictoryTurn is a turn from 1 to 100 (R9)" });
    expect(await gamesNamed("Bad luck")).toBe(0);

    // Turn 1 played through every phase it opens (Germany orders nothing; each later phase closes at its
    // deadline), then verify replays the setup with the game's options and every phase.
    await asCarl.play.save({ gameId, side: "Germany", orders: [] });
    await asCarl.play.lock({ gameId, side: "Germany" });
    for (let guard = 0; guard < 20; guard++) {
      await drain(handle, "test");
      const open = (await rowsOf(gameId)).find((p) => p.status === "open");
      if (!open || open.turn > 1) break;
      // Any later phase of turn 1 (battles, post-combat) is one of decisions: the decision hours.
      expect(open.step).toBeGreaterThan(0);
      expectHoursAfter(open.deadline, settings.decisionHours, open.createdAt.getTime() - 60_000, open.createdAt.getTime() + 60_000);
      await handle.db.update(phases).set({ deadline: sql`now() - interval '1 minute'` }).where(eq(phases.id, open.id));
      await sweepDeadlines(handle.db);
    }
    const rows = await rowsOf(gameId);
    expect(rows.at(-1)).toMatchObject({ turn: 2, step: 0, status: "open" });
    expectHoursAfter(rows.at(-1)!.deadline, settings.ordersHours, rows.at(-1)!.createdAt.getTime() - 60_000, rows.at(-1)!.createdAt.getTime() + 60_000);
    // Carl is told of a phase of decisions only where Germany must decide (a note of the same words
    // still unread is not told again: the same battle asked next round).
    const asked = rows.filter((r) => r.step > 0 && ruleset1942.phases(r.startState as State1942)[r.step]!.sides.includes("Germany")).map((r) => r.id);
    const decisionNotes = (await notesOf(gameId)).filter((n) => n.kind === "decision-waiting");
    for (const note of decisionNotes) expect([note.userId, asked.includes((note.fact as { phaseId: number }).phaseId)]).toEqual([carl.id, true]);
    if (asked.length > 0) expect(decisionNotes.length).toBeGreaterThan(0);
    const verified = await asCarl.play.verify({ gameId });
    expect(verified.phases.filter((p) => !p.ok)).toEqual([]);
    expect(verified.ok).toBe(true);
    expect(verified.phases.length).toBe(rows.length - 1);
  });
});

describe("a phase of decisions", () => {
  it("takes the decision hours, is told only to the side that must decide, and its sweep closes it once without an excuse", async () => {
    const { ann, ben, asAnn, asBen, gameId } = await decidingGame("dec1");
    const whisper = (await rowsOf(gameId))[0]!;
    expectHoursAfter(whisper.deadline, settings.ordersHours, whisper.createdAt.getTime() - 60_000, whisper.createdAt.getTime() + 60_000);
    expect((await asAnn.play.get({ gameId })).phase).toMatchObject({ decision: false });

    await asAnn.play.save({ gameId, side: "a", orders: { say: "a-whisper" } });
    await asBen.play.save({ gameId, side: "b", orders: { say: "ben-secret-whisper" } });
    await asAnn.play.lock({ gameId, side: "a" });
    const told = (await notesOf(gameId)).length;
    const before = Date.now();
    await asBen.play.lock({ gameId, side: "b" });
    expect(await drain(handle, "test")).toBe(1);
    const after = Date.now();

    // Turn 1, Answer: a phase of decisions, only a acts; its deadline is the game's decision hours.
    const answer = (await rowsOf(gameId)).find((p) => p.status === "open")!;
    expect([answer.turn, answer.step]).toEqual([1, 1]);
    expectHoursAfter(answer.deadline, settings.decisionHours, before, after);
    expect((await asAnn.play.get({ gameId })).phase).toMatchObject({ decision: true, sides: ["a"], step: { name: "Answer" } });

    // Only a's player is told, that a must decide; nobody else is told anything of it, and no note
    // carries anyone's batch.
    const notes = (await notesOf(gameId)).slice(told);
    expect(notes.map((n) => [n.userId, n.kind, n.text, n.fact])).toEqual([
      [ann.id, "decision-waiting", "Deciding dec1: a must decide in turn 1, Answer", { kind: "decision-waiting", phaseId: answer.id, nation: "a" }],
    ]);
    expect(notes.filter((n) => n.userId === ben.id)).toEqual([]);
    expect(JSON.stringify(await notesOf(gameId))).not.toContain("secret");
    // The game's live event names the phase that resolved.
    const resolved = (await handle.db.select({ payload: events.payload }).from(events).where(eq(events.gameId, gameId))).map((e) => e.payload as { kind: string; phase?: string }).filter((e) => e.kind === "turn-resolved");
    expect(resolved).toEqual([expect.objectContaining({ kind: "turn-resolved", turn: 1, phase: "Whisper" })]);
    // The note holds while a has not locked.
    expect(await staleReason(handle.db, notes[0]!.fact, ann.id)).toBeNull();

    // Within the hour of its deadline a is reminded that its decisions close.
    await handle.db.update(phases).set({ deadline: sql`now() + interval '30 minutes'` }).where(eq(phases.id, answer.id));
    expect(await sweepReminders(handle.db)).toBe(1);
    expect((await notesOf(gameId)).filter((n) => n.kind === "deadline-soon").map((n) => [n.userId, n.text])).toEqual([[ann.id, "Deciding dec1: turn 1 decisions close within the hour and a has not locked"]]);

    // a saves but does not lock: at the deadline the sweep closes the phase once, with what a saved,
    // spending no excuse and counting no missed deadline (as a 1942 battle decision).
    await asAnn.play.save({ gameId, side: "a", orders: { say: "a-answer" } });
    await handle.db.update(phases).set({ deadline: sql`now() - interval '1 minute'` }).where(eq(phases.id, answer.id));
    expect(await sweepDeadlines(handle.db)).toBe(1);
    expect(await sweepDeadlines(handle.db)).toBe(0);
    expect(await staleReason(handle.db, notes[0]!.fact, ann.id)).toBe("the battles are over");
    expect(await drain(handle, "test")).toBe(1);
    const [closed, next] = (await rowsOf(gameId)).slice(1);
    expect(closed).toMatchObject({ status: "resolved", orders: { a: { say: "a-answer" } } });
    expect(await handle.db.select().from(attendance).where(eq(attendance.phaseId, answer.id))).toEqual([]);
    expect((await handle.db.select({ missed: seats.missedDeadlines }).from(seats).where(eq(seats.gameId, gameId))).map((s) => s.missed)).toEqual([0, 0]);
    // Turn 2's first phase takes the orders hours again, and its players hear of it as of any turn.
    expect([next!.turn, next!.step]).toEqual([2, 0]);
    expectHoursAfter(next!.deadline, settings.ordersHours, next!.createdAt.getTime() - 60_000, next!.createdAt.getTime() + 60_000);
    expect((await notesOf(gameId)).filter((n) => n.kind === "turn-resolved").map((n) => n.userId).sort()).toEqual([ann.id, ben.id].sort());
  });

  it("at an orders deadline the same game still excuses a miss", async () => {
    const { gameId } = await decidingGame("dec2");
    const whisper = (await rowsOf(gameId))[0]!;
    await handle.db.update(phases).set({ deadline: sql`now() - interval '1 minute'` }).where(eq(phases.id, whisper.id));
    expect(await sweepDeadlines(handle.db)).toBe(1);
    const [row] = await rowsOf(gameId);
    expect(row!.status).toBe("open");
    expect(row!.deadline.getTime()).toBeGreaterThan(Date.now());
  });

  it("its note stops holding once the side locked", async () => {
    const { ann, asAnn, asBen, gameId } = await decidingGame("dec3");
    await asAnn.play.lock({ gameId, side: "a" });
    await asBen.play.lock({ gameId, side: "b" });
    await drain(handle, "test");
    const [note] = (await notesOf(gameId)).filter((n) => n.kind === "decision-waiting");
    expect(await staleReason(handle.db, note!.fact, ann.id)).toBeNull();
    // A lock that leaves the phase open (a phase where another side still decides), written as the lock does.
    await handle.db.insert(locks).values({ phaseId: (note!.fact as { phaseId: number }).phaseId, nation: "a" as never, lockedBy: ann.id });
    expect(await staleReason(handle.db, note!.fact, ann.id)).toBe("a has decided");
  });
});
