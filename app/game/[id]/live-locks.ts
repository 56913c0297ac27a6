// A lock or an unlock of orders tells every open page of the game who has locked (public: the view
// shows it to every player and spectator), so the page updates its view in place instead of
// refetching the whole game: five locks a turn made five refetches on every open page. The last lock
// also says the phase now resolves (`status`), which is all that changes in the view until the turn's
// own event carries the new turn: so no stream builds a view for it (issue 20). A lock or an unlock of
// post-combat moves (R7.3) says who is still choosing (`waitingFor`), and its last lock that the stage
// closed, the same way (drizzle/0023); the board keeps the combat's outcome meanwhile (view.ts boardOf).
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import type { GameView } from "./game-types";

export interface LocksEvent {
  kind: string;
  phaseId?: number;
  locked?: Nation[];
  /** Post-combat: the nations still choosing their landings and AA moves. */
  waitingFor?: Nation[];
  /** The last lock: the phase closed to orders (or post-combat moves) and resolves. */
  status?: "resolving";
}

/**
 * The view with the event's locks, or null when the event cannot be applied in place (another phase,
 * a phase no longer open for orders or post-combat moves, an event without the list): then the page
 * refetches.
 */
export function withLocks(view: GameView | undefined, ev: LocksEvent): GameView | null {
  if (ev.kind !== "locks-changed" || !view?.phase || view.phase.id !== ev.phaseId) return null;
  if (ev.waitingFor) return withPostCombatLocks(view, ev.waitingFor, ev.status);
  if (!ev.locked || view.phase.status !== "open") return null;
  return { ...view, phase: { ...view.phase, locked: ev.locked, ...(ev.status === "resolving" ? { status: "resolving" as const } : {}) } };
}

/** Post-combat's locks in place: who still chooses, the viewer's own rows locked or not, or the stage closed. */
function withPostCombatLocks(view: GameView, waitingFor: Nation[], status: LocksEvent["status"]): GameView | null {
  const { phase, postCombat } = view;
  if (phase?.status !== "post-combat" || !postCombat) return null;
  // The stage closed: the view shows no stage and no decision deadline until the turn's own event.
  if (status === "resolving") return { ...view, phase: { ...phase, status: "resolving", decisionDeadline: null }, postCombat: null };
  const mine: typeof postCombat.mine = {};
  for (const [nation, own] of Object.entries(postCombat.mine) as [Nation, NonNullable<(typeof postCombat.mine)[Nation]>][]) mine[nation] = { ...own, locked: !waitingFor.includes(nation) };
  return { ...view, postCombat: { ...postCombat, waitingFor, mine } };
}
