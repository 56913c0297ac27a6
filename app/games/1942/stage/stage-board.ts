// The board a 1942 stage shows, in the map's terms (pure): whose nations the viewer plays, and where the
// map first opens. Its stacks are the engine's groupUnits, as the classic view's.
import type { Nation } from "../../../../server/rulesets/1942/engine/types";

/** The viewer's nations: its side, when it is one of 1942's nations. */
export function nationsOf(side: string | null): Nation[] {
  return side ? [side as Nation] : [];
}

/** The map's kept view, shared with the classic screen's (the same board). */
export const mapViewKey = (gameId: number) => `lockstep:map-view:${gameId}`;
