// The example bot (examples/bot/bot.ts, issue 23) finishes a whole 1942 game against the built-in
// robots through the public API alone: its fetch reaches the route handler of /api/v1 and nothing
// else. POST /challenges makes the game, played a phase at a time, and the bot plays every phase of it
// (orders, and battles and post-combat whenever the dice make them ask Germany) on the play routes. The game is short by its own option (R9.1 minor victory from turn 1: the first turn that
// ends untied decides; the board starts 28 to 37 and a capture moves the gap by an even number, so
// turn 1 decides on every roll), the robots play (not hold), and the in-process worker judges each
// phase as in production, its events waking the bot's long-poll through the live bus.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games } from "../../db/schema";
import { startRuntime, type Runtime } from "../../server/runtime";
import { createToken } from "../../server/services/api-tokens";
import { playGame } from "../../examples/bot/bot";
import { testDb } from "../support/db";
import { makeUser } from "../support/world";

let handle: DbHandle;
let runtime: Runtime;
vi.mock("../../server/runtime", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../server/runtime")>();
  return { ...real, getRuntime: async () => runtime };
});
const route = await import("../../app/api/v1/[...path]/route");

beforeAll(async () => {
  handle = await testDb();
  runtime = await startRuntime(handle, { worker: true });
});
afterAll(async () => {
  await runtime.stop();
});

/** The bot's fetch: every call goes to the API's route handler, as over HTTP; it counts what it was asked. */
const calls: string[] = [];
const apiFetch: typeof fetch = async (input, init) => {
  const req = new Request(input as string, init);
  const url = new URL(req.url);
  expect(url.pathname.startsWith("/api/v1/")).toBe(true);
  calls.push(`${req.method} ${url.pathname.replace(/\/\d+(?=\/|$)/g, "/N")}`);
  return route[req.method as "GET" | "POST" | "PUT"](req);
};

describe("the example bot", () => {
  it("plays Germany through the API until the game against the robots ends", { timeout: 300_000 }, async () => {
    const user = await makeUser(handle, "example-bot@example.com");
    const { token } = await createToken(handle.db, user.id, { name: "bot", scopes: ["read", "play"], days: 1 });
    const made = await apiFetch("http://localhost/api/v1/challenges", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Bot against robots",
        nations: ["Germany"],
        robots: ["Japan", "Russia", "United Kingdom", "United States"],
        lowLuck: false,
        ordersHours: 24,
        decisionHours: 24,
        houseRules: { minorVictoryTurn: 1 },
      }),
    });
    expect(made.status).toBe(200);
    const { gameId } = (await made.json()) as { gameId: number };
    const [stored] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(stored).toMatchObject({ ruleset: "1942", scenario: "standard", options: { rules: { lowLuck: false, houseRules: { minorVictoryTurn: 1 } } } });

    const lines: string[] = [];
    const result = await playGame({ base: "http://localhost/api/v1", token, gameId, waitSeconds: 5, maxRounds: 500, fetch: apiFetch, log: (l) => lines.push(l) });

    expect(result.winners).toHaveLength(1);
    expect(result.turn).toBeGreaterThanOrEqual(1);
    expect(lines.at(-1)).toMatch(/^game over: /);
    // It ordered, saved and locked every turn it played, asking the rules where its units may go.
    expect(lines.filter((l) => /orders Germany: locked \d+ orders/.test(l)).length).toBe(result.turn);
    expect(calls).toContain("PUT /api/v1/play/N/sides/Germany/orders");
    expect(calls).toContain("POST /api/v1/play/N/sides/Germany/lock");
    expect(calls).toContain("GET /api/v1/play/N/sides/Germany/questions/destinations");
    expect(calls).toContain("GET /api/v1/play/N/sides/Germany/questions/placements");
    expect(calls).toContain("GET /api/v1/games/N/events");
    // The rules accepted every batch it sent.
    expect(lines.filter((l) => /refused/.test(l))).toEqual([]);
    // The game is over, and every phase of it replays with its dice.
    const [finished] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(finished!.status).toBe("finished");
    const verified = (await (await apiFetch(`http://localhost/api/v1/play/${gameId}/verify`, { headers: { authorization: `Bearer ${token}` } })).json()) as { ok: boolean; phases: unknown[] };
    expect(verified.ok).toBe(true);
    expect(verified.phases.length).toBeGreaterThan(0);
  });
});
