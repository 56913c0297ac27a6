// npm run verify / game.verify: every stored phase replays bit-identically; tampering is caught.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { verifyGame } from "../../server/services/verify";
import { testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function playTurn(game: Awaited<ReturnType<typeof twoPlayerGame>>, orders: { id: string; units: { infantry: number }; from: string; path: string[] }[]) {
  await game.asAlice.orders.save({ gameId: game.gameId, nation: "Germany", orders });
  await game.asAlice.orders.lock({ gameId: game.gameId, nation: "Germany" });
  await game.asBob.orders.lock({ gameId: game.gameId, nation: "Japan" });
  await drain(handle, "test");
}

describe("verify", () => {
  it("replays every resolved phase and checks each seed against its published hash", async () => {
    const game = await twoPlayerGame(handle);
    await playTurn(game, [{ id: "g1", units: { infantry: 2 }, from: "Germany", path: ["East Europe"] }]);
    await playTurn(game, [{ id: "g2", units: { infantry: 1 }, from: "East Europe", path: ["Ukraine S.S.R."] }]);
    const result = await game.asBob.game.verify({ gameId: game.gameId });
    expect(result.phases.map((p) => [p.turn, p.ok])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(result.ok).toBe(true);
  });

  it("reports a seed that does not match its commitment, and a report that does not replay", async () => {
    const game = await twoPlayerGame(handle);
    await playTurn(game, [{ id: "g1", units: { infantry: 2 }, from: "Germany", path: ["East Europe"] }]);
    const [first] = await handle.db.select().from(phases).where(eq(phases.gameId, game.gameId)).orderBy(phases.turn);
    await handle.db.update(phases).set({ seed: "not the committed seed" }).where(eq(phases.id, first!.id));
    const result = await verifyGame(handle.db, game.gameId);
    expect(result.ok).toBe(false);
    expect(result.phases[0]!.problems).toContain("the revealed seed does not match the published SHA-256");
    await handle.db.update(phases).set({ seed: first!.seed, report: { tampered: true } }).where(eq(phases.id, first!.id));
    const again = await verifyGame(handle.db, game.gameId);
    expect(again.phases[0]!.problems).toEqual(["replaying the stored orders with the stored seed gives a different report"]);
  });
});
