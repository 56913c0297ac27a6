"use client";
// The channels this player reads, with unread badges; public first.
import { channelName, type ChannelLike } from "./press-format";
import styles from "./press.module.css";

export function ChannelList(props: { channels: (ChannelLike & { unread: number; muted: boolean })[]; selected: number; onSelect: (id: number) => void }) {
  return (
    <ul className={styles.channels} aria-label="Channels" data-testid="press-channels">
      {props.channels.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className={c.id === props.selected ? `${styles.channelButton} ${styles.current}` : styles.channelButton}
            aria-current={c.id === props.selected ? "true" : undefined}
            onClick={() => props.onSelect(c.id)}
            data-testid="press-channel-button"
            data-channel={channelName(c)}
          >
            <span>{channelName(c)}</span>
            {c.muted ? <span className="muted small"> (muted)</span> : null}
            {c.unread > 0 ? (
              <span className="badge" data-testid="press-unread" aria-label={`${c.unread} unread`}>
                {c.unread}
              </span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
