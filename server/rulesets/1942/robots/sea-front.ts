// Idle warships sail towards the coasts of the enemy capitals, a safe step at a time: an island capital
// falls only to troops landed from transports (R4.7), and transports (defence 0) go only where warships
// keep the zone safe (sea.ts safeAtSea counts every friendly warship there, allies' too, and the ships
// ordered there). Planned before the ferries, so transports follow their fleet. Without this, fleets
// stay where their last battle was and the troops wait on the shore for ever.
import type { UnitType } from "../engine";
import type { Fighter } from "./odds";
import { escortAt, finalZone, safeAtSea, seaPaths } from "./sea";
import { WARSHIP_TYPES } from "./situation";
import type { RobotTurn } from "./turn";

export function planSeaFront(turn: RobotTurn): void {
  const { sit, plan, reach } = turn;
  const goals = sit.enemyCapitals.filter((c) => sit.isHostileLand(c)).flatMap((c) => sit.board.neighbours(c).filter((z) => sit.board.isSea(z)));
  if (goals.length === 0) return;
  const gap = (z: string) => Math.min(...goals.map((g) => sit.dist.steps("sea", z, g)));
  for (const from of sit.myTerritories) {
    if (!sit.board.isSea(from)) continue;
    const ships: Fighter[] = [];
    for (const type of WARSHIP_TYPES) for (let i = 0; i < plan.free(from, type); i++) ships.push({ id: -4000 - ships.length, nation: sit.nation, type });
    const here = gap(from);
    if (ships.length === 0 || here === 0 || here === Infinity) continue;
    let best: { final: string; gap: number; steps: number } | undefined;
    for (const path of seaPaths(sit, from)) {
      if (path.length === 0) continue;
      const final = finalZone(from, path);
      const g = gap(final);
      if (g >= here || !safeAtSea(turn, final, [...escortAt(turn, final), ...ships], 0)) continue;
      if (!best || g < best.gap || (g === best.gap && (path.length < best.steps || (path.length === best.steps && final < best.final)))) best = { final, gap: g, steps: path.length };
    }
    if (!best) continue;
    for (const type of WARSHIP_TYPES as UnitType[]) {
      const n = plan.free(from, type);
      const path = n > 0 ? reach.path(from, type, best.final) : undefined;
      if (path) plan.move({ units: { [type]: n }, from, path: [...path] });
    }
  }
}
