"use client";
// The header's notification link with the unread count: live through notifications.live (the list
// too), and still polled every 30 s and refetched on focus in case the stream drops. The server
// renders the link without a count (it has none to give): the query and the stream start once the
// page is hydrated, so every page's server render skips them.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import Link from "next/link";
import { useTRPC } from "../trpc/client";
import { refreshQueries } from "../trpc/refresh";
import styles from "../site-header.module.css";
import { useHydrated } from "./use-hydrated";

export function NotificationBell() {
  return useHydrated() ? <LiveBell /> : <BellLink unread={0} />;
}

function LiveBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const unread = useQuery({ ...trpc.notifications.unread.queryOptions(), refetchInterval: 30_000, refetchOnWindowFocus: true });
  // A count still loading may have been read before the hint (trpc/refresh.ts): fetched again.
  const refresh = () => void refreshQueries(queryClient, [trpc.notifications.unread.queryKey(), trpc.notifications.list.queryKey()]);
  // One stream per tab (the bell is on every page); (re)connecting refetches what was missed.
  useSubscription(trpc.notifications.live.subscriptionOptions(undefined, { onStarted: refresh, onData: refresh }));
  return <BellLink unread={unread.data ?? 0} />;
}

function BellLink({ unread: n }: { unread: number }) {
  return (
    <Link href="/notifications" className={styles.bell} data-testid="notification-bell" aria-label={n > 0 ? `Notifications, ${n} unread` : "Notifications"}>
      <svg className={styles.bellIcon} aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <span className={styles.bellText}>Notifications</span>
      {n > 0 ? (
        <span className="badge" data-testid="notification-count" aria-hidden="true">
          {n > 99 ? "99+" : n}
        </span>
      ) : null}
    </Link>
  );
}
