// The shared setup of the tests that call the public API (/api/v1) in-process: a fresh test database
// per test file, served to the route handler as the app's runtime. `handle` is a live binding, set
// once the file's beforeAll has run.
import { EventEmitter } from "node:events";
import { afterAll, beforeAll, vi } from "vitest";
import type { DbHandle } from "../../db/client";
import { testDb } from "../support/db";

export let handle: DbHandle;
export const bus = new EventEmitter().setMaxListeners(0);
vi.mock("../../server/runtime", () => ({ getRuntime: async () => ({ handle, bus }) }));
/** The /api/v1 route handler (GET, POST, DELETE, ...), reading the test database. */
export const route = await import("../../app/api/v1/[...path]/route");

beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});
