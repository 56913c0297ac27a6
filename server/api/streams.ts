// Live streams (server-sent events) hold a connection each: a user may keep only so many open in one
// app process (a tab uses two: its game and its notifications), so one account cannot exhaust them.
import { TRPCError } from "@trpc/server";

export const MAX_STREAMS_PER_USER = 12;

const open = new Map<string, number>();

function refuse(): never {
  throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: `At most ${MAX_STREAMS_PER_USER} live streams per user; close other tabs of the game` });
}

/** Refuse before the stream starts when the user already has the most open (a 429, not a broken stream). */
export function checkStreamRoom(userId: string): void {
  if ((open.get(userId) ?? 0) >= MAX_STREAMS_PER_USER) refuse();
}

/** Yield everything of `source` while counted as one of the user's open streams. */
export async function* counted<T>(userId: string, source: AsyncIterable<T>): AsyncGenerator<T> {
  const n = open.get(userId) ?? 0;
  if (n >= MAX_STREAMS_PER_USER) refuse();
  open.set(userId, n + 1);
  try {
    yield* source;
  } finally {
    const left = (open.get(userId) ?? 1) - 1;
    if (left > 0) open.set(userId, left);
    else open.delete(userId);
  }
}

/** How many streams the user has open in this process (for tests). */
export const openStreams = (userId: string) => open.get(userId) ?? 0;
