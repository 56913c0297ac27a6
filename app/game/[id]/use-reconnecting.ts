// "Live updates reconnecting…": whether a game's event stream (game.events) dropped and is coming
// back. Only after the stream was up once: the first connect is not news.
import { useRef } from "react";

export function useReconnecting(status: string): boolean {
  const connectedOnce = useRef(false);
  if (status === "pending") connectedOnce.current = true;
  return connectedOnce.current && (status === "connecting" || status === "error");
}
