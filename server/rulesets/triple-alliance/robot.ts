// The robot (TA12.1): legal, sensible orders for a side nobody plays — charge at good odds, shoot at
// the target it would hurt most, otherwise advance toward the nearest enemy. Every order it gives
// is checked by the validator; one that fails becomes a hold.
import { bearing, dir, dist, normDeg, polygonDistance, rect, type Poly, type Pt } from "./geometry";
import { newMover, roomFor, runSteps } from "./movement";
import { canShoot, chargeProblem, engaged, faceOf, generalTouches, isEnemy, shotBand } from "./rules";
import { inCover } from "./terrain";
import { ratingMod, T, weaponRanges } from "./tables";
import { footprint, footprintAt, footprintSize, hitsRemaining, inColumn } from "./units";
import type { Formation, GeneralOrder, Orders, State, Unit, UnitOrder } from "./types";
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

/** Where `u` would get to alone (everyone else standing): the robot's look ahead along a line. */
function tryAlone(s: State, u: Unit, facing: number, distance: number, charge: boolean): { pos: Pt; against?: string } {
  const units = s.units.map((o) => (o.id === u.id ? { ...o, facing } : o));
  const me = units.find((o) => o.id === u.id)!;
  const m = newMover(me, dir(facing), distance, T.steps);
  if (charge) m.enemiesOf = (other) => isEnemy(s, u, other);
  runSteps(s.battlefield, units, s.teams, [m], T.steps);
  return { pos: me.pos, against: m.against };
}

function advance(s: State, u: Unit, enemy: Unit): UnitOrder {
  const face = bearing(u.pos, enemy.pos);
  const gap = polygonDistance(footprint(u), footprint(enemy));
  const w = weaponRanges(u.weapon);
  // Shooters stop inside close range; cavalry stops where its next charge reaches.
  const stopAt = u.arm === "cavalry" ? Math.min(200, T.allowance.cavalry * 0.6) : (w?.close ?? 150) * 0.8;
  const distance = Math.floor(Math.max(0, Math.min(T.allowance[u.arm], gap - stopAt)));
  // Straight at the enemy unless terrain or troops stop it early: then the line that closes most.
  // A pivot needs room (TA4.2): facings without it are not tried.
  let best = { face: u.facing, left: Infinity };
  for (const turn of [0, 30, -30, 60, -60]) {
    const f = normDeg(face + turn);
    if (roomFor(s.battlefield, s.units, u, footprintAt(u, u.pos, f))) continue;
    const left = dist(tryAlone(s, u, f, distance, false).pos, enemy.pos);
    if (left < best.left - 1) best = { face: f, left };
    if (turn === 0 && left <= dist(u.pos, enemy.pos) - distance * 0.7) break;
  }
  return best.left === Infinity ? { hold: true } : { move: { face: Math.round(best.face * 10) / 10, distance } };
}

function unitOrder(s: State, u: Unit, charged: Set<string>, claimed: Poly[]): UnitOrder | null {
  if (engaged(s, u.id)) return null;
  const enemies = s.units.filter((o) => isEnemy(s, u, o)).sort((a, b) => dist(u.pos, a.pos) - dist(u.pos, b.pos) || (a.id < b.id ? -1 : 1));
  if (enemies.length === 0) return null;
  if (u.arm !== "artillery") {
    const target = enemies.find((t) => !charged.has(t.id) && !chargeProblem(s, u, t) && goodOdds(u, t) && tryAlone(s, u, bearing(u.pos, t.pos), T.allowance[u.arm], true).against === t.id);
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
  // A formation change needs room, also from the changes this side has already ordered (TA4.6).
  const change = (formation: Formation, face: number): UnitOrder | null => {
    const foot = footprintAt(u, u.pos, face, formation);
    if (roomFor(s.battlefield, s.units, u, foot, claimed)) return null;
    claimed.push(foot);
    return { formation, face };
  };
  const toward = Math.round(bearing(u.pos, nearest.pos));
  if (u.arm === "artillery") {
    const gap = polygonDistance(footprint(u), footprint(nearest));
    const long = weaponRanges(u.weapon)?.long ?? 0;
    if (u.formation === "limbered") return gap <= long * 0.9 ? (change("unlimbered", toward) ?? advance(s, u, nearest)) : advance(s, u, nearest);
    // Unlimbered guns wait, facing the enemy, unless it is far beyond their range.
    return gap <= long * 1.5 ? { move: { face: toward, distance: 0 } } : (change("limbered", toward) ?? { hold: true });
  }
  // Infantry in cover waits there for an enemy within twice its long range to come on.
  if (u.arm === "infantry" && inCover(s.battlefield, u.pos) && polygonDistance(footprint(u), footprint(nearest)) <= 2 * (weaponRanges(u.weapon)?.long ?? 0)) return { hold: true };
  if (u.arm === "infantry" && u.formation === "column" && polygonDistance(footprint(u), footprint(nearest)) < 400) {
    const deploy = change("line", u.facing);
    if (deploy) return deploy;
  }
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
  const claimed: Poly[] = [];
  for (const u of [...s.units].filter((x) => x.side === side).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const o = unitOrder(s, u, charged, claimed);
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
