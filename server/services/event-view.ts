// The new view carried by a game's live event (issue 20): when a turn resolves or a battle or
// post-combat moves the phase on, each open page gets its viewer's new view on its stream instead of
// refetching game.get (200 streams made 200 full reads and 200 Next requests). The bus hands the same
// event object to every stream of the game in this process, so what is the same for every viewer is
// read once per event per process (readView), and each stream cuts its own viewer's view from it
// (viewFor: that viewer's own orders, choices and preference only — exactly what game.get gives).
// Over HTTP the view then goes out as bytes, its board's JSON made once per event and process
// (api/view-frames.ts).
import type { Db } from "../../db/client";
import { logger } from "../log";
import type { GameEvent } from "../runtime-events";
import { readView, viewFor, type GameView, type ViewRead } from "./view";

/** The shared read of each event, keyed by the event object itself: gone with the event. */
const reads = new WeakMap<GameEvent, Promise<ViewRead | undefined>>();
/** Games of other rulesets (no game.get view): their events travel plain, without a read. */
const otherRulesets = new Set<number>();

/** Whether an event carries the view: a lock with its list is applied in place (app/game/[id]/live-locks.ts),
 * the last lock of orders too (its list is every nation, with the phase's new status), and a lock of
 * post-combat with who still chooses. */
export function carriesView(event: GameEvent): boolean {
  return !(event.kind === "locks-changed" && (event.locked || event.waitingFor));
}

/** The read every stream of this game in this process shares for `event`. */
function sharedRead(db: Db, event: GameEvent): Promise<ViewRead | undefined> {
  let read = reads.get(event);
  if (!read) {
    read = readView(db, event.gameId, (seatRows) => seatRows.filter((s) => s.userId !== null).map((s) => s.nation)).then((r) => {
      if (!("otherRuleset" in r)) return r;
      otherRulesets.add(event.gameId);
      return undefined;
    });
    reads.set(event, read);
  }
  return read;
}

/**
 * The event with `userId`'s new view of game `gameId`, or the plain event when it carries none or the
 * view cannot be built (the page then refetches as before: the turn is never dropped).
 */
export async function withView(db: Db, userId: string, gameId: number, event: GameEvent): Promise<GameEvent & { view?: GameView }> {
  if (event.gameId !== gameId || !carriesView(event) || otherRulesets.has(gameId)) return event;
  try {
    const read = await sharedRead(db, event);
    return read ? { ...event, view: await viewFor(db, userId, read) } : event;
  } catch (error) {
    logger.warn({ err: error, gameId, kind: event.kind }, "could not build the view for a live event; the page refetches");
    return event;
  }
}
