// The board a 1942 stage shows, in the map's terms (pure): units grouped into the stacks the map draws
// (as services/view.ts groups them for the classic screen), and where the map first opens.
import type { GameState } from "../../../../server/rulesets/1942/engine";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import type { UnitStack } from "../../../game/[id]/game-types";

/** Units grouped per nation, type, place and whether aboard, as the map draws them. */
export function stacksOf(units: GameState["units"]): UnitStack[] {
  const map = new Map<string, UnitStack>();
  for (const u of units) {
    const key = `${u.nation}|${u.type}|${u.at}|${u.aboard !== undefined}`;
    const g = map.get(key);
    if (g) g.count += 1;
    else map.set(key, { nation: u.nation, type: u.type, at: u.at, count: 1, ...(u.aboard !== undefined ? { aboard: true as const } : {}) });
  }
  return [...map.values()];
}

/** The viewer's nations: its side, when it is one of 1942's nations. */
export function nationsOf(side: string | null): Nation[] {
  return side ? [side as Nation] : [];
}

/** The map's kept view, shared with the classic screen's (the same board). */
export const mapViewKey = (gameId: number) => `lockstep:map-view:${gameId}`;
