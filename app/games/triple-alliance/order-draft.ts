// A side's orders being written on the screen (TA2.5): one order per unit or general, kept as the
// engine's Orders object so what is saved is exactly what is drawn. Pure functions only.
import { dist, normDeg, type Pt } from "@/server/rulesets/triple-alliance/geometry";
import { chargeProblem, engaged, generalTouches, isEnemy, unitById } from "@/server/rulesets/triple-alliance/rules";
import { T } from "@/server/rulesets/triple-alliance/tables";
import type { Formation, GeneralOrder, Orders, State, Unit, UnitOrder } from "@/server/rulesets/triple-alliance/types";
import { shotOdds } from "./odds";

export const emptyOrders = (): Orders => ({ units: {}, generals: {} });

export function withUnitOrder(o: Orders, id: string, order: UnitOrder | null): Orders {
  const units = { ...(o.units ?? {}) };
  if (order) units[id] = order;
  else delete units[id];
  return { units, generals: { ...(o.generals ?? {}) } };
}

export function withGeneralOrder(o: Orders, id: string, order: GeneralOrder | null): Orders {
  const generals = { ...(o.generals ?? {}) };
  if (order) generals[id] = order;
  else delete generals[id];
  return { units: { ...(o.units ?? {}) }, generals };
}

/** The formation a unit changes to (TA1.3, TA4.6). */
export function otherFormation(u: Unit): Formation {
  return ({ line: "column", column: "line", limbered: "unlimbered", unlimbered: "limbered" } as const)[u.formation];
}
export const FORMATION_ACTION: Record<Formation, string> = { column: "Form column", line: "Form line", limbered: "Limber", unlimbered: "Unlimber" };

/** Turns a unit's order by `deg`: the end pivot of a move, else a pivot in place (TA4.2). */
export function turned(u: Unit, order: UnitOrder | undefined, deg: number): UnitOrder {
  if (order && "move" in order && (order.move.distance ?? 0) > 0) {
    const from = order.move.endFace ?? order.move.face ?? u.facing;
    return { move: { ...order.move, endFace: Math.round(normDeg(from + deg)) } };
  }
  if (order && "formation" in order) return { formation: order.formation, face: Math.round(normDeg((order.face ?? u.facing) + deg)) };
  const from = order && "move" in order ? (order.move.face ?? u.facing) : u.facing;
  return { move: { face: Math.round(normDeg(from + deg)), distance: 0 } };
}

/** Enemy units this unit may shoot at now (TA6.1–TA6.3). */
export function shootTargets(s: State, u: Unit): string[] {
  return s.units.filter((t) => isEnemy(s, u, t) && shotOdds(s, u.id, t.id).ok).map((t) => t.id);
}

/** Enemy units this unit may charge now (TA7.1–TA7.5), not already charged by another of its side (TA7.3). */
export function chargeTargets(s: State, u: Unit, orders: Orders): string[] {
  const taken = new Set(Object.entries(orders.units ?? {}).flatMap(([id, o]) => ("charge" in o && id !== u.id ? [o.charge] : [])));
  return s.units.filter((t) => isEnemy(s, u, t) && !taken.has(t.id) && !chargeProblem(s, u, t)).map((t) => t.id);
}

/** Units of its side a general touches and may rally (TA3.1). */
export function rallyTargets(s: State, gPos: Pt, side: string): string[] {
  return s.units.filter((u) => u.side === side && u.hits % T.hitsPerBase > 0 && !engaged(s, u.id) && generalTouches(gPos, u)).map((u) => u.id);
}

/** A general's move toward a point, no further than its 300 mm (TA4.9). */
export function generalMove(from: Pt, to: Pt): GeneralOrder {
  const d = dist(from, to);
  const k = d > T.allowance.general ? T.allowance.general / d : 1;
  return { move: { x: Math.round(from.x + (to.x - from.x) * k), y: Math.round(from.y + (to.y - from.y) * k) } };
}

const name = (s: State, id: string) => unitById(s, id)?.name ?? id;

/** An order in words, for the panel and the order list. */
export function orderText(s: State, u: Unit, o: UnitOrder | undefined): string {
  if (!o) return engaged(s, u.id) ? "Fights on in hand-to-hand" : "No order: holds";
  if ("hold" in o) return "Holds";
  if ("shoot" in o) return `Shoots at ${name(s, o.shoot)}`;
  if ("charge" in o) return `Charges ${name(s, o.charge)}`;
  if ("formation" in o) return `${FORMATION_ACTION[o.formation]}${o.face !== undefined && o.face !== u.facing ? `, facing ${o.face}°` : ""}`;
  const m = o.move;
  const parts: string[] = [];
  if (m.face !== undefined && m.face !== u.facing) parts.push(`turns to ${Math.round(m.face)}°`);
  if ((m.distance ?? 0) > 0) parts.push(`${m.march ? "marches" : "moves"} ${m.distance} mm`);
  if (m.endFace !== undefined) parts.push(`ends facing ${m.endFace}°`);
  return parts.length ? parts.join(", ").replace(/^./, (c) => c.toUpperCase()) : "Stands";
}

export function generalOrderText(s: State, o: GeneralOrder | undefined): string {
  if (!o) return "No order: stays";
  if ("rally" in o) return `Rallies ${name(s, o.rally)}`;
  return `Rides to ${o.move.x}, ${o.move.y}`;
}
