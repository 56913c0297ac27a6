// Interactive battles through the API: the lead nation decides, others are refused with the rule,
// bad choices change nothing, robots and deadlines take the default, and the phase resolves exactly
// as a replay of its stored decisions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { resolveStored } from "../../server/services/adjudicate";
import { sweepDeadlines } from "../../server/services/deadlines";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

type Orders = Parameters<ReturnType<typeof callerFor>["orders"]["save"]>[0]["orders"];

/** Alice (Germany) attacks Karelia (or `orders` elsewhere), held by a Russian robot; Bob plays Japan. Low luck: Russia always hits. */
async function attackKarelia(orders: Orders = [{ id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }]) {
  const alice = await makeUser(handle, `alice-b-${Math.random()}@example.com`);
  const bob = await makeUser(handle, `bob-b-${Math.random()}@example.com`);
  const asAlice = callerFor(handle, alice);
  const asBob = callerFor(handle, bob);
  const { gameId } = await asAlice.game.create({
    name: "Battle",
    nations: ["Germany"],
    robots: ["Russia", "United Kingdom", "United States"],
    lowLuck: true,
    ordersHours: 24,
    decisionHours: 24,
    robotsHold: true,
  });
  await asBob.game.join({ gameId, nation: "Japan" });
  const saved = await asAlice.orders.save({ gameId, nation: "Germany", orders });
  expect(saved.ok).toBe(true);
  await asAlice.orders.lock({ gameId, nation: "Germany" });
  await asBob.orders.lock({ gameId, nation: "Japan" });
  await drain(handle, "test");
  return { asAlice, asBob, gameId };
}

async function phaseOf(gameId: number) {
  const rows = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
  return rows[0]!;
}

describe("interactive battles", () => {
  it("wait for the lead nation, refuse everyone else with the rule, and resolve as the replay of the decisions", async () => {
    const { asAlice, asBob, gameId } = await attackKarelia();
    const view = await asAlice.game.get({ gameId });
    expect(view.phase!.status).toBe("battles");
    const request = view.phase!.pending!.requests.find((r) => r.mine)!;
    expect(request).toMatchObject({ battle: "Karelia S.S.R.", kind: "casualties", team: "Axis", chooser: "Germany", round: 1, forced: false });
    // Bob sees the battle but has nothing to decide.
    expect((await asBob.game.get({ gameId })).phase!.pending!.requests.every((r) => !r.mine)).toBe(true);
    if (request.kind !== "casualties") throw new Error("expected casualties");
    const base = { gameId, battle: "Karelia S.S.R.", round: 1, step: "general" as const };

    await expect(asBob.battle.decide({ ...base, nation: "Japan", decision: { kind: "casualties", units: request.default } })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("(R6.2)"),
    });
    await expect(asBob.battle.decide({ ...base, nation: "Germany", decision: { kind: "casualties", units: request.default } })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const before = await phaseOf(gameId);
    await expect(asAlice.battle.decide({ ...base, nation: "Germany", decision: { kind: "casualties", units: [] } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("(R6.6)"),
    });
    const enemy = view.phase!.pending!.battles[0]!.units as { id: number; team: string }[];
    const russianId = enemy.find((u) => u.team === "Allies")!.id;
    await expect(
      asAlice.battle.decide({ ...base, nation: "Germany", decision: { kind: "casualties", units: request.default.map(() => russianId) } }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(asAlice.battle.decide({ ...base, round: 9, nation: "Germany", decision: { kind: "casualties", units: request.default } })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("(R6.3)"),
    });
    expect((await phaseOf(gameId)).decisions).toEqual(before.decisions);

    // Alice chooses (the last candidate rather than the default), then answers every later request.
    const other = request.candidates.at(-1)!.id;
    await asAlice.battle.decide({ ...base, nation: "Germany", decision: { kind: "casualties", units: Array(request.hits).fill(other).slice(0, 1).concat(request.default.slice(1)) } });
    await drain(handle, "test");
    for (let i = 0; i < 20; i++) {
      const v = await asAlice.game.get({ gameId });
      if (v.phase!.status !== "battles") break;
      for (const r of v.phase!.pending!.requests.filter((x) => x.mine)) {
        const decision = r.kind === "casualties" ? { kind: "casualties" as const, units: r.default } : { kind: "retreat" as const, submerge: [], withdraw: [] };
        await asAlice.battle.decide({ gameId, nation: "Germany", battle: r.battle, round: r.round, step: r.kind === "casualties" ? r.step : "retreat", decision });
      }
      await drain(handle, "test");
    }
    const resolved = await phaseOf(gameId);
    expect(resolved.status).toBe("resolved");
    const players = resolved.decisions!.filter((d) => d.by === "player");
    const robots = resolved.decisions!.filter((d) => d.by === "default");
    expect(players.length).toBeGreaterThan(0);
    expect(players.every((d) => d.team === "Axis")).toBe(true);
    expect(robots).toEqual([]); // the deadline never came: only the player and the robot decided
    const robotChoices = resolved.decisions!.filter((d) => d.by === "robot");
    expect(robotChoices.length).toBeGreaterThan(0);
    expect(robotChoices.every((d) => d.team === "Allies")).toBe(true); // the Russian robot decided at once
    const replay = resolveStored(resolved, resolved.orders ?? {}, true);
    expect(JSON.stringify(replay.report)).toBe(JSON.stringify(resolved.report));
    const karelia = (resolved.report as { battles: { territory: string; rounds: { choices: { by: string; team: string }[] }[] }[] }).battles.find((b) => b.territory === "Karelia S.S.R.")!;
    expect(karelia.rounds[0]!.choices.find((c) => c.team === "Axis")!.by).toBe("player");
    expect((await asAlice.game.verify({ gameId })).ok).toBe(true);
  });

  it("takes the default for every missing decision at the decision deadline", async () => {
    const { asAlice, gameId } = await attackKarelia();
    for (let i = 0; i < 20; i++) {
      const phase = await phaseOf(gameId);
      if (phase.status !== "battles") break;
      const past = new Date(Date.now() - 1000);
      const pending = { ...phase.pending!, requests: phase.pending!.requests.map((r) => ({ ...r, deadline: past.toISOString() })) };
      await handle.db.update(phases).set({ decisionDeadline: past, pending }).where(eq(phases.id, phase.id));
      expect(await sweepDeadlines(handle.db)).toBe(1);
      await drain(handle, "test");
    }
    const resolved = await phaseOf(gameId);
    expect(resolved.status).toBe("resolved");
    expect(resolved.decisions!.filter((d) => d.team === "Axis").every((d) => d.by === "default")).toBe(true);
    expect(resolved.decisions!.filter((d) => d.team === "Allies").every((d) => d.by === "robot")).toBe(true);
    // Defaults all the way give the same battle as a phase decided by defaults from the start.
    const direct = resolveStored({ ...resolved, decisions: [] }, resolved.orders ?? {}, true);
    const strip = (v: unknown) => JSON.stringify(v, (k, x: unknown) => (k === "by" ? undefined : x));
    expect(strip(direct.report)).toBe(strip(resolved.report));
    expect((await asAlice.notifications.list()).some((n) => n.kind === "decision-waiting")).toBe(true);
  });
});

describe("resolve with my preferences", () => {
  it("decides the rest of the battle with one call, as the player's choice, keeping armour for last (R6.6, R6.9)", async () => {
    const { asAlice, asBob, gameId } = await attackKarelia();
    await asAlice.battle.setPreference({ gameId, casualties: "keep-armour" });
    // Only the player who leads the side may leave it to a preference.
    await expect(asBob.battle.resolveWithPreferences({ gameId, nation: "Germany", battle: "Karelia S.S.R." })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await asAlice.battle.resolveWithPreferences({ gameId, nation: "Germany", battle: "Karelia S.S.R." })).decided).toBe(1);
    await drain(handle, "test");
    const resolved = await phaseOf(gameId);
    expect(resolved.status).not.toBe("battles"); // no later round waited for Alice
    const axis = resolved.decisions!.filter((d) => d.team === "Axis");
    expect(axis.length).toBeGreaterThan(0);
    expect(axis.every((d) => d.by === "player")).toBe(true);
    // "Fight on" is never asked of a side with nothing that may withdraw or submerge (R6.7).
    expect(axis.some((d) => d.step === "retreat")).toBe(false);
    type Round = { choices: { team: string; by: string }[] };
    const karelia = (resolved.report as { battles: { territory: string; rounds: Round[] }[] }).battles.find((b) => b.territory === "Karelia S.S.R.")!;
    expect(karelia.rounds.length).toBeGreaterThanOrEqual(2);
    // Every German choice of every round was the preference's (the player's) or had one legal answer.
    const german = karelia.rounds.flatMap((r) => r.choices.filter((c) => c.team === "Axis"));
    expect(german.length).toBeGreaterThanOrEqual(2);
    expect(german.every((c) => c.by === "player" || c.by === "forced")).toBe(true);
    const replay = resolveStored(resolved, resolved.orders ?? {}, true);
    expect(JSON.stringify(replay.report)).toBe(JSON.stringify(resolved.report));
  });
});

describe("the casualty picker's pre-fill", () => {
  it("is the player's preference's pick, exactly what resolving with the preference records; nobody else's view carries it", async () => {
    // Two armour and a fighter into Caucasus (no AA gun): the R6.9 default loses armour before the
    // fighter, "keep my armour" the fighter first.
    const { asAlice, asBob, gameId } = await attackKarelia([{ id: "g1", units: { armour: 2, fighter: 1 }, from: "Ukraine S.S.R.", path: ["Caucasus"] }]);
    const axisRequest = async (caller: typeof asAlice) => (await caller.game.get({ gameId })).phase!.pending!.requests.find((r) => r.team === "Axis" && r.kind === "casualties")!;
    const plain = await axisRequest(asAlice);
    if (plain.kind !== "casualties") throw new Error("a casualty request waits");
    expect(plain.preferred).toEqual({ preference: "default", units: plain.default });
    const typeOf = (id: number) => plain.candidates.find((c) => c.id === id)!.type;
    expect(plain.default.map(typeOf)).toContain("armour");

    await asAlice.battle.setPreference({ gameId, casualties: "keep-armour" });
    const kept = await axisRequest(asAlice);
    if (kept.kind !== "casualties") throw new Error("a casualty request waits");
    expect(kept.preferred!.preference).toBe("keep-armour");
    expect(kept.preferred!.units.map(typeOf)).toContain("fighter");
    expect(kept.preferred!.units).not.toEqual(plain.default);
    // Bob (the other player) sees the request, never Alice's preference or its picks.
    expect(JSON.stringify(await asBob.game.get({ gameId }))).not.toContain("preferred");

    await asAlice.battle.resolveWithPreferences({ gameId, nation: "Germany", battle: "Caucasus" });
    const recorded = (await phaseOf(gameId)).decisions!.find((d) => d.team === "Axis" && d.round === 1 && d.step === kept.step)!;
    expect(recorded.decision).toEqual({ kind: "casualties", units: kept.preferred!.units });
  });
});

describe("decision deadlines", () => {
  it("are per request: a decision elsewhere never moves another side's deadline, and only due requests default", async () => {
    const { gameId } = await attackKarelia();
    const phase = await phaseOf(gameId);
    expect(phase.status).toBe("battles");
    const [first] = phase.pending!.requests;
    expect(first!.deadline).toBe(phase.decisionDeadline!.toISOString());
    // Nothing is due yet: the sweep changes nothing.
    expect(await sweepDeadlines(handle.db)).toBe(0);
    expect((await phaseOf(gameId)).decisions).toEqual(phase.decisions);
  });
});
