// One live stream (SSE through a tRPC subscription): the bus's events under `name`, each tracked by its
// stored id, so a browser that reconnects sends lastEventId and first gets what it missed (issue 15).
// The id a browser sees is the stored id's public id (services/public-ids.ts): stored ids are one
// sequence over every game and user, so their gaps would count other people's events (issue 20).
import { on, type EventEmitter } from "node:events";
import { tracked } from "@trpc/server";
import { metrics } from "../metrics";
import { parseEventId } from "../services/events";
import type { PublicIds } from "../services/public-ids";

export async function* liveStream<E extends { id?: number }>(options: {
  bus: EventEmitter;
  name: string;
  signal: AbortSignal | undefined;
  lastEventId: string | null | undefined;
  ids: PublicIds;
  /** The stored events after an id, oldest first. */
  replay: (afterId: number) => Promise<(E & { id: number })[]>;
  /** What a live event becomes on this stream (the game's stream adds its viewer's new view); replayed
   * events go as stored (a page that reconnects refetches anyway). */
  live?: (event: E) => Promise<E>;
}) {
  metrics.liveStreams.inc();
  try {
    // Listen before re-reading, so an event committed in between is not lost (the set drops doubles).
    const live = on(options.bus, options.name, { signal: options.signal });
    const yielded = new Set<number>();
    const seenAfter = parseEventId(options.lastEventId);
    const after = seenAfter === undefined ? undefined : options.ids.fromPublic("event", seenAfter);
    const shown = (e: E & { id: number }) => {
      const id = options.ids.toPublic("event", e.id);
      return tracked(String(id), { ...e, id } as E);
    };
    if (after !== undefined)
      for (const e of await options.replay(after)) {
        yielded.add(e.id);
        yield shown(e);
      }
    let n = 0;
    for await (const [event] of live) {
      const heard = event as E;
      if (heard.id !== undefined && yielded.has(heard.id)) continue;
      const e = options.live ? await options.live(heard) : heard;
      if (e.id !== undefined) {
        if (yielded.has(e.id)) continue;
        if (yielded.size > 10_000) yielded.clear();
        yielded.add(e.id);
      }
      n += 1;
      // An event without a stored id (never from the database) cannot be resumed from: "x" ids parse as none.
      yield e.id !== undefined ? shown(e as E & { id: number }) : tracked(`x${n}`, e);
    }
  } finally {
    metrics.liveStreams.dec();
  }
}
