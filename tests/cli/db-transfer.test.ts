// npm run db:export / db:import: a game database moved from the embedded PGlite to a Postgres
// server (or, without one, to another PGlite) arrives whole: every table's rows equal, the open
// phase's saved orders kept, the resolved turn verified, and new rows get new ids.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createDb, type DbHandle } from "../../db/client";
import { drain } from "../../server/jobs/worker";
import { savedOrders } from "../../server/services/orders";
import { currentPhase } from "../../server/services/phases";
import { exportDatabase, importDatabase } from "../../server/services/db-transfer";
import { verifyGame } from "../../server/services/verify";
import { onPostgres, testDb } from "../support/db";
import { makeRand, randomOrders } from "../support/random-orders";
import { twoPlayerGame } from "../support/world";

let source: DbHandle;
let target: DbHandle;
/** The source is always the embedded database (the template clone when this run made one). */
const pglite = () => (onPostgres ? createDb({ dir: "memory://", migrate: true }) : createDb({ loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) }));

beforeAll(async () => {
  source = await pglite();
  target = await testDb(); // Postgres when DATABASE_URL is set, else PGlite
});
afterAll(async () => {
  await source.close();
  await target.close();
});

async function dump(handle: DbHandle): Promise<string[]> {
  const lines: string[] = [];
  await exportDatabase(handle.db, (l) => lines.push(l));
  return lines;
}

/** The rows of each table, in a stable order (the export's order is the database's). */
const byTable = (lines: string[]) => lines.slice(1).sort();

describe("db:export then db:import", () => {
  it("moves every row of a played game, and the moved game verifies", async () => {
    const game = await twoPlayerGame(source);
    await game.asAlice.orders.lock({ gameId: game.gameId, nation: "Germany" });
    await game.asBob.orders.lock({ gameId: game.gameId, nation: "Japan" });
    expect(await drain(source, "test")).toBe(1);
    // Turn 2 is open with saved orders: they move too.
    const order = randomOrders((await currentPhase(source.db, game.gameId))!.startState, makeRand(7), { hold: 0 }).Germany![0]!;
    expect(await game.asAlice.orders.save({ gameId: game.gameId, nation: "Germany", orders: [order] })).toEqual({ ok: true, saved: 1 });

    const lines = await dump(source);
    const header = await importDatabase(target.db, lines);
    expect(header.tables.find((t) => t.name === "phases")?.rows).toBe(2);
    expect(byTable(await dump(target))).toEqual(byTable(lines));

    expect((await verifyGame(target.db, game.gameId)).ok).toBe(true);
    const open = await currentPhase(target.db, game.gameId);
    expect(open?.turn).toBe(2);
    expect(await savedOrders(target.db, open!.id, "Germany")).toEqual([order]);
    // Ids continue after the moved rows: a new game on the target gets fresh ones.
    const next = await twoPlayerGame(target);
    expect(next.gameId).toBeGreaterThan(game.gameId);
  });

  it("refuses a target that is not empty, and a file that is not an export", async () => {
    const lines = await dump(source);
    await expect(importDatabase(target.db, lines)).rejects.toThrow(/not empty/);
    await expect(importDatabase(target.db, ['{"hello":1}'])).rejects.toThrow(/Not a Lockstep database export/);
  });
});
