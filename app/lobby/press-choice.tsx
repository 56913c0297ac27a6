"use client";
// Press in the lobby (issue 14): the challenge's press mode and anonymity, the mode's badge on a game,
// and the unread press of each of your games (live through notifications.live).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useTRPC } from "../trpc/client";
import { refreshQueries } from "../trpc/refresh";
import styles from "./lobby.module.css";

import type { PressMode } from "../games/platform-options-text";

export type { PressMode };

/** The modes as players read them; `sides` is what the game calls its players' sides ("nations" in 1942). */
const modes = (sides: string): [PressMode, string][] => [
  ["full", `Full press: a public channel, and private channels of any ${sides}`],
  ["public", "Public press only: one channel everyone reads"],
  ["none", "No press: the orders speak"],
];

export function PressChoice(props: { press: PressMode; anonymous: boolean; sides?: string; onChange: (v: { press: PressMode; anonymous: boolean }) => void }) {
  const sides = props.sides ?? "nations";
  return (
    <fieldset className={styles.options} data-testid="press-choice">
      <legend>Press</legend>
      {modes(sides).map(([mode, label]) => (
        <label key={mode} className="radio">
          <input type="radio" name="press" checked={props.press === mode} onChange={() => props.onChange({ press: mode, anonymous: props.anonymous })} data-testid={`press-${mode}`} /> {label}
        </label>
      ))}
      <label className="checkbox">
        <input type="checkbox" checked={props.anonymous} onChange={(e) => props.onChange({ press: props.press, anonymous: e.target.checked })} data-testid="anonymous" />{" "}
        Anonymous: players see each other as {sides} only until the game ends
      </label>
    </fieldset>
  );
}

/** Keeps the unread press of your games live: mounted once per page (one stream, not one per game). */
export function PressUnreadLive() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useSubscription(
    trpc.notifications.live.subscriptionOptions(undefined, {
      onData: (message) => {
        const ev = ("data" in message ? message.data : message) as { kind: string };
        if (ev.kind === "press") void refreshQueries(queryClient, [trpc.press.unread.queryKey()]);
      },
    }),
  );
  return null;
}

/** The unread press of one of your games, as a badge. */
export function PressUnread({ gameId }: { gameId: number }) {
  const trpc = useTRPC();
  const unread = useQuery({ ...trpc.press.unread.queryOptions(), refetchInterval: 60_000 });
  const n = unread.data?.[gameId] ?? 0;
  if (n === 0) return null;
  return (
    <span className="badge" data-testid={`press-unread-${gameId}`} title={`${n} unread press message${n === 1 ? "" : "s"}`}>
      {n} press
    </span>
  );
}
