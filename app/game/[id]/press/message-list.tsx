"use client";
// One channel's messages, newest last, as plain text (React escapes it; links stay text). Shown
// messages are marked read (only while the panel is in view); older pages load on demand. Mute and report live here.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorText } from "../../../components/format";
import { useTRPC } from "../../../trpc/client";
import { channelName, messageTag, type ChannelLike } from "./press-format";
import styles from "./press.module.css";

export function MessageList(props: { gameId: number; channel: ChannelLike & { muted: boolean; unread: number }; canReport: boolean; onRead: () => void; shown?: boolean }) {
  const { gameId, channel } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [before, setBefore] = useState<number | undefined>(undefined);
  const page = useQuery(trpc.press.messages.queryOptions({ gameId, channelId: channel.id, ...(before ? { before } : {}) }));
  const latest = useQuery(trpc.press.messages.queryOptions({ gameId, channelId: channel.id }));
  const markRead = useMutation(trpc.press.markRead.mutationOptions({ onSuccess: props.onRead }));
  const mute = useMutation(trpc.press.mute.mutationOptions({ onSuccess: props.onRead }));
  const lastId = latest.data?.messages.at(-1)?.id ?? 0;
  const lastRead = latest.data?.lastReadId ?? 0;
  const inView = props.shown !== false;
  useEffect(() => {
    // Ids are public ids, unordered (issue 20): the server knows which is later; unequal means unread.
    if (inView && lastId !== lastRead && lastId !== 0 && !markRead.isPending) markRead.mutate({ gameId, channelId: channel.id, upTo: lastId });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastId, lastRead, channel.id, inView]);
  useEffect(() => setBefore(undefined), [channel.id]);
  const shown = before ? page.data : latest.data;

  return (
    <div>
      <div className={styles.channelHead}>
        <h3 className={styles.channelTitle}>{channel.kind === "public" ? "Public press" : `Private: ${channelName(channel)}`}</h3>
        <button
          type="button"
          className="button button-quiet button-small"
          onClick={() => mute.mutate({ gameId, channelId: channel.id, muted: !channel.muted })}
          data-testid="press-mute"
        >
          {channel.muted ? "Unmute" : "Mute"}
        </button>
      </div>
      {shown?.more ? (
        <button type="button" className="button button-quiet button-small" onClick={() => setBefore(shown.messages[0]?.id)}>
          Older messages
        </button>
      ) : null}
      {before ? (
        <button type="button" className="button button-quiet button-small" onClick={() => setBefore(undefined)}>
          Back to the newest
        </button>
      ) : null}
      <ol className={styles.messages} aria-live="polite" data-testid="press-messages">
        {shown?.messages.length === 0 ? <li className="muted small">No messages yet.</li> : null}
        {shown?.messages.map((m) => (
          <li key={m.id} className={m.mine ? `${styles.message} ${styles.mine}` : styles.message} data-testid="press-message">
            <div className={styles.meta}>
              <strong>{m.sender}</strong> <span className="muted small">· {messageTag(m)} · {new Date(m.sentAt).toLocaleString()}</span>
              {props.canReport && !m.mine ? <Report gameId={gameId} messageId={m.id} /> : null}
            </div>
            <p className={styles.text}>{m.text}</p>
          </li>
        ))}
      </ol>
      {page.error ?? latest.error ?? mute.error ? <p className="alert">{errorText(page.error ?? latest.error ?? mute.error)}</p> : null}
    </div>
  );
}

function Report({ gameId, messageId }: { gameId: number; messageId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const report = useMutation(trpc.press.report.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.press.reports.queryKey() }) }));
  if (report.isSuccess) return <span className="muted small"> · reported</span>;
  return (
    <>
      {" · "}
      <button
        type="button"
        className={styles.link}
        onClick={() => {
          const reason = window.prompt("Why report this message to the game's creator?");
          if (reason?.trim()) report.mutate({ gameId, messageId, reason });
        }}
      >
        Report
      </button>
      {report.error ? <span className="alert-text"> {errorText(report.error)}</span> : null}
    </>
  );
}
