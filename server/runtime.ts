// The process-wide runtime: one database handle, one event bus, the in-process worker.
// Cached on globalThis so Next's dev reloads reuse it; opened lazily on the first request, never at build.
import type { EventEmitter } from "node:events";
import { createDb, type DbHandle } from "../db/client";
import { env } from "./env";
import { startLiveBus } from "./live-bus";
import type { GameEvent } from "./runtime-events";

export type { GameEvent };

export interface Runtime {
  handle: DbHandle;
  /** Game events (`game:<id>`) and users' notification hints (`user:<id>`); fed by LISTEN so every server process on one Postgres sees them. */
  bus: EventEmitter;
  stop(): Promise<void>;
}

const KEY = Symbol.for("lockstep.runtime");
type Holder = { [KEY]?: Promise<Runtime> };

export async function startRuntime(handle: DbHandle, options: { worker: boolean }): Promise<Runtime> {
  const live = await startLiveBus(handle);
  let stopWorker: (() => Promise<void>) | undefined;
  if (options.worker) {
    const { startWorker } = await import("./jobs/worker");
    stopWorker = startWorker(handle, { name: `app-${process.pid}` });
  }
  return {
    handle,
    bus: live.bus,
    async stop() {
      await stopWorker?.();
      await live.stop();
      await handle.close();
    },
  };
}

export function getRuntime(): Promise<Runtime> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const e = env();
    const handle = await createDb(
      e.DATABASE_URL ? { url: e.DATABASE_URL, migrate: e.DB_AUTO_MIGRATE === "1" } : { dir: e.PGLITE_DIR, migrate: true },
    );
    return startRuntime(handle, { worker: e.RUN_WORKER !== "0" }).catch(async (error: unknown) => {
      await handle.close().catch(() => {});
      throw error;
    });
  })();
  const pending = holder[KEY];
  // A database that was down at the first request is tried again at the next one.
  pending.catch(() => {
    if (holder[KEY] === pending) delete holder[KEY];
  });
  return pending;
}
