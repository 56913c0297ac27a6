// Simultaneous movement in time steps (TA4.7): every mover advances a share of its line each step,
// stops at footprints, impassable terrain, rivers and the table edge, and never passes through
// another unit. Also the pivots of TA4.2 and TA4.6, made only where there is room.
import { add, convexHull, convexOverlaps, CONTACT_MM, dist, polygonDistance, scale, type Poly, type Pt } from "./geometry";
import { blockedByArea, footInTown, offTable, riverBlocks } from "./terrain";
import { T } from "./tables";
import { footprint, footprintAt, radius } from "./units";
import type { Battlefield, Formation, Unit } from "./types";

export interface Mover {
  unit: Unit;
  /** Unit vector of travel (a withdrawal travels backwards). */
  way: Pt;
  /** Distance per step. */
  stepLen: number;
  /** Stay 200 mm from enemies (TA4.4). */
  march: boolean;
  /** Units whose contact ends the move (a charge's enemies) — stop when within contact distance. */
  enemiesOf?: (other: Unit) => boolean;
  /** Results. */
  covered: number;
  stopped: boolean;
  /** What stopped it: a unit id, a terrain name, "table edge", "keep-off", or "contact". */
  stoppedBy?: string;
  /** Id of the unit it ended against, if any. */
  against?: string;
  /** Step (1-based) in which it stopped, and the share of that step covered. */
  stopStep?: number;
  stopShare?: number;
  lastClearOfTown: Pt;
}

export function newMover(unit: Unit, way: Pt, distance: number, steps: number, march = false): Mover {
  return { unit, way, stepLen: distance / steps, march, covered: 0, stopped: distance <= 0, lastClearOfTown: unit.pos };
}

interface Ctx {
  bf: Battlefield;
  units: Unit[];
  teams: Record<string, string>;
  /** Radii (fixed during movement) and footprints as each step starts. */
  rad: Map<Unit, number>;
  feet: Map<Unit, Poly>;
}

const enemy = (ctx: Ctx, a: Unit, b: Unit) => ctx.teams[a.side] !== ctx.teams[b.side];

/** The first unit or terrain a mover at `to` (from `from`) would break against, or null when free. */
function obstacle(ctx: Ctx, m: Mover, from: Pt, to: Pt): { by: string; unit?: string } | null {
  const u = m.unit;
  const foot = footprintAt(u, to, u.facing);
  if (offTable(ctx.bf, foot)) return { by: "table edge" };
  const area = blockedByArea(ctx.bf, u.arm, foot);
  if (area) return { by: area };
  const river = riverBlocks(ctx.bf, from, to);
  if (river) return { by: river };
  const ru = ctx.rad.get(u)!;
  const r = ru + dist(from, to);
  let swept: Poly | null = null;
  for (const o of ctx.units) {
    if (o === u) continue;
    const ro = ctx.rad.get(o)!;
    const d = dist(o.pos, from);
    if (d > r + ro + 1) {
      if (!m.march || d > r + ro + T.marchKeepOff + 1 || !enemy(ctx, u, o)) continue;
    }
    const of = ctx.feet.get(o)!;
    swept ??= convexHull([...footprintAt(u, from, u.facing), ...foot]);
    if (convexOverlaps(swept, of)) return { by: o.id, unit: o.id };
    if (m.march && enemy(ctx, u, o) && polygonDistance(foot, of) < T.marchKeepOff) return { by: "keep-off", unit: o.id };
  }
  return null;
}

/** Largest share t of the way from → to that is free (t = 0 assumed free), and what stops it beyond. */
function freeShare(ctx: Ctx, m: Mover, from: Pt, to: Pt): { t: number; stop: { by: string; unit?: string } | null } {
  const at = (t: number) => add(from, scale(add(to, scale(from, -1)), t));
  const full = obstacle(ctx, m, from, to);
  if (!full) return { t: 1, stop: null };
  let lo = 0;
  let hi = 1;
  let stop = full;
  for (let i = 0; i < 14; i++) {
    const mid = (lo + hi) / 2;
    const o = obstacle(ctx, m, from, at(mid));
    if (o) {
      hi = mid;
      stop = o;
    } else lo = mid;
  }
  return { t: lo, stop };
}

/** Runs every mover through the time steps at once (TA4.7). Mutates the movers' units. */
export function runSteps(bf: Battlefield, units: Unit[], teams: Record<string, string>, movers: Mover[], steps: number): void {
  const ctx: Ctx = { bf, units, teams, rad: new Map(units.map((u) => [u, radius(u)])), feet: new Map(units.map((u) => [u, footprint(u)])) };
  const ordered = [...movers].sort((a, b) => (a.unit.id < b.unit.id ? -1 : 1));
  for (let step = 1; step <= steps; step++) {
    const active = ordered.filter((m) => !m.stopped);
    if (active.length === 0) break;
    for (const m of active) ctx.feet.set(m.unit, footprint(m.unit));
    const from = new Map<Mover, Pt>();
    const prop = new Map<Mover, { to: Pt; t: number; stop: { by: string; unit?: string } | null }>();
    for (const m of active) {
      const start = m.unit.pos;
      const to = add(start, scale(m.way, m.stepLen));
      from.set(m, start);
      prop.set(m, { ...freeShare(ctx, m, start, to), to });
    }
    // Movers whose steps meet both stop where they meet, each covering the same share (TA4.7).
    const share = new Map<Mover, number>(active.map((m) => [m, prop.get(m)!.t]));
    const partner = new Map<Mover, string>();
    const place = (m: Mover, k: number) => add(from.get(m)!, scale(add(prop.get(m)!.to, scale(from.get(m)!, -1)), k));
    for (let pass = 0; pass < 3; pass++) {
      let changed = false;
      for (let i = 0; i < active.length; i++) {
        for (let j = i + 1; j < active.length; j++) {
          const a = active[i]!;
          const b = active[j]!;
          if (dist(a.unit.pos, b.unit.pos) > ctx.rad.get(a.unit)! + ctx.rad.get(b.unit)! + a.stepLen + b.stepLen + 1) continue;
          const fa = (k: number): Poly => footprintAt(a.unit, place(a, Math.min(share.get(a)!, k)), a.unit.facing);
          const fb = (k: number): Poly => footprintAt(b.unit, place(b, Math.min(share.get(b)!, k)), b.unit.facing);
          if (!convexOverlaps(fa(1), fb(1))) continue;
          let lo = 0;
          let hi = 1;
          for (let it = 0; it < 14; it++) {
            const mid = (lo + hi) / 2;
            if (convexOverlaps(fa(mid), fb(mid))) hi = mid;
            else lo = mid;
          }
          share.set(a, Math.min(share.get(a)!, lo));
          share.set(b, Math.min(share.get(b)!, lo));
          partner.set(a, b.unit.id);
          partner.set(b, a.unit.id);
          changed = true;
        }
      }
      if (!changed) break;
    }
    for (const m of active) {
      const p = prop.get(m)!;
      const k = share.get(m)!;
      m.unit.pos = place(m, k);
      m.covered += m.stepLen * k;
      if (!footInTown(bf, footprint(m.unit))) m.lastClearOfTown = m.unit.pos;
      const meet = partner.get(m);
      if (meet !== undefined || p.stop) {
        m.stopped = true;
        m.stoppedBy = meet ?? p.stop!.by;
        m.against = meet ?? p.stop!.unit;
        m.stopStep = step;
        m.stopShare = k;
      } else if (m.enemiesOf) {
        // A charger touching an enemy within contact distance has arrived (TA7.6).
        const hit = units.find((o) => o !== m.unit && dist(o.pos, m.unit.pos) <= ctx.rad.get(o)! + ctx.rad.get(m.unit)! + CONTACT_MM && m.enemiesOf!(o) && polygonDistance(footprint(o), footprint(m.unit)) <= CONTACT_MM);
        if (hit) {
          m.stopped = true;
          m.stoppedBy = hit.id;
          m.against = hit.id;
          m.stopStep = step;
          m.stopShare = k;
        }
      }
    }
  }
}

/** Is a footprint free of terrain it may not enter, the table edge and other footprints? */
export function roomFor(bf: Battlefield, units: Unit[], u: Unit, foot: Poly, others: Poly[] = []): string | null {
  if (offTable(bf, foot)) return "table edge";
  const area = blockedByArea(bf, u.arm, foot);
  if (area) return area;
  for (const o of units) if (o.id !== u.id && dist(o.pos, u.pos) < radius(o) + radius(u) + 200 && convexOverlaps(foot, footprint(o))) return o.id;
  for (const f of others) if (convexOverlaps(foot, f)) return "another unit turning";
  return null;
}

/** Simultaneous pivots or formation changes (TA4.2, TA4.6): each is made only if its new footprint
 * is clear of everything as it stands and of every other new footprint. Returns the refused ids. */
export function pivotAll(bf: Battlefield, units: Unit[], changes: { unit: Unit; facing: number; formation?: Formation }[]): Map<string, string> {
  const refused = new Map<string, string>();
  const feet = changes.map((c) => footprintAt(c.unit, c.unit.pos, c.facing, c.formation ?? c.unit.formation));
  changes.forEach((c, i) => {
    const others = feet.filter((_, j) => j !== i);
    const why = roomFor(bf, units, c.unit, feet[i]!, others);
    if (why) refused.set(c.unit.id, why);
  });
  for (const c of changes) {
    if (refused.has(c.unit.id)) continue;
    c.unit.facing = c.facing;
    if (c.formation) c.unit.formation = c.formation;
  }
  return refused;
}
