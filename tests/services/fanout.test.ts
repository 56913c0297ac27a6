// Live updates across server processes: an event published inside a transaction reaches every
// process listening on the same database at COMMIT, and never after a rollback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "../../db/client";
import { startRuntime, type Runtime } from "../../server/runtime";
import type { GameEvent } from "../../server/runtime-events";
import { publish } from "../../server/services/events";
import { databaseUrlOf, onPostgres, testDb } from "../support/db";

let handle: DbHandle;
let other: DbHandle;
let a: Runtime;
let b: Runtime;
beforeAll(async () => {
  handle = await testDb();
  // On a server: a second connection pool, as a second app process would have. PGlite: one process.
  other = onPostgres ? await createDb({ url: databaseUrlOf(handle)! }) : handle;
  a = await startRuntime(handle, { worker: false });
  b = await startRuntime(other, { worker: false });
});
afterAll(async () => {
  if (onPostgres) await other.close();
  await handle.close();
});

function next(runtime: Runtime, gameId: number, ms = 5000): Promise<GameEvent | "timeout"> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("timeout"), ms);
    runtime.bus.once(`game:${gameId}`, (e: GameEvent) => {
      clearTimeout(timer);
      resolve(e);
    });
  });
}

describe("event fan-out", () => {
  it("delivers a committed event to every listening process", async () => {
    const seenByA = next(a, 7);
    const seenByB = next(b, 7);
    await handle.db.transaction(async (tx) => publish(tx, { gameId: 7, kind: "turn-resolved", turn: 3 }));
    expect(await seenByA).toMatchObject({ gameId: 7, kind: "turn-resolved", turn: 3 });
    expect(await seenByB).toMatchObject({ gameId: 7, kind: "turn-resolved", turn: 3 });
  });

  it("delivers nothing when the transaction rolls back", async () => {
    const seen = next(b, 8, 1500);
    await handle.db
      .transaction(async (tx) => {
        await publish(tx, { gameId: 8, kind: "turn-resolved", turn: 1 });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(await seen).toBe("timeout");
  });
});
