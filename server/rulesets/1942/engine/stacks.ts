// Units grouped into the stacks a player sees: per nation, type, place and whether aboard (R1: the
// board is open to all). The classic game's view (services/view.ts) and the phased game's screens
// (app/games/1942) draw the same map from it, in the units' own order.
import type { UnitReport } from "./report";
import type { Nation, UnitType } from "./types";

export function groupUnits(units: readonly { nation: Nation; type: UnitType; at: string; aboard?: number }[]): UnitReport[] {
  const stacks = new Map<string, UnitReport>();
  for (const u of units) {
    const key = `${u.nation}|${u.type}|${u.at}|${u.aboard !== undefined}`;
    const stack = stacks.get(key);
    if (stack) stack.count += 1;
    else stacks.set(key, { nation: u.nation, type: u.type, at: u.at, count: 1, ...(u.aboard !== undefined ? { aboard: true as const } : {}) });
  }
  return [...stacks.values()];
}
