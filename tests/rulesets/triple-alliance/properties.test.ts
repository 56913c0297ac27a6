// Properties of the simultaneous turn over random tables: footprints never overlap after a turn
// (TA1.8, TA4.7), no move goes beyond its order or allowance (TA4.1, TA4.3), the same inputs give the
// same turn and never change the input (TA2.4), and the robot's orders are always legal (TA12.1).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tripleAlliance as ta } from "../../../server/rulesets/triple-alliance";
import { convexOverlap, dist, OVERLAP_EPS } from "../../../server/rulesets/triple-alliance/geometry";
import { footprint } from "../../../server/rulesets/triple-alliance/units";
import type { Orders, State, UnitOrder } from "../../../server/rulesets/triple-alliance/types";
import { validateOrders, validateUnitOrder } from "../../../server/rulesets/triple-alliance/validate";
import { buildState, type UnitFixture } from "./fixture";

const ARMS = ["infantry", "cavalry", "artillery"] as const;
const unitArb = fc.record({
  arm: fc.constantFrom(...ARMS),
  x: fc.integer({ min: 150, max: 850 }),
  y: fc.integer({ min: 150, max: 850 }),
  facing: fc.constantFrom(0, 45, 90, 135, 180, 225, 270, 315, 30, 300),
  column: fc.boolean(),
  hits: fc.integer({ min: 0, max: 15 }),
});
const orderArb = fc.record({ kind: fc.integer({ min: 0, max: 4 }), face: fc.integer({ min: 0, max: 359 }), share: fc.double({ min: 0, max: 1, noNaN: true }), target: fc.nat(), march: fc.boolean() });

type UnitRaw = { arm: (typeof ARMS)[number]; x: number; y: number; facing: number; column: boolean; hits: number };
type OrderRaw = { kind: number; face: number; share: number; target: number; march: boolean };

const woods = { kind: "woods" as const, poly: [[400, 400], [600, 420], [580, 600], [420, 580]] as [number, number][] };

function tableFrom(raw: UnitRaw[]): State {
  const placed: UnitFixture[] = [];
  const probe = buildState({ areas: [woods], width: 1000, height: 1000 });
  raw.forEach((r, i) => {
    const side = i % 2 === 0 ? "paraguay" : "brazil";
    const u: UnitFixture = { id: `${side === "paraguay" ? "P" : "B"}${i}`, side, arm: r.arm, pos: [r.x, r.y], facing: r.facing, hits: r.hits, formation: r.arm === "artillery" ? (r.column ? "limbered" : "unlimbered") : r.column ? "column" : "line" };
    const s = buildState({ units: [...placed, u], areas: [woods], width: 1000, height: 1000 });
    const fu = s.units[s.units.length - 1]!;
    const f = footprint(fu);
    if (f.some((p) => p.x < 0 || p.y < 0 || p.x > 1000 || p.y > 1000)) return;
    if (s.units.slice(0, -1).some((o) => convexOverlap(footprint(o), f) > OVERLAP_EPS)) return;
    if (fu.arm !== "infantry" && probe.battlefield.areas.length && convexOverlap(f, woods.poly.map(([x, y]) => ({ x, y }))) > OVERLAP_EPS) return;
    placed.push(u);
  });
  return buildState({ units: placed, areas: [woods], width: 1000, height: 1000 });
}

function ordersFrom(s: State, raw: OrderRaw[]): Record<string, Orders> {
  const out: Record<string, Orders> = {};
  s.units.forEach((u, i) => {
    const r = raw[i % raw.length]!;
    const enemies = s.units.filter((o) => s.teams[o.side] !== s.teams[u.side]);
    const target = enemies[r.target % Math.max(1, enemies.length)];
    const limit = (u.arm === "cavalry" ? 300 : 150) * (r.march ? 2 : 1);
    const o: UnitOrder =
      r.kind === 0 ? { move: { face: r.face, distance: Math.floor(limit * r.share), march: r.march } }
      : r.kind === 1 && target ? { charge: target.id }
      : r.kind === 2 && target ? { shoot: target.id }
      : r.kind === 3 ? { formation: u.arm === "artillery" ? (u.formation === "limbered" ? "unlimbered" : "limbered") : u.formation === "line" ? "column" : "line", face: r.face }
      : { move: { distance: Math.floor(limit * r.share), endFace: r.face } };
    if (!validateUnitOrder(s, u, o).ok) return;
    const mine = (out[u.side] ??= { units: {} });
    mine.units![u.id] = o;
    if (!validateOrders(s, u.side, mine).ok) delete mine.units![u.id];
  });
  return out;
}

const params = { numRuns: 60, seed: 20260524 };

describe("Triple Alliance properties", () => {
  it("no two footprints overlap after a turn", () => {
    fc.assert(fc.property(fc.array(unitArb, { minLength: 2, maxLength: 10 }), fc.array(orderArb, { minLength: 1, maxLength: 10 }), fc.string(), (units, raw, seed) => {
      const s = tableFrom(units);
      const { state } = ta.resolve(s, ordersFrom(s, raw), null, seed);
      for (let i = 0; i < state.units.length; i++)
        for (let j = i + 1; j < state.units.length; j++) expect(convexOverlap(footprint(state.units[i]!), footprint(state.units[j]!)), `${state.units[i]!.id} and ${state.units[j]!.id}`).toBeLessThanOrEqual(OVERLAP_EPS);
    }), params);
  });

  it("no move goes further than its order, and no order beyond its allowance", () => {
    fc.assert(fc.property(fc.array(unitArb, { minLength: 2, maxLength: 10 }), fc.array(orderArb, { minLength: 1, maxLength: 10 }), (units, raw) => {
      const s = tableFrom(units);
      const orders = ordersFrom(s, raw);
      const { report } = ta.resolve(s, orders, null, "x");
      for (const line of report.lines.filter((l) => l.kind === "move")) {
        const u = s.units.find((x) => x.id === line.unit)!;
        const o = orders[u.side]!.units![u.id] as { move: { distance: number; march?: boolean } };
        const allowance = (u.arm === "cavalry" ? 300 : 150) * (o.move.march ? 2 : 1);
        expect(o.move.distance).toBeLessThanOrEqual(allowance);
        expect(line.covered as number).toBeLessThanOrEqual(o.move.distance + 0.1);
        expect(dist(line.from as never, line.to as never)).toBeLessThanOrEqual(o.move.distance + 0.2);
      }
      for (const line of report.lines.filter((l) => l.kind === "charge-contact" || l.kind === "charge-falls-short")) {
        const u = s.units.find((x) => x.id === line.unit)!;
        expect(dist(u.pos, line.to as never)).toBeLessThanOrEqual((u.arm === "cavalry" ? 300 : 150) + 0.2);
      }
    }), params);
  });

  it("the same state, orders and seed give the same turn, and the input is untouched", () => {
    fc.assert(fc.property(fc.array(unitArb, { minLength: 2, maxLength: 8 }), fc.array(orderArb, { minLength: 1, maxLength: 8 }), fc.string(), (units, raw, seed) => {
      const s = tableFrom(units);
      const before = structuredClone(s);
      const orders = ordersFrom(s, raw);
      const a = ta.resolve(s, orders, null, seed);
      const b = ta.resolve(s, structuredClone(orders), null, seed);
      expect(b).toEqual(a);
      expect(s).toEqual(before);
    }), params);
  });

  it("the robot's orders are always legal", () => {
    fc.assert(fc.property(fc.array(unitArb, { minLength: 2, maxLength: 10 }), (units) => {
      const s = tableFrom(units);
      for (const side of ["paraguay", "brazil"]) expect(ta.validate(s, side, ta.robot(s, side, "r"))).toEqual({ ok: true });
    }), params);
  });

  it("robots play a whole Encuentro to its end with legal orders", () => {
    const setup = ta.setup("encuentro", undefined, "s");
    if (!setup.ok) throw new Error(setup.message);
    let s = setup.state;
    for (let turn = 0; turn < 12 && !s.ended; turn++) {
      const orders = Object.fromEntries(s.sides.map((side) => [side, ta.robot(s, side, `r${turn}`)]));
      for (const [side, o] of Object.entries(orders)) expect(ta.validate(s, side, o)).toEqual({ ok: true });
      s = ta.resolve(s, orders, null, `t${turn}`).state;
    }
    expect(ta.result(s).over).toBe(true);
  });
});
