"use client";
// A seat's Leave / Take back buttons in a game of any ruleset (play.leave, play.reclaim): the player of
// a side may leave it to a robot while the game is in play; a side a robot took over after missed
// deadlines is still its player's, who may take it back. The same rules as 1942's nations panel (R3.2).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";

export interface SeatActionsProps {
  gameId: number;
  side: string;
  mine: boolean;
  robot: boolean;
  active: boolean;
}

export function SeatActions({ gameId, side, mine, robot, active }: SeatActionsProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: trpc.play.get.queryKey() });
  const leave = useMutation(trpc.play.leave.mutationOptions({ onSuccess }));
  const reclaim = useMutation(trpc.play.reclaim.mutationOptions({ onSuccess }));
  if (!mine || !active) return null;
  const error = leave.error ?? reclaim.error;
  return (
    <>
      {" "}
      {robot ? (
        <button type="button" className="button button-small" disabled={reclaim.isPending} data-testid={`take-back-${side}`} onClick={() => reclaim.mutate({ gameId, side })}>
          Take back
        </button>
      ) : (
        <button
          type="button"
          className="button button-quiet button-small"
          disabled={leave.isPending}
          data-testid={`leave-${side}`}
          onClick={() => {
            if (window.confirm(`Leave the game? A robot will play ${side} from now on.`)) leave.mutate({ gameId, side });
          }}
        >
          Leave
        </button>
      )}
      {error ? <span className="alert-text"> {errorText(error)}</span> : null}
    </>
  );
}
