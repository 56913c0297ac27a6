// Whether one side's batch of orders is legal (TA2.1, TA2.2, TA2.5 and the rules each order cites).
import type { Validation } from "../ruleset";
import { dist, pointInPolygon, polygonsMeet, rect, segmentIntersection, type Poly } from "./geometry";
import { allowance, canShoot, fireRange, chargeProblem, engaged, faceOf, generalTouches, moveEnd, nearestEnemyDistance, shotBand, unitById } from "./rules";
import { footInTown } from "./terrain";
import { T } from "./tables";
import { footprintAt } from "./units";
import type { Orders, State, Unit, UnitOrder } from "./types";

const bad = (rule: string, message: string): Validation => ({ ok: false, rule, message: `${message} (${rule})` });
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const num = (x: unknown) => typeof x === "number" && Number.isFinite(x);

export function validateUnitOrder(s: State, u: Unit, o: UnitOrder): Validation {
  if (!isObject(o as unknown)) return bad("TA2.5", `${u.id}: an order is an object`);
  const keys = Object.keys(o);
  const kind = keys.find((k) => ["move", "formation", "shoot", "charge", "hold"].includes(k));
  if (!kind) return bad("TA2.5", `${u.id}: an order is move, formation, shoot, charge or hold`);
  const allowedKeys = kind === "formation" ? ["formation", "face"] : [kind];
  const extra = keys.find((k) => !allowedKeys.includes(k));
  if (extra) return bad("TA2.5", `${u.id}: unknown field "${extra}"`);
  if ("hold" in o) return { ok: true };
  const isEngaged = engaged(s, u.id);
  if ("move" in o) {
    const m = o.move;
    if (!isObject(m as unknown) || Object.keys(m).some((k) => !["face", "distance", "endFace", "march"].includes(k))) return bad("TA2.5", `${u.id}: a move has face, distance, endFace and march`);
    if ((m.face !== undefined && !num(m.face)) || (m.endFace !== undefined && !num(m.endFace)) || (m.distance !== undefined && !(num(m.distance) && m.distance >= 0)) || (m.march !== undefined && typeof m.march !== "boolean")) return bad("TA2.5", `${u.id}: facings are numbers, distance a number ≥ 0, march true or false`);
    const d = m.distance ?? 0;
    if (isEngaged) {
      // TA4.8: only a defender engaged on flank or rear alone may turn to face.
      const mine = s.melees.filter((x) => x.attacker === u.id || x.defender === u.id);
      const onlyFlank = mine.every((x) => x.defender === u.id && faceOf(u, unitById(s, x.attacker)!.pos) !== "front");
      if (d > 0 || m.march || m.endFace !== undefined || !onlyFlank) return bad("TA4.8", `${u.id} is in hand-to-hand: it may only turn to face an attack on its flank or rear`);
      return { ok: true };
    }
    if (d > 0 && u.arm === "artillery" && u.formation !== "limbered") return bad("TA4.5", `${u.id}: artillery moves only limbered`);
    if (m.march) {
      if (u.formation !== "column" && u.formation !== "limbered") return bad("TA4.4", `${u.id}: only a march column or limbered guns may march`);
      if (nearestEnemyDistance(s, u) < T.marchKeepOff) return bad("TA4.4", `${u.id}: may not march within 200 mm of the enemy`);
    }
    const limit = allowance(s, u, m);
    if (d > limit + 1e-9) return bad("TA4.1", `${u.id}: ${d} mm is more than its allowance of ${limit} mm`);
    if (u.arm !== "infantry" && d > 0) {
      const { facing, end } = moveEnd(u, m);
      if (footInTown(s.battlefield, footprintAt(u, end, m.endFace ?? facing))) return bad("TA5.4", `${u.id}: only infantry may end a move in a town`);
    }
    return { ok: true };
  }
  if (isEngaged) return bad("TA4.8", `${u.id} is in hand-to-hand: it fights on and may only turn to face`);
  if ("formation" in o) {
    const f = o.formation;
    const ok = u.arm === "artillery" ? f === "limbered" || f === "unlimbered" : f === "line" || f === "column";
    if (!ok) return bad("TA1.3", `${u.id}: ${u.arm} has no formation "${String(f)}"`);
    if (o.face !== undefined && !num(o.face)) return bad("TA2.5", `${u.id}: face is a number`);
    return { ok: true };
  }
  if ("shoot" in o) {
    const can = canShoot(s, u);
    if (!can.ok) return bad(can.rule, `${u.id}: ${can.why}`);
    const t = typeof o.shoot === "string" ? unitById(s, o.shoot) : undefined;
    if (!t || s.teams[t.side] === s.teams[u.side]) return bad("TA6.2", `${u.id}: the target must be an enemy unit`);
    if (engaged(s, t.id)) return bad("TA6.2", `${u.id}: units in hand-to-hand cannot be shot at`);
    if (fireRange(s, u, t) === null) return bad("TA6.2", `${u.id}: ${t.id} is outside its field of fire`);
    if (!shotBand(s, u, t)) return bad("TA6.3", `${u.id}: ${t.id} is out of range`);
    return { ok: true };
  }
  const t = typeof o.charge === "string" ? unitById(s, o.charge) : undefined;
  if (!t) return bad("TA7.1", `${u.id}: a charge names an enemy unit`);
  const p = chargeProblem(s, u, t);
  return p ? bad(p.rule, `${u.id}: ${p.why}`) : { ok: true };
}

function lineMeets(a: { x: number; y: number }, b: { x: number; y: number }, poly: Poly): boolean {
  if (pointInPolygon(a, poly) || pointInPolygon(b, poly)) return true;
  return poly.some((p, i) => segmentIntersection(a, b, p, poly[(i + 1) % poly.length]!) !== null);
}

export function validateOrders(s: State, side: string, orders: Orders): Validation {
  if (!s.sides.includes(side)) return bad("TA2.1", `${side} is not a side of this game`);
  if (s.ended) return bad("TA2.1", "the battle is over");
  if (!isObject(orders as unknown)) return bad("TA2.5", "orders are an object");
  const extra = Object.keys(orders).find((k) => k !== "units" && k !== "generals");
  if (extra) return bad("TA2.5", `unknown field "${extra}"`);
  const charged = new Map<string, string>();
  for (const [id, o] of Object.entries(orders.units ?? {})) {
    const u = unitById(s, id);
    if (!u || u.side !== side) return bad("TA2.1", `${id} is not a unit of ${side}`);
    const v = validateUnitOrder(s, u, o);
    if (!v.ok) return v;
    if (isObject(o as unknown) && "charge" in o) {
      const other = charged.get(o.charge);
      if (other) return bad("TA7.3", `${id} and ${other} both charge ${o.charge}: one attacker per defender`);
      charged.set(o.charge, id);
    }
  }
  for (const [id, o] of Object.entries(orders.generals ?? {})) {
    const g = s.generals.find((x) => x.id === id);
    if (!g || g.side !== side) return bad("TA2.1", `${id} is not a general of ${side}`);
    if (!isObject(o as unknown)) return bad("TA2.5", `${id}: a general's order is move or rally`);
    if ("rally" in o) {
      const u = typeof o.rally === "string" ? unitById(s, o.rally) : undefined;
      if (!u || u.side !== side) return bad("TA3.1", `${id}: rallies a unit of its own side`);
      if (!generalTouches(g.pos, u)) return bad("TA3.1", `${id}: must be in base contact with ${u.id} to rally it`);
      continue;
    }
    if (!("move" in o) || !isObject(o.move as unknown) || !num(o.move.x) || !num(o.move.y)) return bad("TA2.5", `${id}: a general's order is move {x, y} or rally`);
    const to = o.move;
    if (dist(g.pos, to) > T.allowance.general + 1e-9) return bad("TA4.9", `${id}: a general moves at most ${T.allowance.general} mm`);
    const foot = rect(to, 0, T.generalSize, T.generalSize);
    if (foot.some((p) => p.x < 0 || p.y < 0 || p.x > s.battlefield.width || p.y > s.battlefield.height)) return bad("TA4.9", `${id}: must stay on the table`);
    const swamp = s.battlefield.areas.find((a) => (a.kind === "marsh" || a.kind === "lake") && (polygonsMeet(foot, a.poly) || lineMeets(g.pos, to, a.poly)));
    if (swamp) return bad("TA5.3", `${id}: ${swamp.name ?? swamp.kind} is impassable`);
  }
  return { ok: true };
}
