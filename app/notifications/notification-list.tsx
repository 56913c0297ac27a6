"use client";
// The signed-in user's notifications, newest first; opening one marks it read.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { errorText } from "../components/format";
import { LocalTime } from "../components/local-time";
import { useTRPC } from "../trpc/client";
import { refreshQueries } from "../trpc/refresh";
import styles from "./notifications.module.css";

export function NotificationList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery({ ...trpc.notifications.list.queryOptions(), refetchInterval: 30_000 });
  const refresh = () => void refreshQueries(queryClient, [trpc.notifications.list.queryKey(), trpc.notifications.unread.queryKey()]);
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSettled: refresh }));
  // Newest first by time: ids are public ids and say nothing of order (issue 20).
  const items = [...(list.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const unread = items.filter((n) => !n.read).length;

  return (
    <section className="card" aria-labelledby="notifications-heading">
      <div className="card-head">
        <h1 id="notifications-heading">Notifications</h1>
        <button
          type="button"
          className="button button-quiet"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ ids: "all" })}
          data-testid="mark-all-read"
        >
          Mark all read
        </button>
      </div>
      {list.isPending ? <p className="muted">Loading…</p> : null}
      {list.error || markRead.error ? (
        <p className="alert" role="alert">
          {errorText(list.error ?? markRead.error)}
        </p>
      ) : null}
      {list.data && items.length === 0 ? <p className="muted">Nothing yet. You will hear here when a game starts or a turn resolves.</p> : null}
      <ul className={styles.notificationList} data-testid="notifications">
        {items.map((n) => (
          <li key={n.id} className={n.read ? styles.notification : `${styles.notification} ${styles.unread}`}>
            {n.read ? null : <span className="sr-only">Unread: </span>}
            {n.url ? (
              <Link href={n.url} onClick={() => (n.read ? undefined : markRead.mutate({ ids: [n.id] }))}>
                {n.text}
              </Link>
            ) : (
              <span>{n.text}</span>
            )}
            <span className="muted small">
              {" "}
              · <LocalTime iso={n.createdAt} />
            </span>
          </li>
        ))}
      </ul>
      <p className="muted small">
        Email, push and quiet hours: <Link href="/settings">settings</Link>.
      </p>
    </section>
  );
}
