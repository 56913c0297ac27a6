// The robot (TA12.1): legal, sensible orders for a side nobody plays — charge at good odds, shoot at
// the target it would hurt most, otherwise advance toward the nearest enemy. Every order it gives
// is checked by the validator; one that fails becomes a hold.
import { bearing, dist, polygonDistance, rect, type Pt } from "./geometry";
import { canShoot, chargeProblem, engaged, faceOf, generalTouches, isEnemy, shotBand } from "./rules";
import { inCover } from "./terrain";
import { ratingMod, T, weaponRanges } from "./tables";
import { footprint, footprintSize, hitsRemaining, inColumn } from "./units";
import type { GeneralOrder, Orders, State, Unit, UnitOrder } from "./types";
import { validateOrders, validateUnitOrder } from "./validate";

function goodOdds(u: Unit, t: Unit): boolean {
  return t.arm === "artillery" || inColumn(t) || faceOf(t, u.pos) !== "front" || hitsRemaining(t) <= hitsRemaining(u);
}

function expectedHits(s: State, u: Unit, t: Unit): number {
  const band = shotBand(s, u, t);
  if (!band) return -1;
  let h = Math.max(0, 3.5 + band.mod + ratingMod(u.rating) + (u.hits >= T.deteriorationHits ? -1 : 0));
  if (inCover(s.battlefield, t.pos)) h /= 2;
  if (u.arm === "artillery" && inColumn(t)) h *= 2;
  return h;
}

function advance(s: State, u: Unit, enemy: Unit): UnitOrder {
  const face = bearing(u.pos, enemy.pos);
  const gap = polygonDistance(footprint(u), footprint(enemy));
  const w = weaponRanges(u.weapon);
  // Shooters stop inside close range; cavalry stops where its next charge reaches.
  const stopAt = u.arm === "cavalry" ? Math.min(200, T.allowance.cavalry * 0.6) : (w?.close ?? 150) * 0.8;
  const distance = Math.max(0, Math.min(T.allowance[u.arm], gap - stopAt));
  return { move: { face: Math.round(face * 10) / 10, distance: Math.floor(distance) } };
}

function unitOrder(s: State, u: Unit, charged: Set<string>): UnitOrder | null {
  if (engaged(s, u.id)) return null;
  const enemies = s.units.filter((o) => isEnemy(s, u, o)).sort((a, b) => dist(u.pos, a.pos) - dist(u.pos, b.pos) || (a.id < b.id ? -1 : 1));
  if (enemies.length === 0) return null;
  if (u.arm !== "artillery") {
    const target = enemies.find((t) => !charged.has(t.id) && !chargeProblem(s, u, t) && goodOdds(u, t));
    if (target) {
      charged.add(target.id);
      return { charge: target.id };
    }
  }
  if (canShoot(s, u).ok) {
    const best = enemies
      .filter((t) => !engaged(s, t.id))
      .map((t) => ({ t, h: expectedHits(s, u, t) }))
      .filter((x) => x.h > 0)
      .sort((a, b) => b.h - a.h || (a.t.id < b.t.id ? -1 : 1))[0];
    if (best) return { shoot: best.t.id };
  }
  const nearest = enemies[0]!;
  if (u.arm === "artillery") {
    const inReach = polygonDistance(footprint(u), footprint(nearest)) <= (weaponRanges(u.weapon)?.long ?? 0) * 0.9;
    if (u.formation === "limbered") return inReach ? { formation: "unlimbered", face: Math.round(bearing(u.pos, nearest.pos)) } : advance(s, u, nearest);
    return inReach ? { move: { face: Math.round(bearing(u.pos, nearest.pos)), distance: 0 } } : { formation: "limbered", face: Math.round(bearing(u.pos, nearest.pos)) };
  }
  if (u.arm === "infantry" && u.formation === "column" && polygonDistance(footprint(u), footprint(nearest)) < 400) return { formation: "line" };
  return advance(s, u, nearest);
}

function generalOrder(s: State, gPos: Pt, side: string): GeneralOrder | null {
  const hurt = s.units.filter((u) => u.side === side && u.hits % T.hitsPerBase > 0 && !engaged(s, u.id)).sort((a, b) => b.hits % 4 - (a.hits % 4) || (a.id < b.id ? -1 : 1));
  for (const u of hurt) if (generalTouches(gPos, u)) return { rally: u.id };
  const u = hurt[0];
  if (!u) return null;
  // Stand just behind the unit's rear edge, touching it.
  const depth = footprintSize(u).depth;
  const r = ((u.facing + 180) * Math.PI) / 180;
  const back = depth / 2 + T.generalSize / 2 + 1;
  const to = { x: Math.round((u.pos.x + Math.cos(r) * back) * 10) / 10, y: Math.round((u.pos.y + Math.sin(r) * back) * 10) / 10 };
  if (dist(gPos, to) > T.allowance.general || rect(to, 0, T.generalSize, T.generalSize).some((p) => p.x < 0 || p.y < 0)) return null;
  return { move: to };
}

export function robotOrders(s: State, side: string): Orders {
  const units: Record<string, UnitOrder> = {};
  const charged = new Set<string>();
  for (const u of [...s.units].filter((x) => x.side === side).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const o = unitOrder(s, u, charged);
    if (o && validateUnitOrder(s, u, o).ok) units[u.id] = o;
  }
  const generals: Record<string, GeneralOrder> = {};
  for (const g of s.generals.filter((x) => x.side === side)) {
    const o = generalOrder(s, g.pos, side);
    if (o && validateOrders(s, side, { generals: { [g.id]: o } }).ok) generals[g.id] = o;
  }
  const orders = { units, generals };
  return validateOrders(s, side, orders).ok ? orders : { units: {}, generals: {} };
}
