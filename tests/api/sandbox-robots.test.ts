// "What would a robot do?" in a sandbox of any ruleset (issue 24): the ruleset's own robot orders a
// side, its orders are saved through the same save as a player's (the ruleset's validate decides) and
// the turn then resolves. Only the sandbox's owner may ask: everyone else gets "not found" and
// nothing changes; a real game is no sandbox, so it refuses.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { getRuleset } from "../../server/rulesets";
import { handle } from "./api-world";
import { registerWhisper } from "../support/whisper-ruleset";
import { callerFor, makeUser } from "../support/world";

beforeAll(() => registerWhisper());

type Caller = ReturnType<typeof callerFor>;

const CASES = [
  { ruleset: "triple-alliance", scenario: "encuentro", sides: ["paraguay", "brazil"] },
  { ruleset: "interplanetary", scenario: "training", sides: ["red", "blue"] },
  { ruleset: "whisper", scenario: "room", sides: ["a", "b"] },
] as const;

/** Every side's saved batch of the sandbox's open turn, as stored. */
async function savedRows(gameId: number) {
  const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
  const rows = await handle.db.select({ side: orders.nation, order: orders.order }).from(orders).where(eq(orders.phaseId, phase!.id));
  return JSON.stringify(rows.sort((x, y) => String(x.side).localeCompare(String(y.side))));
}

async function people(tag: string) {
  const names = ["owner", "rival", "watcher", "stranger"] as const;
  const users = await Promise.all(names.map((n) => makeUser(handle, `${n}-${tag}-${Math.random()}@example.com`)));
  return { users, callers: users.map((u) => callerFor(handle, u)) as [Caller, Caller, Caller, Caller] };
}

describe("robot orders in a sandbox", () => {
  for (const { ruleset, scenario, sides } of CASES) {
    it(`of ${ruleset}: the ruleset's robot orders each side, the orders are saved and valid, and the turn resolves; nobody else may ask`, async () => {
      const rules = getRuleset(ruleset)!;
      const { callers } = await people(ruleset);
      const [asOwner, asRival, asWatcher, asStranger] = callers;
      const { gameId } = await asRival.play.create({ name: `Real ${ruleset}`, ruleset, scenario, seats: 2, mine: [sides[0]], robots: [], ordersHours: 24, excusedMisses: 0 });
      await asOwner.play.join({ gameId, side: sides[1] });
      const { gameId: sandboxId } = await asOwner.sandbox.open({ gameId });
      const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, sandboxId));

      // Nobody but the owner asks for the sandbox's robot: the real game's other player, a spectator,
      // an outsider get "not found", the signed-out "sign in"; not one row changes.
      const before = await savedRows(sandboxId);
      for (const [who, as] of [
        ["the real game's other player", asRival],
        ["a spectator", asWatcher],
        ["an outsider", asStranger],
      ] as const)
        await expect(as.sandbox.robotOrders({ gameId: sandboxId, nation: sides[0] }), who).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(callerFor(handle, null).sandbox.robotOrders({ gameId: sandboxId, nation: sides[0] })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      expect(await savedRows(sandboxId)).toBe(before);

      // A real game is no sandbox, even for a player of it; a side the game does not have is named.
      const realBefore = await savedRows(gameId);
      await expect(asOwner.sandbox.robotOrders({ gameId, nation: sides[1] })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(asRival.sandbox.robotOrders({ gameId, nation: sides[0] })).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(await savedRows(gameId)).toBe(realBefore);
      await expect(asOwner.sandbox.robotOrders({ gameId: sandboxId, nation: "Germany" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Germany is not a side") });
      expect(await savedRows(sandboxId)).toBe(before);

      // The owner asks for every side: each batch is saved as that side's orders and is legal.
      for (const side of sides) {
        const robot = await asOwner.sandbox.robotOrders({ gameId: sandboxId, nation: side });
        expect(robot.ok, side).toBe(true);
        expect((await asOwner.play.get({ gameId: sandboxId, side })).saved, side).toEqual(robot.orders);
        expect(rules.validate(phase!.startState, side, robot.orders), side).toEqual({ ok: true });
      }

      // A locked side keeps its orders: the robot's save is refused like a player's.
      await asOwner.play.lock({ gameId: sandboxId, side: sides[0] });
      const locked = await savedRows(sandboxId);
      await expect(asOwner.sandbox.robotOrders({ gameId: sandboxId, nation: sides[0] })).rejects.toMatchObject({ code: "CONFLICT" });
      expect(await savedRows(sandboxId)).toBe(locked);

      // Resolving plays the robot's orders: the history's turn 1 holds exactly what was saved.
      const saved = Object.fromEntries(await Promise.all(sides.map(async (side) => [side, (await asOwner.play.get({ gameId: sandboxId, side })).saved] as const)));
      expect(await asOwner.sandbox.resolve({ gameId: sandboxId })).toEqual({ resolving: true });
      await drain(handle, "sandbox-robots-test");
      const after = await asOwner.play.get({ gameId: sandboxId });
      expect(after.turn > 1 || after.phase?.status === "finished").toBe(true);
      expect((await asOwner.play.history({ gameId: sandboxId })).turns[0]!.orders).toEqual(saved);
      expect((await asOwner.play.verify({ gameId: sandboxId })).ok).toBe(true);
      // The real game never moved.
      expect(await savedRows(gameId)).toBe(realBefore);
      expect((await asRival.play.get({ gameId })).turn).toBe(1);
    });
  }
});
