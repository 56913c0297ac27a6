"use client";
// The game's clock (R3.1): paused by its creator, deadlines keep their remaining time. Shown in a
// classic game's Nations tab (game.pause) and in the Sides tab of a game played a phase at a time
// (play.pause): the same bar, the procedures of the page's kind of game.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorText, timeLeft } from "../../components/format";
import { useTRPC } from "../../trpc/client";

export interface PauseBarProps {
  gameId: number;
  pausedAt: string | null;
  /** The viewer created the game: the buttons show. */
  mayPause: boolean;
  /** The deadline the clock runs towards (the open phase's), for the time left on it while paused. */
  due: string | null | undefined;
  /** Which procedures the page plays by: game.* (a classic 1942 game) or play.*. */
  via: "game" | "play";
}

export function PauseBar({ gameId, pausedAt, mayPause, due, via }: PauseBarProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const procedures = via === "play" ? trpc.play : trpc.game;
  // Every view of the game refetches (the phased page keys its view by the side it plays).
  const done = { onSuccess: () => void queryClient.invalidateQueries({ queryKey: procedures.get.queryKey({ gameId }) }) };
  const pause = useMutation(procedures.pause.mutationOptions(done));
  const resume = useMutation(procedures.resume.mutationOptions(done));
  const left = pausedAt && due ? new Date(due).getTime() - new Date(pausedAt).getTime() : null;
  return (
    <div className={pausedAt ? "banner" : "pause-bar small"} data-testid="pause-bar">
      <span role="status">
        {pausedAt
          ? `The game is paused: the clock stands still${left !== null ? ` with ${timeLeft(left)} on it` : ""}. Orders can still be saved and locked.`
          : "You created this game: you can stop its clock."}
      </span>
      {mayPause ? (
        pausedAt ? (
          <button type="button" className="button button-small" disabled={resume.isPending} onClick={() => resume.mutate({ gameId })} data-testid="resume">
            Resume
          </button>
        ) : (
          <button type="button" className="button button-quiet button-small" disabled={pause.isPending} onClick={() => pause.mutate({ gameId })} data-testid="pause">
            Pause the game
          </button>
        )
      ) : null}
      {pause.error ?? resume.error ? <span className="alert-text"> {errorText((pause.error ?? resume.error)!)}</span> : null}
    </div>
  );
}
