// A long-poll of a game's events for programs (the public API, issue 23): the events after a seen id,
// at once if there are any, else the first to come within a wait. Events are hints to refetch (what
// happened, never a secret), the same the game page's live stream sends; their ids are public ids
// (services/public-ids.ts), which name an event without counting anyone else's.
import { once, type EventEmitter } from "node:events";
import type { Db } from "../../db/client";
import { notFound } from "./errors";
import { gameEventsAfter } from "./events";
import { loadGame } from "./phases";
import { publicIds } from "./public-ids";

/** The longest a poll waits for an event (under common proxies' idle timeouts). */
export const MAX_POLL_SECONDS = 25;

/** Resolves when `name` is emitted on the bus, `seconds` pass, or `signal` aborts; cancel() ends it early. */
function wake(bus: EventEmitter, name: string, seconds: number, signal?: AbortSignal) {
  const stop = new AbortController();
  const abort = () => stop.abort();
  signal?.addEventListener("abort", abort);
  const timer = setTimeout(abort, seconds * 1000);
  const woken = once(bus, name, { signal: stop.signal }).catch(() => undefined);
  return {
    woken,
    cancel() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", abort);
      stop.abort();
    },
  };
}

/** Events of `gameId` after the public id `after` (all kept ones without it), oldest first, waiting up to `waitSeconds` for one. */
export async function pollGameEvents(db: Db, bus: EventEmitter, gameId: number, after: number | undefined, waitSeconds: number, signal?: AbortSignal) {
  if (!(await loadGame(db, gameId))) throw notFound("That game");
  const ids = await publicIds(db);
  const afterId = after === undefined ? 0 : ids.fromPublic("event", after);
  // Listen before reading, so an event committed between the read and the wait still wakes it.
  const waiting = wake(bus, `game:${gameId}`, Math.min(waitSeconds, MAX_POLL_SECONDS), signal);
  try {
    let found = await gameEventsAfter(db, gameId, afterId);
    if (found.length === 0 && waitSeconds > 0) {
      await waiting.woken;
      found = await gameEventsAfter(db, gameId, afterId);
    }
    return { events: found.map((e) => ({ ...e, id: ids.toPublic("event", e.id) })) };
  } finally {
    waiting.cancel();
  }
}
