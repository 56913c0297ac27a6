// Applying hits (TA1.5, TA9.1): bases follow hits, the footprint shrinks from the rear keeping its
// front edge, and the hitting team's tally grows (TA9.3).
import { add, dir, scale } from "./geometry";
import { T } from "./tables";
import { footprintSize } from "./units";
import type { State, Unit } from "./types";

/** Adds hits (capped at elimination); returns the hits actually taken. */
export function takeHits(s: State, u: Unit, n: number, byTeam: string | null): number {
  const taken = Math.max(0, Math.min(n, T.hitsToEliminate - u.hits));
  setHits(u, u.hits + taken);
  if (byTeam !== null) s.inflicted[byTeam] = (s.inflicted[byTeam] ?? 0) + taken;
  return taken;
}

/** Sets hits and keeps the front edge where it was as depth changes. */
export function setHits(u: Unit, hits: number): void {
  const before = footprintSize(u).depth;
  u.hits = hits;
  const after = footprintSize(u).depth;
  if (after !== before && hits < T.hitsToEliminate) u.pos = add(u.pos, scale(dir(u.facing), (before - after) / 2));
}

/** Removes eliminated units and any hand-to-hand they were in (TA9.1). */
export function removeEliminated(s: State): Unit[] {
  const gone = s.units.filter((u) => u.hits >= T.hitsToEliminate);
  if (gone.length === 0) return gone;
  const ids = new Set(gone.map((u) => u.id));
  s.units = s.units.filter((u) => !ids.has(u.id));
  s.melees = s.melees.filter((m) => !ids.has(m.attacker) && !ids.has(m.defender));
  return gone;
}
