// The platform knows no game: a tiny ruleset registered here (two sides bet each turn, a seeded die
// adds to each score, the game ends after turn 2) is created, played, ended and verified through the
// same services and worker as the real ones — the end closes the game, tells the players "game
// over", and leaves the final board readable and replayable.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, notifications, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { registerRuleset, type Ruleset } from "../../server/rulesets";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

interface State {
  turn: number;
  sides: string[];
  scores: Record<string, number>;
}
type Orders = { bet: number };

const die = (seed: string, side: string) => (createHash("sha256").update(`${seed}:${side}`).digest()[0]! % 6) + 1;

const betting: Ruleset<State, Orders, { rolls: Record<string, number> }, string, { sides: string[] }, null, State> = {
  id: "betting",
  name: "Betting",
  version: "1.0.0",
  scenarios: [{ id: "short", name: "Two turns", sides: ["a", "b"], minSides: 2 }],
  setup: (scenario, options) => (scenario === "short" ? { ok: true, state: { turn: 1, sides: options.sides, scores: Object.fromEntries(options.sides.map((s) => [s, 0])) } } : { ok: false, rule: "B1", message: "unknown scenario" }),
  phases: (state) => (state.turn > 2 ? [] : [{ id: "bet", sides: state.sides }]),
  validate: (_state, _side, orders) => (orders && typeof orders === "object" && Number.isInteger(orders.bet) && orders.bet >= 0 && orders.bet <= 3 ? { ok: true } : { ok: false, rule: "B2", message: "a bet is 0 to 3 (B2)" }),
  resolve(state, ordersBySide, _decisions, seed) {
    const rolls = Object.fromEntries(state.sides.map((s) => [s, die(seed, s)]));
    const scores = Object.fromEntries(state.sides.map((s) => [s, state.scores[s]! + rolls[s]! * (ordersBySide[s]?.bet ?? 0)]));
    return { state: { ...state, turn: state.turn + 1, scores }, report: { rolls } };
  },
  view: (state) => state,
  reportView: (report) => report,
  result(state) {
    if (state.turn <= 2) return { over: false };
    const best = Math.max(...Object.values(state.scores));
    const winners = state.sides.filter((s) => state.scores[s] === best);
    return { over: true, winners, draw: winners.length > 1, reason: "the highest score after two turns" };
  },
  robot: () => ({ bet: 1 }),
};

let handle: DbHandle;
beforeAll(async () => {
  registerRuleset(betting);
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("a game of any registered ruleset", () => {
  it("ends when its ruleset says so: finished, 'game over' told, the final board readable, every turn verified", async () => {
    const ann = await makeUser(handle, "ann-bet@example.com");
    const asAnn = callerFor(handle, ann);
    expect((await asAnn.play.games()).map((g) => g.id)).toContain("betting");
    const { gameId, started } = await asAnn.play.create({ name: "Bets", ruleset: "betting", scenario: "short", seats: 2, mine: ["a"], robots: ["b"], ordersHours: 1 });
    expect(started).toBe(true);
    expect(await asAnn.play.save({ gameId, side: "a", orders: { bet: 9 } })).toEqual({ ok: false, rule: "B2", message: "a bet is 0 to 3 (B2)" });
    for (const turn of [1, 2]) {
      expect(await asAnn.play.save({ gameId, side: "a", orders: { bet: 3 } })).toEqual({ ok: true });
      expect((await asAnn.play.lock({ gameId, side: "a" })).resolving).toBe(true);
      expect(await drain(handle, "test")).toBe(1);
      expect((await handle.db.select().from(phases).where(eq(phases.gameId, gameId))).map((p) => p.status)).toEqual(turn === 1 ? ["resolved", "open"] : ["resolved", "resolved"]);
    }
    const [game] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(game!.status).toBe("finished");
    const view = await asAnn.play.get({ gameId });
    expect(view.phase).toMatchObject({ status: "finished", deadline: null });
    expect(view.result).toMatchObject({ over: true, reason: "the highest score after two turns" });
    // The final board is the replay of the last turn: turn 3, with the scores the dice gave.
    const rows = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
    const scoreOf = (side: string) => rows.reduce((sum, p) => sum + die(p.seed, side) * (side === "a" ? 3 : 1), 0);
    expect(view.view).toEqual({ turn: 3, sides: ["a", "b"], scores: { a: scoreOf("a"), b: scoreOf("b") } });
    const over = await handle.db.select().from(notifications).where(and(eq(notifications.userId, ann.id), eq(notifications.kind, "game-over")));
    expect(over).toHaveLength(1);
    expect(over[0]!.text).toContain("ended in turn 2");
    await expect(asAnn.play.save({ gameId, side: "a", orders: { bet: 1 } })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("over") });
    expect(await asAnn.play.verify({ gameId })).toMatchObject({ ok: true, phases: [{ turn: 1, ok: true }, { turn: 2, ok: true }] });
  });
});
