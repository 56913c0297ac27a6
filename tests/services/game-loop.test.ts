// The game loop through the API: challenge, join, save (refusals store nothing), lock, one
// adjudication by the worker, the next phase, notifications, history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { jobs, orders, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { NATIONS, type TurnReport } from "../../server/rulesets/1942/engine";
import { turnLuck } from "../../server/rulesets/1942/engine/odds/turn-luck";
import { adjudicatePhase, resolveStored } from "../../server/services/adjudicate";
import { seedHash } from "../../server/services/phases";
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("the game loop", () => {
  it("waits for players, then starts with robots locked", async () => {
    const carol = await makeUser(handle, "carol@example.com");
    const asCarol = callerFor(handle, carol);
    const { gameId, started } = await asCarol.game.create({ name: "Open", nations: ["Russia", "United Kingdom"], robots: ["Germany"], ...QUICK });
    expect(started).toBe(false);
    const lobby = await asCarol.game.lobby();
    const open = lobby.open.find((g) => g.id === gameId)!;
    expect(open.seats.filter((s) => s.player === null && !s.robot).map((s) => s.nation)).toEqual(["Japan", "United States"]);
    const view = await asCarol.game.get({ gameId });
    expect(view.phase).toBeNull();
    expect(view.myNations).toEqual(["Russia", "United Kingdom"]);
  });

  it("starts at once with robots in every other seat", async () => {
    const dave = await makeUser(handle, "dave@example.com");
    const { started, gameId } = await callerFor(handle, dave).game.create({
      name: "Solo",
      nations: ["United States"],
      robots: ["Russia", "Germany", "United Kingdom", "Japan"],
      ...QUICK,
    });
    expect(started).toBe(true);
    const view = await callerFor(handle, dave).game.get({ gameId });
    expect(view.phase).toMatchObject({ turn: 1, status: "open", locked: ["Russia", "Germany", "United Kingdom", "Japan"] });
  });

  it("plays a turn: save, refuse, lock, resolve once, open the next turn, notify, record history", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const refused = await asAlice.orders.save({
      gameId,
      nation: "Germany",
      orders: [{ id: "g1", units: { armour: 2 }, from: "Ukraine S.S.R.", path: ["Caucasus", "Russia", "Novosibirsk"] }],
    });
    expect(refused).toEqual({ ok: false, results: [{ ok: false, rule: "R4.2", message: "Armour in Ukraine S.S.R. can move 2; this path has 3 steps (R4.2)" }] });
    expect(await handle.db.select().from(orders)).toHaveLength(0);

    const saved = await asAlice.orders.save({
      gameId,
      nation: "Germany",
      orders: [
        { id: "g1", units: { infantry: 2 }, from: "Germany", path: ["East Europe"] },
        { id: "p1", type: "armour", count: 2, destination: "Germany" },
      ],
    });
    expect(saved).toEqual({ ok: true, saved: 2 });
    expect((await asAlice.game.get({ gameId })).myOrders.Germany).toHaveLength(2);

    await asAlice.orders.lock({ gameId, nation: "Germany" });
    expect((await asBob.game.get({ gameId })).phase!.locked).toContain("Germany");
    await asAlice.orders.unlock({ gameId, nation: "Germany" });
    expect((await asBob.game.get({ gameId })).phase!.locked).not.toContain("Germany");
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    const last = await asBob.orders.lock({ gameId, nation: "Japan" });
    expect(last.resolving).toBe(true);
    await expect(asAlice.orders.unlock({ gameId, nation: "Germany" })).rejects.toMatchObject({ code: "CONFLICT" });

    expect(await drain(handle, "test")).toBe(1);
    expect(await drain(handle, "test")).toBe(0);
    const rows = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
    expect(rows.map((p) => [p.turn, p.status])).toEqual([
      [1, "resolved"],
      [2, "open"],
    ]);
    const [first] = rows;
    expect(seedHash(first!.seed)).toBe(first!.seedHash);
    // A rerun from the stored inputs gives the stored report, bit for bit (R3.3).
    const rerun = resolveStored(first!, first!.orders ?? {}, false);
    expect(JSON.stringify(rerun.report)).toBe(JSON.stringify(first!.report));
    expect(await adjudicatePhase(handle.db, first!.id)).toBe("already-resolved");

    const history = await asBob.game.history({ gameId });
    expect(history.phases[0]).toMatchObject({ turn: 1, status: "resolved", seed: first!.seed });
    expect(history.phases[0]!.orders!.Germany![0]!.id).toBe("g1");
    expect((history.phases[0]!.report as TurnReport).orders.find((o) => o.id === "g1")).toMatchObject({ status: "completed", endedAt: "East Europe" });
    expect(history.phases[1]).toMatchObject({ turn: 2, status: "open", seed: null, orders: null, report: null });
    // The review's luck is the ruleset's (Ruleset.turnLuck), priced as the engine prices it (no attack this turn: no nation listed).
    const review = await asBob.game.review({ gameId, turn: 1 });
    expect(review.luck).toEqual(turnLuck({ state: first!.startState, orders: first!.orders ?? {}, report: first!.report as TurnReport, lowLuck: false }, NATIONS));
    expect(review.luck).not.toBeNull();
    // game.review is play.review's older name: the one review every ruleset shares holds the same luck and rules.
    expect(await asBob.play.review({ gameId, turn: 1 })).toMatchObject({ ruleset: "1942", status: "resolved", luck: review.luck, rules: { lowLuck: false } });

    const notes = await asBob.notifications.list();
    expect(notes[0]).toMatchObject({ kind: "turn-resolved", url: `/game/${gameId}/turn/1`, read: false });
    expect(await asBob.notifications.unread()).toBeGreaterThan(0);
    await asBob.notifications.markRead({ ids: "all" });
    expect(await asBob.notifications.unread()).toBe(0);

    const next = await asAlice.game.get({ gameId });
    expect(next.phase).toMatchObject({ turn: 2, status: "open", locked: ["Russia", "United Kingdom", "United States"] });
    expect(next.board!.units.find((u) => u.nation === "Germany" && u.type === "infantry" && u.at === "East Europe")!.count).toBe(5);
    // The rest of the turn ran: the armour bought appeared (R8.3) and income came in (R8.4): 32 − 10 + 32.
    expect(next.board!.units.find((u) => u.nation === "Germany" && u.type === "armour" && u.at === "Germany")!.count).toBe(4);
    expect(next.board!.treasury.Germany).toBe(54);
    expect(history.phases[0]!.report).toMatchObject({ income: { Germany: 32 }, placements: [{ id: "p1", placed: true }], victory: { winner: null } });
    const jobRows = await handle.db.select().from(jobs);
    expect(jobRows.filter((j) => j.payload.phaseId === first!.id)).toHaveLength(1);
  });

  it("keeps a user to five active games", async () => {
    const erin = await makeUser(handle, "erin@example.com");
    const asErin = callerFor(handle, erin);
    for (let i = 0; i < 5; i++) await asErin.game.create({ name: `g${i}`, nations: ["Germany"], robots: [], ...QUICK });
    await expect(asErin.game.create({ name: "sixth", nations: ["Germany"], robots: [], ...QUICK })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
