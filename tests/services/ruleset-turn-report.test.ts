// The last turn of a 1942 game played a phase at a time, as its page shows it (play.turnReport: the
// strip of battles over the tabs) and the luck over the game its review prices (play.review's
// gameReports): each turn's report is the whole turn's (Ruleset.turnReport of its phases' reports), not
// its first phase's, which holds only the combat so far. Turn 1: Germany attacks Karelia S.S.R. under
// low luck (R6.8: Karelia's defenders fire 13 or more, two sure hits, against Germany's 6, so round 1
// never ends it and a battles phase opens), fought over several phases and rounds; turn 2: nobody
// orders anything, no battle. Over roles (the player, the other player, a spectator, an outsider): a
// turn in play has no report for anyone, and a side's saved orders reach no one else.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../db/client";
import { drain } from "../../server/jobs/worker";
import { getRuleset } from "../../server/rulesets";
import type { Order, TurnReport } from "../../server/rulesets/1942/engine";
import { isStageReport, type Report1942 } from "../../server/rulesets/1942/phases/turn-so-far";
import { testDb } from "../support/db";
import { callerFor, makeUser, phaseRows } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const ruleset = getRuleset("1942")!;
const ATTACK = { id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] };
const rowsOf = (gameId: number) => phaseRows(handle, gameId);

describe("the last turn's report of a 1942 game played a phase at a time", () => {
  it("is the whole turn's, battles of every phase and round, none in a turn without one; nothing of a turn in play", async () => {
    const [alice, bob, cat] = [await makeUser(handle, "alice-tr@example.com"), await makeUser(handle, "bob-tr@example.com"), await makeUser(handle, "cat-tr@example.com")];
    const [asAlice, asBob, asCat] = [callerFor(handle, alice), callerFor(handle, bob), callerFor(handle, cat)];
    const mine = ["Germany", "Japan", "United Kingdom", "United States"];
    const { gameId } = await asAlice.play.create({ name: "Last turn", ruleset: "1942", scenario: "standard", seats: 5, mine, ordersHours: 24, decisionHours: 2, rules: { lowLuck: true } });
    expect(await asBob.play.join({ gameId, side: "Russia" })).toEqual({ started: true });
    const callers = { Russia: asBob, ...Object.fromEntries(mine.map((s) => [s, asAlice])) } as Record<string, typeof asAlice>;
    const roles = [asAlice, asBob, asCat];

    /** Locks every side that acts in the open phase (a phase of choices with nothing saved: its defaults), until the turn ends. */
    async function playOut(turn: number, during?: () => Promise<void>) {
      for (let guard = 0; guard < 40; guard++) {
        const view = await asAlice.play.get({ gameId });
        if (view.turn > turn) return;
        if (view.phase?.status === "open") {
          if (during && view.phase.step!.index > 0) await during();
          for (const side of view.phase.sides) if (!view.phase.locked.includes(side)) await callers[side]!.play.lock({ gameId, side });
        }
        await drain(handle, "test");
      }
      throw new Error(`turn ${turn} did not end`);
    }

    expect(await asAlice.play.save({ gameId, side: "Germany", phase: "orders", orders: [ATTACK] })).toEqual({ ok: true });
    let sawBattles = false;
    await playOut(1, async () => {
      sawBattles = true;
      // Turn 1's battles are being decided: its orders phase resolved, yet no one gets a report of it.
      for (const caller of roles) expect(await caller.play.turnReport({ gameId, turn: 1 })).toEqual({ turn: 1, resolved: false, report: null });
      await expect(callerFor(handle, null).play.turnReport({ gameId, turn: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    });
    expect(sawBattles).toBe(true);

    // Turn 1 was played in several phases: its first phase's report is the combat so far (the classic
    // strip's row), and the whole turn's is the ruleset's from all of them.
    const turn1 = (await rowsOf(gameId)).filter((r) => r.turn === 1);
    expect(turn1.length).toBeGreaterThan(1);
    expect(isStageReport(turn1[0]!.report as Report1942)).toBe(true);
    const whole1 = ruleset.turnReport!(turn1.map((r) => r.report)) as TurnReport;
    const karelia = whole1.battles.find((b) => b.territory === "Karelia S.S.R.")!;
    expect(karelia.rounds.length).toBeGreaterThanOrEqual(2);
    expect(karelia.sides.Axis.some((u) => u.nation === "Germany")).toBe(true);
    for (const caller of roles) {
      const got = await caller.play.turnReport({ gameId, turn: 1 });
      expect(got.resolved).toBe(true);
      expect((got.report as TurnReport).battles).toEqual(whole1.battles);
      expect(got.report).toEqual(whole1);
    }

    // Turn 2: Germany saves orders, a secret until the turn resolves; then nobody orders anything.
    const start2 = (await rowsOf(gameId)).at(-1)!.startState;
    const secret = (ruleset.robot(start2, "Germany", "t2") as Order[]).filter((o) => ruleset.validate(start2, "Germany", [o]).ok).map((o, i) => ({ ...o, id: `secret-t2-4417-${i}` }));
    expect(secret.length).toBeGreaterThan(0);
    expect(await asAlice.play.save({ gameId, side: "Germany", phase: "orders", orders: secret })).toEqual({ ok: true });
    for (const caller of [asBob, asCat]) {
      expect(JSON.stringify(await caller.play.turnReport({ gameId, turn: 1 }))).not.toContain("secret-t2-4417");
      expect(JSON.stringify(await caller.play.review({ gameId, turn: 1 }))).not.toContain("secret-t2-4417");
    }
    await expect(asBob.play.turnReport({ gameId, turn: 2 })).resolves.toEqual({ turn: 2, resolved: false, report: null });
    expect(await asAlice.play.save({ gameId, side: "Germany", phase: "orders", orders: [] })).toEqual({ ok: true });
    await playOut(2);
    const turn2 = (await rowsOf(gameId)).filter((r) => r.turn === 2);
    const whole2 = ruleset.turnReport!(turn2.map((r) => r.report)) as TurnReport;
    expect(whole2.battles).toEqual([]);
    for (const caller of roles) {
      const got = await caller.play.turnReport({ gameId, turn: 2 });
      expect(got).toEqual({ turn: 2, resolved: true, report: whole2 });
      // The review's reports over the game, when asked: every turn's whole report, turn 1 first, up to the turn reviewed.
      const asked = await caller.play.review({ gameId, turn: 2, gameReports: true });
      expect(asked.gameReports).toEqual([whole1, whole2]);
      expect((await caller.play.review({ gameId, turn: 1, gameReports: true })).gameReports).toEqual([whole1]);
      // Not asked: none, and the rest of the answer the same.
      const plain = await caller.play.review({ gameId, turn: 2 });
      expect(plain).toEqual({ ...asked, gameReports: null });
    }
    // Not asked, no earlier turn's report is put together (Ruleset.turnReport) nor shown (reportView): only turn 2's.
    const turnReport = vi.spyOn(ruleset, "turnReport");
    const reportView = vi.spyOn(ruleset, "reportView");
    try {
      await asBob.play.review({ gameId, turn: 2 });
      expect(turnReport.mock.calls.map(([reports]) => reports)).toEqual([turn2.map((r) => r.report)]);
      expect(reportView.mock.calls.map(([report]) => report)).toEqual([whole2]);
      turnReport.mockClear();
      await asBob.play.review({ gameId, turn: 2, gameReports: true });
      expect(turnReport.mock.calls.map(([reports]) => reports)).toEqual([turn2, turn1, turn2].map((t) => t.map((r) => r.report)));
    } finally {
      turnReport.mockRestore();
      reportView.mockRestore();
    }
    // Turn 3 is in play: no report of it, and no review's reports reach past the turns resolved.
    expect((await asAlice.play.review({ gameId, turn: 3, gameReports: true })).gameReports).toBeNull();
    await expect(asCat.play.turnReport({ gameId, turn: 9 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  }, 300_000);
});
