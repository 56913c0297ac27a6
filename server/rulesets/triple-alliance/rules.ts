// Shared rule checks used by validation, resolution and the robot: who is engaged, allowances,
// fields of fire and range, charge eligibility (TA4, TA6, TA7).
import { angleBetween, bearing, clipToArc, CONTACT_MM, dist, polygonDistance, pointPolygonDistance, rect, type Pt } from "./geometry";
import { alongRoad, inTown } from "./terrain";
import { T, weaponRanges } from "./tables";
import { footprint, footprintSize, front, hitsRemaining } from "./units";
import type { MoveOrder, State, Unit } from "./types";

export const isEnemy = (s: State, a: Unit, b: Unit): boolean => s.teams[a.side] !== s.teams[b.side];
export const unitById = (s: State, id: string): Unit | undefined => s.units.find((u) => u.id === id);
export const engaged = (s: State, id: string): boolean => s.melees.some((m) => m.attacker === id || m.defender === id);

/** Where a straight move ends (TA4.3). */
export function moveEnd(u: Unit, o: MoveOrder): { facing: number; end: Pt } {
  const facing = o.face ?? u.facing;
  const d = o.distance ?? 0;
  const r = (facing * Math.PI) / 180;
  return { facing, end: { x: u.pos.x + Math.cos(r) * d, y: u.pos.y + Math.sin(r) * d } };
}

/** TA4.1, TA4.4, TA5.6 */
export function allowance(s: State, u: Unit, o: MoveOrder): number {
  const base = T.allowance[u.arm] * (o.march ? T.marchFactor : 1);
  const { end } = moveEnd(u, o);
  return base + ((o.distance ?? 0) > 0 && alongRoad(s.battlefield, u.pos, end) ? T.roadBonus : 0);
}

export function nearestEnemyDistance(s: State, u: Unit): number {
  let best = Infinity;
  for (const o of s.units) if (isEnemy(s, u, o)) best = Math.min(best, polygonDistance(footprint(u), footprint(o)));
  return best;
}

/** Range to the target within the field of fire (TA6.2, TA6.3), or null when out of arc. */
export function fireRange(s: State, shooter: Unit, target: Unit): number | null {
  const tf = footprint(target);
  if (inTown(s.battlefield, shooter.pos)) return polygonDistance(footprint(shooter), tf);
  const apex = front(shooter);
  const part = clipToArc(tf, apex, shooter.facing, T.arcHalfDegrees);
  if (part.length < 3) return null;
  return pointPolygonDistance(apex, part);
}

/** The close/long modifier for a shot, or null when out of arc or range (TA6.3). */
export function shotBand(s: State, shooter: Unit, target: Unit): { range: number; band: "close" | "long"; mod: number } | null {
  const w = weaponRanges(shooter.weapon);
  if (!w) return null;
  const r = fireRange(s, shooter, target);
  if (r === null) return null;
  if (r <= w.close) return { range: r, band: "close", mod: w.closeMod };
  if (r <= w.long) return { range: r, band: "long", mod: w.longMod };
  return null;
}

/** TA6.1 — may this unit shoot at all (formation, arm)? */
export function canShoot(s: State, u: Unit): { ok: true } | { ok: false; rule: string; why: string } {
  if (u.arm === "cavalry") return { ok: false, rule: "TA6.1", why: "cavalry never shoots" };
  if (u.arm === "artillery" && u.formation !== "unlimbered") return { ok: false, rule: "TA4.5", why: "artillery shoots only unlimbered" };
  if (u.formation === "column") return { ok: false, rule: "TA6.1", why: "a march column does not shoot" };
  if (engaged(s, u.id)) return { ok: false, rule: "TA4.8", why: "a unit in hand-to-hand does not shoot" };
  return { ok: true };
}

/** The defender's face the attacker's centre lies on (TA8.4). */
export function faceOf(defender: Unit, attackerPos: Pt): "front" | "flank" | "rear" {
  const { width, depth } = footprintSize(defender);
  const r = (defender.facing * Math.PI) / 180;
  const dx = attackerPos.x - defender.pos.x;
  const dy = attackerPos.y - defender.pos.y;
  const u = dx * Math.cos(r) + dy * Math.sin(r);
  const v = -dx * Math.sin(r) + dy * Math.cos(r);
  if (Math.abs(u) / (depth / 2) >= Math.abs(v) / (width / 2)) return u > 0 ? "front" : "rear";
  return "flank";
}

/** TA7.1–TA7.5 — may `u` charge `target` from where both stand? */
export function chargeProblem(s: State, u: Unit, target: Unit): { rule: string; why: string } | null {
  if (u.arm === "artillery") return { rule: "TA7.1", why: "artillery never charges" };
  if (!isEnemy(s, u, target)) return { rule: "TA7.1", why: "a charge names an enemy unit" };
  if (u.arm === "infantry" && target.arm === "cavalry") return { rule: "TA7.1", why: "infantry may not charge cavalry" };
  if (engaged(s, u.id)) return { rule: "TA4.8", why: "a unit in hand-to-hand cannot charge" };
  if (engaged(s, target.id)) return { rule: "TA7.3", why: "the target is already in hand-to-hand" };
  const reach = polygonDistance(footprint(u), footprint(target));
  if (reach > T.allowance[u.arm]) return { rule: "TA7.1", why: `the target is ${Math.round(reach)} mm away, beyond the charge allowance of ${T.allowance[u.arm]} mm` };
  if (angleBetween(u.facing, bearing(u.pos, target.pos)) > T.chargeTurnMax + 1e-9) return { rule: "TA7.2", why: "the turn to face the target would exceed 45°" };
  if (u.nation === "Brazil" && hitsRemaining(target) > hitsRemaining(u)) return { rule: "TA7.4", why: "a Brazilian unit may not charge an enemy with more hits remaining" };
  if (target.arm === "artillery" && faceOf(target, u.pos) === "front") {
    const guard = s.units.find((o) => o.id !== target.id && !isEnemy(s, o, target) && polygonDistance(footprint(o), footprint(target)) <= T.artilleryGuardDistance);
    if (guard) return { rule: "TA7.5", why: `the guns' front is covered by ${guard.id} within 100 mm` };
  }
  return null;
}

/** Is a general in base contact with a unit (TA3.1)? */
export function generalTouches(gPos: Pt, u: Unit): boolean {
  return polygonDistance(rect(gPos, 0, T.generalSize, T.generalSize), footprint(u)) <= CONTACT_MM;
}

export const centreDistance = (a: Unit, b: Unit): number => dist(a.pos, b.pos);
