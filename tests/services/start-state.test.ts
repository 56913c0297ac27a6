// A save validates against the phase's start state, cached per process: the cache never answers for
// another database's phase of the same id, and a phase's state is read from the database once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { phases } from "../../db/schema";
import { currentPhase } from "../../server/services/phases";
import { phaseStartState } from "../../server/services/start-state";
import { testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

let one: DbHandle;
let two: DbHandle;
beforeAll(async () => {
  one = await testDb();
  two = await testDb();
});
afterAll(async () => {
  await one.close();
  await two.close();
});

const blitz = { id: "m1", units: { armour: 1 }, from: "Libya", path: ["French Equatorial Africa"] };

describe("the start state a save checks against", () => {
  it("is the phase's own, even where another database has a phase of the same id", async () => {
    const a = await twoPlayerGame(one);
    const b = await twoPlayerGame(two);
    const pa = (await currentPhase(one.db, a.gameId))!;
    const pb = (await currentPhase(two.db, b.gameId))!;
    expect(pb.id).toBe(pa.id); // fresh databases: the same ids
    // In the second database, Libya's armour is gone from the start state.
    const state = { ...pb.startState, units: pb.startState.units.filter((u) => !(u.at === "Libya" && u.type === "armour")) };
    await two.db.update(phases).set({ startState: state }).where(eq(phases.id, pb.id));

    expect(await a.asAlice.orders.save({ gameId: a.gameId, nation: "Germany", orders: [blitz] })).toEqual({ ok: true, saved: 1 });
    const refused = await b.asAlice.orders.save({ gameId: b.gameId, nation: "Germany", orders: [blitz] });
    expect(refused.ok).toBe(false);
    // The first database's phase is still answered from its own state.
    expect(await a.asAlice.orders.save({ gameId: a.gameId, nation: "Germany", orders: [blitz] })).toEqual({ ok: true, saved: 1 });
  });
});

describe("the start state of a phase many tabs ask for at once", () => {
  it("is read from the database once, however many ask before the read is back", async () => {
    const { gameId } = await twoPlayerGame(one);
    const phase = (await currentPhase(one.db, gameId))!;
    let selects = 0;
    // Counts the queries phaseStartState starts (a turn resolved: every open tab refetches at once).
    const counted = new Proxy(one.db, {
      get(target, name, receiver) {
        if (name === "select") selects += 1;
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    const states = await Promise.all(Array.from({ length: 5 }, () => phaseStartState(counted, phase)));
    expect(selects).toBe(1);
    for (const s of states) expect(s).toBe(states[0]);
    expect(states[0]!.units.length).toBe(phase.startState.units.length);
  });
});
