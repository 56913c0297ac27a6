"use client";
// Write to a channel as one of the nations this player plays in it. Enter sends, Shift+Enter breaks the line.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { errorText } from "../../../components/format";
import { useTRPC } from "../../../trpc/client";
import { channelName, type ChannelLike } from "./press-format";
import styles from "./press.module.css";

const MAX = 2000;

export function Composer(props: { gameId: number; channel: ChannelLike & { writers: Nation[] }; onSent: () => void }) {
  const { gameId, channel } = props;
  const trpc = useTRPC();
  const [text, setText] = useState("");
  const [nation, setNation] = useState<Nation>(channel.writers[0]!);
  const send = useMutation(
    trpc.press.send.mutationOptions({
      onSuccess: () => {
        setText("");
        props.onSent();
      },
    }),
  );
  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (text.trim() && !send.isPending) send.mutate({ gameId, nation, channelId: channel.id, text });
  }
  return (
    <form className={styles.composer} onSubmit={submit} data-testid="press-composer">
      <label className="sr-only" htmlFor={`press-text-${channel.id}`}>
        Message to {channelName(channel)}
      </label>
      <textarea
        id={`press-text-${channel.id}`}
        value={text}
        maxLength={MAX}
        rows={2}
        placeholder={`Message to ${channelName(channel)}`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey) {
            e.preventDefault();
            submit();
          }
        }}
        data-testid="press-text"
      />
      <div className={styles.composerRow}>
        {channel.writers.length > 1 ? (
          <label className="small">
            As{" "}
            <select value={nation} onChange={(e) => setNation(e.target.value as Nation)}>
              {channel.writers.map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </label>
        ) : (
          <span className="muted small">As {nation}</span>
        )}
        <span className="muted small">
          {text.length}/{MAX}
        </span>
        <button type="submit" className="button button-small" disabled={send.isPending || !text.trim()} data-testid="press-send">
          Send
        </button>
      </div>
      {send.error ? (
        <p className="alert" role="alert">
          {errorText(send.error)}
        </p>
      ) : null}
    </form>
  );
}
