// The process-wide runtime: one database handle, one event bus, the in-process worker.
// Cached on globalThis so Next's dev reloads reuse it; opened lazily on the first request, never at build.
import { EventEmitter } from "node:events";
import { createDb, type DbHandle } from "../db/client";
import { env } from "./env";
import { EVENTS_CHANNEL, USER_EVENTS_CHANNEL, type GameEvent, type UserEvent } from "./runtime-events";

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
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const unlisten = await handle.listen(EVENTS_CHANNEL, (payload) => {
    try {
      const event = JSON.parse(payload) as GameEvent;
      bus.emit(`game:${event.gameId}`, event);
    } catch {
      // a malformed payload is ignored: events are hints to refetch, never state
    }
  });
  const unlistenUsers = await handle.listen(USER_EVENTS_CHANNEL, (payload) => {
    try {
      const event = JSON.parse(payload) as UserEvent;
      bus.emit(`user:${event.userId}`, event);
    } catch {
      // as above: a hint, never state
    }
  });
  let stopWorker: (() => Promise<void>) | undefined;
  if (options.worker) {
    const { startWorker } = await import("./jobs/worker");
    stopWorker = startWorker(handle, { name: `app-${process.pid}` });
  }
  return {
    handle,
    bus,
    async stop() {
      await stopWorker?.();
      await unlisten();
      await unlistenUsers();
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
    return startRuntime(handle, { worker: e.RUN_WORKER !== "0" });
  })();
  return holder[KEY];
}
