// How many turns a land unit is from the fight: by land, its front distance; aboard a transport in a
// zone, sailing two zones a turn (R4.7), then landing next to (or in) hostile land; stranded on land
// with no land route to the enemy, walking to a coast and being shipped from there. Lower is nearer.
import { UNIT_STATS } from "../engine";
import type { Situation } from "./situation";

/** What "no way at all" costs: worse than any real route, still a number to compare. */
export const NOWHERE = 99;
/** Landing costs a turn; aboard is worse than ashore at the same place (the cargo may still sink). */
const LANDING = 1.5;

export interface ContactCosts {
  land(t: string): number;
  sea(z: string): number;
}

export function contactCosts(sit: Situation): ContactCosts {
  const { board, dist } = sit;
  const zones = board.ids.filter((z) => board.isSea(z));
  // Nearest front next to each zone: land there (hostile: 0) and walk on from it.
  const shoreFront = new Map<string, number>();
  for (const z of zones) shoreFront.set(z, Math.min(NOWHERE, ...board.neighbours(z).filter((t) => board.isLand(t)).map((t) => sit.frontDistance(t))));
  const seaCost = new Map<string, number>();
  const sea = (z: string): number => {
    let hit = seaCost.get(z);
    if (hit !== undefined) return hit;
    hit = NOWHERE;
    for (const other of zones) {
      const front = shoreFront.get(other)!;
      if (front >= NOWHERE) continue;
      const d = dist.steps("sea", z, other);
      if (d === Infinity) continue;
      hit = Math.min(hit, Math.ceil(d / UNIT_STATS.transport.move) + LANDING + front);
    }
    seaCost.set(z, hit);
    return hit;
  };
  const landCost = new Map<string, number>();
  const coastCost = (t: string) => 1 + Math.min(NOWHERE, ...board.neighbours(t).filter((z) => board.isSea(z)).map(sea));
  const land = (t: string): number => {
    const front = sit.frontDistance(t);
    if (front !== Infinity) return front;
    let hit = landCost.get(t);
    if (hit !== undefined) return hit;
    // Stranded: walk to a coast of ours and take ship there.
    hit = coastCost(t);
    for (const { id, steps } of dist.within("land", t, 6)) if (sit.isFriendlyLand(id)) hit = Math.min(hit, steps + coastCost(id));
    landCost.set(t, hit);
    return hit;
  };
  return { land, sea };
}
