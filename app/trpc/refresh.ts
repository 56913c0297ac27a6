// Refetching after a change the page was told of (a live hint, its own mutation's success).
// `invalidateQueries` alone is not enough: a query whose first fetch is still under way has no data,
// and React Query then does not cancel that fetch but waits for it and keeps its answer, marked fresh
// (`cancelRefetch` only applies to a query that has data). That answer may have been read before
// the change: a player who writes in a channel just opened, while its first page of messages is
// still loading, saw "No messages yet." under a message that was sent, until something else refetched.
import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Refetches the active queries under these keys with a fetch that starts now: one already under way
 * (which may have read before the change) is cancelled first, whether or not the query has data yet.
 */
export async function refreshQueries(queryClient: QueryClient, keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
