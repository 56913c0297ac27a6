// The lobby's "your games": each active game shows its turn, its running deadline and whether it waits
// for the viewer's orders — the viewer's own facts only (another player's lock is not the viewer's).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("the lobby's own games", () => {
  it("shows the turn, the orders deadline and who still owes orders, per viewer", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const view = await asAlice.game.get({ gameId });
    const turnOf = async (caller: typeof asAlice) => (await caller.game.lobby()).mine.find((g) => g.id === gameId)!.turn;

    expect(await turnOf(asAlice)).toEqual({ number: 1, status: "open", deadline: view.phase!.deadline, needs: "orders" });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    // Alice has locked: nothing waits for her; Bob's Japan still owes its orders.
    expect((await turnOf(asAlice))?.needs).toBeNull();
    expect(await turnOf(asBob)).toMatchObject({ number: 1, status: "open", needs: "orders" });
    // An open challenge carries no turn.
    expect((await asAlice.game.lobby()).open.every((g) => g.turn === undefined)).toBe(true);
  });
});
