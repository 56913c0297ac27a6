"use client";
// "Is this the client, hydrated?": false on the server and while hydrating, true from then on. What
// only the client can fill (a query's data, a live stream) is mounted from then on, so the server
// does not render it to nothing: a component with a query costs the server's render its query
// observers and tRPC's option proxies, for markup the server would leave empty anyway.
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, isClient, isServer);
}
