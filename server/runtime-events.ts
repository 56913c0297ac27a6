// The shape and channel of game events (kept apart from runtime.ts so services need not load it).
import type { SeatSide } from "../db/schema";

export interface GameEvent {
  gameId: number;
  kind: "game-created" | "turn-resolved" | "locks-changed" | "game-started" | "player-joined" | "battle-waiting" | "battle-decided" | "post-combat" | "robot-takeover" | "paused" | "resumed" | "deadline-moved";
  turn?: number;
  /** turn-resolved of one phase of a turn of several (Ruleset.phaseOf): the phase's name, so a page
   * says "Turn 2, Orders resolved" rather than that the whole turn did. Absent when the turn ended. */
  phase?: string;
  /** locks-changed of orders (R3.1): the phase and who has locked it, public as the view shows it to
   * every viewer; the page applies it without a refetch (app/game/[id]/live-locks.ts). */
  phaseId?: number;
  locked?: SeatSide[];
  /** locks-changed of the last lock of orders: the phase closed and resolves (every nation in `locked`);
   * the page applies it in place too, and no stream builds a view for it (event-view.ts). */
  status?: "resolving";
  /** locks-changed of post-combat (R7.3): who is still choosing, public as every view shows it
   * (postCombat.waitingFor); with `status` on the last lock, which closes the stage. Never anyone's
   * landings or AA moves. Applied in place too (drizzle/0023). */
  waitingFor?: SeatSide[];
  /** The stored event's id (set when it travels; streams resume from it). */
  id?: number;
  /** A sandbox's event (issue 24): for its own stream only, never the lobby. */
  private?: true;
}

export const EVENTS_CHANNEL = "lockstep_events";

/**
 * The game events that change what the lobby lists (a challenge made, a seat taken, a game started, a
 * turn of a watched game resolved): they also go to every open lobby, as public facts only.
 */
export const LOBBY_KINDS: readonly GameEvent["kind"][] = ["game-created", "player-joined", "game-started", "turn-resolved"];

/** A user's notifications changed: open tabs refetch the list and the unread count. */
export interface UserEvent {
  userId: string;
  /** notification: the list changed; press: a channel of this game the user reads has a new message. */
  kind: "notification" | "press";
  gameId?: number;
  id?: number;
}

export const USER_EVENTS_CHANNEL = "lockstep_user_events";
