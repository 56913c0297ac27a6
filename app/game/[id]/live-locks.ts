// A lock or an unlock of orders tells every open page of the game who has locked (public: the view
// shows it to every player and spectator), so the page updates its view in place instead of
// refetching the whole game: five locks a turn made five refetches on every open page. The last lock
// also says the phase now resolves (`status`), which is all that changes in the view until the turn's
// own event carries the new turn: so no stream builds a view for it (issue 20).
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import type { GameView } from "./game-types";

export interface LocksEvent {
  kind: string;
  phaseId?: number;
  locked?: Nation[];
  /** The last lock: the phase closed to orders and resolves. */
  status?: "resolving";
}

/**
 * The view with the event's locks, or null when the event cannot be applied in place (another phase,
 * a phase no longer open for orders, an event without the list): then the page refetches.
 */
export function withLocks(view: GameView | undefined, ev: LocksEvent): GameView | null {
  if (ev.kind !== "locks-changed" || !ev.locked || !view?.phase) return null;
  if (view.phase.id !== ev.phaseId || view.phase.status !== "open") return null;
  return { ...view, phase: { ...view.phase, locked: ev.locked, ...(ev.status === "resolving" ? { status: "resolving" as const } : {}) } };
}
