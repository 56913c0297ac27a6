// The process's event bus, fed by LISTEN: game events as `game:<id>` (those the lobby lists also as
// `lobby`), users' notification hints as `user:<id>`. Notifications sent while the LISTEN connection is
// down are lost by Postgres, so after a reconnect the bus re-reads the stored events it has not seen and emits them (issue 15).
import { EventEmitter } from "node:events";
import { gt, max } from "drizzle-orm";
import type { DbHandle } from "../db/client";
import { events } from "../db/schema";
import { logger } from "./log";
import { EVENTS_CHANNEL, LOBBY_KINDS, USER_EVENTS_CHANNEL, type GameEvent, type UserEvent } from "./runtime-events";

/**
 * Ids come from a sequence at INSERT, but transactions commit in any order: an event may arrive after
 * one with a higher id. Re-reading this many ids below the highest seen covers transactions that were
 * open at the same time; the seen set drops the ones already emitted.
 */
const REREAD_WINDOW = 1000;
const SEEN_KEPT = 5000;

export interface LiveBus {
  bus: EventEmitter;
  stop(): Promise<void>;
}

export async function startLiveBus(handle: DbHandle): Promise<LiveBus> {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const seen = new Set<number>();
  const [start] = await handle.db.select({ id: max(events.id) }).from(events);
  const floor = start?.id ?? 0;
  let highest = floor;

  function emit(event: (GameEvent | UserEvent) & { id?: number }) {
    if (event.id !== undefined) {
      if (seen.has(event.id)) return;
      seen.add(event.id);
      highest = Math.max(highest, event.id);
      if (seen.size > SEEN_KEPT) for (const id of seen) if (seen.delete(id) && seen.size <= SEEN_KEPT) break;
    }
    // A user's hint may name a game (press): it goes to that user only, never on the game's stream.
    if ("userId" in event) bus.emit(`user:${event.userId}`, event);
    else {
      bus.emit(`game:${event.gameId}`, event);
      if (LOBBY_KINDS.includes(event.kind) && !event.private) bus.emit("lobby", event);
    }
  }

  const onMessage = (payload: string) => {
    try {
      emit(JSON.parse(payload) as GameEvent | UserEvent);
    } catch {
      // a malformed payload is ignored: events are hints to refetch, never state
    }
  };

  let rereading: Promise<void> | undefined;
  const reread = () => {
    rereading ??= (async () => {
      try {
        const from = Math.max(floor, highest - REREAD_WINDOW);
        const rows = await handle.db.select().from(events).where(gt(events.id, from)).orderBy(events.id).limit(10_000);
        let missed = 0;
        for (const r of rows)
          if (!seen.has(r.id)) {
            missed += 1;
            emit({ ...(r.payload as unknown as GameEvent | UserEvent), id: r.id });
          }
        logger.warn({ missed }, "LISTEN reconnected; re-read the events sent meanwhile");
      } catch (error) {
        logger.error({ err: error }, "could not re-read events after a LISTEN reconnect");
      }
    })().finally(() => {
      rereading = undefined;
    });
  };

  const unlisten = await handle.listen(EVENTS_CHANNEL, onMessage, reread);
  const unlistenUsers = await handle.listen(USER_EVENTS_CHANNEL, onMessage, reread);
  return {
    bus,
    async stop() {
      await unlisten();
      await unlistenUsers();
      await rereading;
    },
  };
}
