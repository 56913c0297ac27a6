"use client";
// The press panel (issue 14): the channels this player reads with unread badges, one channel's
// messages, the composer, opening a private channel, mute and report. Self-contained: it fetches its
// own data (nothing of press is in the page's server payload) and stays live through
// notifications.live, whose press hints reach only the members of the channel written to.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useEffect, useState } from "react";
import { errorText } from "../../../components/format";
import { useTRPC } from "../../../trpc/client";
import { refreshQueries } from "../../../trpc/refresh";
import { ChannelList } from "./channel-list";
import { MessageList } from "./message-list";
import { Composer } from "./composer";
import { OpenChannel } from "./open-channel";
import { PressReports } from "./press-reports";
import { channelName } from "./press-format";
import styles from "./press.module.css";

/** `shown`: the panel is in view (its tab is open); a hidden panel marks nothing read, so the tab counts it. */
export function PressPanel({ gameId, shown: inView = true }: { gameId: number; shown?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const channels = useQuery({ ...trpc.press.channels.queryOptions({ gameId }), refetchInterval: 60_000 });
  const [selected, setSelected] = useState<number | null>(null);
  const [opening, setOpening] = useState(false);

  // After a send, a hint or a read mark: a load under way may have read before it (a channel's first
  // page, still loading when its first message is sent), so it is cancelled and fetched again.
  const refresh = () => void refreshQueries(queryClient, [trpc.press.channels.queryKey({ gameId }), trpc.press.messages.queryKey()]);
  useSubscription(
    trpc.notifications.live.subscriptionOptions(undefined, {
      onStarted: refresh,
      onData: (message) => {
        const ev = ("data" in message ? message.data : message) as { kind: string; gameId?: number };
        if (ev.kind === "press" && ev.gameId === gameId) refresh();
      },
    }),
  );

  // A link from a notification (`?press=<channel>`) opens that channel and brings the panel into view.
  const [wanted, setWanted] = useState(0);
  useEffect(() => {
    const id = Number(new URLSearchParams(window.location.search).get("press"));
    if (id > 0) {
      setSelected(id);
      setWanted(id);
    }
  }, []);
  const data = channels.data;
  const shown = Boolean(data?.channels.length);
  useEffect(() => {
    if (wanted && shown) document.getElementById("press")?.scrollIntoView({ block: "start" });
  }, [wanted, shown]);

  if (!data) return channels.error ? <p className="alert">{errorText(channels.error)}</p> : null;
  if (data.mode === "none") return null;
  if (data.channels.length === 0) return null; // a spectator of a running game: no press to show
  const current = data.channels.find((c) => c.id === selected) ?? data.channels[0]!;
  const unread = data.channels.reduce((n, c) => n + c.unread, 0);
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="press-heading" data-testid="press-panel" id="press">
      <div className={styles.head}>
        <h2 id="press-heading">
          Press{" "}
          {unread > 0 ? (
            <span className="badge" data-testid="press-unread-total" aria-label={`${unread} unread`}>
              {unread}
            </span>
          ) : null}
        </h2>
        <span className="muted small">
          {data.mode === "public" ? "Public press only." : null}
          {data.finished ? " The game is over: every channel is open to its players." : null}
        </span>
        {data.mode === "full" && data.writers.length > 0 ? (
          <button type="button" className="button button-small button-secondary" onClick={() => setOpening((o) => !o)} data-testid="press-open-channel">
            New channel
          </button>
        ) : null}
      </div>
      {opening ? (
        <OpenChannel
          gameId={gameId}
          writers={data.writers}
          sides={data.sides}
          onOpened={(id) => {
            setOpening(false);
            setSelected(id);
            refresh();
          }}
          onCancel={() => setOpening(false)}
        />
      ) : null}
      <div className={styles.body}>
        <ChannelList channels={data.channels} selected={current.id} onSelect={setSelected} />
        <div className={styles.channel} data-testid="press-channel" data-channel={channelName(current)}>
          <MessageList gameId={gameId} channel={current} canReport={data.player} onRead={refresh} shown={inView} />
          {current.writers.length > 0 ? <Composer key={current.id} gameId={gameId} channel={current} onSent={refresh} /> : null}
        </div>
      </div>
      {data.moderator ? <PressReports gameId={gameId} /> : null}
    </section>
  );
}
