// The game's live events (game.events): the new view an event that moves the phase on carries (put in
// the cache as game.get's answer, no refetch), hints that refetch the game, the turn that just resolved
// (for the banner) and whether the stream is reconnecting.
import { useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "../../trpc/client";
import type { GameView } from "./game-types";
import { withLocks, type LocksEvent } from "./live-locks";
import { useReconnecting } from "./use-reconnecting";

export function useGameEvents(gameId: number, turn: number | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [resolvedTurn, setResolvedTurn] = useState<number | null>(null);

  // The game's view first, in a request of its own, then the rest: calls made together share one
  // batched request, answered when its slowest call is (the history of a long game), and the new
  // turn must not wait for it. `history`: the history (for the last turn's battles) changes only when
  // a turn resolves.
  const refetchRest = (history: boolean) => {
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.unread.queryKey() });
    if (history) void queryClient.invalidateQueries({ queryKey: trpc.play.history.queryKey({ gameId }) });
  };
  const refetch = (history = false) => {
    void queryClient.invalidateQueries({ queryKey: trpc.game.get.queryKey({ gameId }) }).finally(() => refetchRest(history));
  };
  // The view the event carries is game.get's answer now: a refetch under way (older) is cancelled
  // first, so it cannot overwrite it.
  const receive = (view: GameView, history: boolean) => {
    const key = trpc.game.get.queryKey({ gameId });
    void queryClient
      .cancelQueries({ queryKey: key })
      .then(() => queryClient.setQueryData(key, view))
      .finally(() => refetchRest(history));
  };

  const events = useSubscription(
    trpc.game.events.subscriptionOptions(
      { gameId },
      {
        onStarted: () => {
          // (re)connected: anything missed meanwhile is fetched
          refetch(true);
        },
        onData: (message) => {
          const ev = ("data" in message ? message.data : message) as LocksEvent & { turn?: number; view?: GameView };
          // Locks are applied in place (live-locks.ts), unless a refetch under way could answer older.
          const key = trpc.game.get.queryKey({ gameId });
          const patched = queryClient.isFetching({ queryKey: key }) ? null : withLocks(queryClient.getQueryData(key), ev);
          if (patched) return void queryClient.setQueryData(key, patched);
          const resolved = ev.kind === "turn-resolved" && Boolean(ev.turn);
          if (resolved) setResolvedTurn(ev.turn!);
          // Only a view object is taken; anything else (null: the view was not held) is a refetch.
          if (ev.view && typeof ev.view === "object") receive(ev.view, resolved);
          else refetch(resolved);
        },
      },
    ),
  );

  const reconnecting = useReconnecting(events.status);

  // A turn that resolved while the stream was down still shows the banner once the refetch sees it.
  const firstTurn = useRef(turn);
  useEffect(() => {
    if (turn !== null && firstTurn.current !== null && turn > firstTurn.current) setResolvedTurn((t) => Math.max(t ?? 0, turn - 1));
  }, [turn]);

  return { refetch, resolvedTurn, setResolvedTurn, reconnecting };
}
