"use client";
// The unread count on the game screen's Press tab, so a message shows while another tab is open (as
// the header's bell counts it). It reads the press panel's own query of the channels (one request for
// both), which the panel refreshes live.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../trpc/client";

export function PressTabCount({ gameId }: { gameId: number }) {
  const trpc = useTRPC();
  const channels = useQuery({ ...trpc.press.channels.queryOptions({ gameId }), refetchInterval: 60_000 });
  const unread = (channels.data?.channels ?? []).reduce((n, c) => n + c.unread, 0);
  if (unread === 0) return null;
  return (
    <>
      {" "}
      <span className="badge" data-testid="tab-press-unread" aria-label={`${unread} unread`}>
        {unread}
      </span>
    </>
  );
}
