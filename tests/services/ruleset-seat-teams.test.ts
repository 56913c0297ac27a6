// Each seat's team in a game's page (play.get), as the Sides tab shows it beside the side: the
// scenario's team when it declares teams — 1942's Axis and Allies (R1.1), the War of the Triple
// Alliance's armies (TA1.7) — and none in a free-for-all (Interplanetary, IP9), where it would only
// repeat the side (docs/platform.md "Teams").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const hours = { ordersHours: 24, excusedMisses: 0 };

describe("a seat's team in a game's page", () => {
  it("is the scenario's team when it has teams, and absent in a free-for-all", async () => {
    const ada = await makeUser(handle, `ada-${Math.random()}@example.com`);
    const asAda = callerFor(handle, ada!);
    const teamsOf = async (gameId: number) => Object.fromEntries((await asAda.play.get({ gameId })).seats.map((s) => [s.side, s.team]));

    const robots1942 = ["Russia", "United Kingdom", "Japan", "United States"];
    const g1942 = await asAda.play.create({ name: "Teams 1942", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], robots: robots1942, ...hours });
    expect(await teamsOf(g1942.gameId)).toEqual({ Germany: "Axis", Japan: "Axis", Russia: "Allies", "United Kingdom": "Allies", "United States": "Allies" });

    const ta = await asAda.play.create({ name: "Teams Tuyuti", ruleset: "triple-alliance", scenario: "tuyuti", seats: 3, mine: ["paraguay"], robots: [], ...hours });
    expect(await teamsOf(ta.gameId)).toEqual({ paraguay: "Paraguay", brazil: "Allies", argentina: "Allies" });

    const race = await asAda.play.create({ name: "Teams race", ruleset: "interplanetary", scenario: "planet-race", seats: 3, mine: ["red"], robots: ["green"], ...hours });
    const seats = (await asAda.play.get({ gameId: race.gameId })).seats;
    expect(seats.map((s) => s.side).sort()).toEqual(["blue", "green", "red"]);
    for (const s of seats) expect(s).not.toHaveProperty("team");
  });
});
