// Server-sent events for the public API (GET /api/v1/games/{gameId}/stream): the game's events as the
// game page's live stream sends them (tRPC's game.events), written as text/event-stream so `curl -N`
// or any EventSource reads them. Each event's `id:` is its public id; a client that reconnects sends it
// back as Last-Event-ID and first gets what it missed. Events are hints (what happened, never a
// secret), the same as the long-poll's. A token may hold only a few streams at once, and a stream
// lasts at most an hour (the client reconnects), so one token cannot hold connections forever.
import { isTrackedEnvelope } from "@trpc/server";

/** Streams one token may hold open in this process (the user's own limit, api/streams.ts, counts too). */
export const MAX_STREAMS_PER_TOKEN = 3;
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;
/** After this the server ends the stream; the client reconnects with Last-Event-ID. */
export const MAX_STREAM_MS = 60 * 60 * 1000;

const open = new Map<number, number>();

/** Counts one more stream of the token, or says no when it holds the most. */
export function takeStreamSlot(tokenId: number): (() => void) | null {
  const n = open.get(tokenId) ?? 0;
  if (n >= MAX_STREAMS_PER_TOKEN) return null;
  open.set(tokenId, n + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (open.get(tokenId) ?? 1) - 1;
    if (left > 0) open.set(tokenId, left);
    else open.delete(tokenId);
  };
}

/** The stream's Response: each item of `events` (tracked by id) as one SSE event; `stop` aborts the source. */
export function sseResponse(events: AsyncIterable<unknown>, stop: AbortController, release: () => void, headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  const iterator = events[Symbol.asyncIterator]();
  let keepalive: ReturnType<typeof setInterval> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  const end = () => {
    clearInterval(keepalive);
    clearTimeout(lifetime);
    stop.abort();
    void iterator.return?.().catch(() => {});
    release();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The first line tells the client how long to wait before reconnecting.
      controller.enqueue(encoder.encode("retry: 5000\n\n"));
      keepalive = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(": keep-alive\n\n"));
        } catch {
          end();
        }
      }, KEEPALIVE_MS);
      lifetime = setTimeout(() => {
        end();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      }, MAX_STREAM_MS);
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) {
          end();
          controller.close();
          return;
        }
        const [id, data] = isTrackedEnvelope(next.value) ? [next.value[0], next.value[1]] : [undefined, next.value];
        const kind = (data as { kind?: unknown })?.kind;
        const lines = [id !== undefined ? `id: ${id}` : "", typeof kind === "string" ? `event: ${kind}` : "", `data: ${JSON.stringify(data)}`].filter(Boolean);
        controller.enqueue(encoder.encode(`${lines.join("\n")}\n\n`));
      } catch {
        // The source ended by abort (the client went away, or the lifetime passed).
        end();
        try {
          controller.close();
        } catch {
          // already closed
        }
      }
    },
    cancel() {
      end();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no", connection: "keep-alive", ...headers },
  });
}

/** Open streams of a token in this process (for tests). */
export const openTokenStreams = (tokenId: number) => open.get(tokenId) ?? 0;
