// How far a unit may go this turn, from the engine's own movement rules (TA4.1–TA4.4, TA4.7, TA5):
// the unit alone moves through the engine's time steps with every other unit standing where it is.
// The judge moves everyone at once, so a unit can still be stopped by one that moves into its way;
// what the screen shows is the ground open to it as the table stands now.
import { bearing, dir, dist, normDeg, type Pt } from "@/server/rulesets/triple-alliance/geometry";
import { newMover, roomFor, runSteps } from "@/server/rulesets/triple-alliance/movement";
import { allowance, engaged, moveEnd, nearestEnemyDistance } from "@/server/rulesets/triple-alliance/rules";
import { T } from "@/server/rulesets/triple-alliance/tables";
import { footprintAt } from "@/server/rulesets/triple-alliance/units";
import type { MoveOrder, State, Unit } from "@/server/rulesets/triple-alliance/types";

export interface Reach {
  /** Furthest distance (mm) along the facing, 0 when the unit may not move that way. */
  distance: number;
  /** The allowance that applies (march and road included). */
  allowance: number;
  /** What stops it short of the allowance: a unit id, terrain name, "table edge", "keep-off", "no room to turn". */
  stoppedBy?: string;
  /** Why the unit may not move at all (rule id and reason). */
  refused?: { rule: string; why: string };
}

/** Why a unit cannot move at all this turn, before any geometry (TA4.4, TA4.5, TA4.8). */
export function moveRefusal(s: State, u: Unit, march: boolean): { rule: string; why: string } | null {
  if (engaged(s, u.id)) return { rule: "TA4.8", why: "in hand-to-hand: it fights on" };
  if (u.arm === "artillery" && u.formation !== "limbered") return { rule: "TA4.5", why: "artillery moves only limbered" };
  if (march && u.formation !== "column" && u.formation !== "limbered") return { rule: "TA4.4", why: "only a march column or limbered guns may march" };
  if (march && nearestEnemyDistance(s, u) < T.marchKeepOff) return { rule: "TA4.4", why: "may not march within 200 mm of the enemy" };
  return null;
}

/** The reach of `u` straight along `facing` (after its start pivot), moving alone. */
export function reachAlong(s: State, u: Unit, facing: number, march = false): Reach {
  const face = normDeg(facing);
  const refused = moveRefusal(s, u, march);
  const limit = allowanceAlong(s, u, face, march);
  if (refused) return { distance: 0, allowance: limit, refused };
  // TA4.2: a start pivot without room leaves the unit where it is.
  if (Math.abs(normDeg(face - u.facing)) > 1e-9 && roomFor(s.battlefield, s.units, u, footprintAt(u, u.pos, face))) return { distance: 0, allowance: limit, stoppedBy: "no room to turn" };
  const units = s.units.map((o) => (o.id === u.id ? { ...o, facing: face } : o));
  const me = units.find((o) => o.id === u.id)!;
  const m = newMover(me, dir(face), limit, T.steps, march);
  runSteps(s.battlefield, units, s.teams, [m], T.steps);
  // Whole millimetres, never past the point the engine reached.
  const distance = Math.max(0, Math.floor(m.covered + 1e-6));
  return { distance, allowance: limit, stoppedBy: m.stopped && m.stoppedBy ? m.stoppedBy : undefined };
}

/** TA4.1, TA4.4, TA5.6: the allowance along a facing, the road bonus when the full move stays on one road. */
function allowanceAlong(s: State, u: Unit, facing: number, march: boolean): number {
  const plain = T.allowance[u.arm] * (march ? T.marchFactor : 1);
  return allowance(s, u, { face: facing, distance: plain + T.roadBonus, march });
}

/** The ground the unit's centre may reach this turn: a fan of reaches every `stepDeg` degrees. */
export function reachArea(s: State, u: Unit, march = false, stepDeg = 5): Pt[] {
  const out: Pt[] = [];
  for (let a = 0; a < 360; a += stepDeg) {
    const r = reachAlong(s, u, a, march);
    const d = dir(a);
    out.push({ x: u.pos.x + d.x * r.distance, y: u.pos.y + d.y * r.distance });
  }
  return out;
}

/** The move order a drag to `point` gives: face the point, go as far toward it as the unit can. */
export function moveToward(s: State, u: Unit, point: Pt, march = false): { order: MoveOrder; reach: Reach } {
  const face = Math.round(bearing(u.pos, point) * 10) / 10;
  const reach = reachAlong(s, u, face, march);
  const distance = Math.min(Math.floor(dist(u.pos, point)), reach.distance);
  const order: MoveOrder = { distance };
  if (Math.abs(normDeg(face - u.facing)) > 0.05) order.face = face;
  if (march) order.march = true;
  return { order, reach };
}

/** Where a move order leaves the unit if nothing else moves (for drawing the ghost). */
export function ghostOf(u: Unit, o: MoveOrder): { pos: Pt; facing: number } {
  const { facing, end } = moveEnd(u, o);
  return { pos: end, facing: o.endFace ?? facing };
}
