// Formation changes (TA4.6), then every move and charge at once (TA4.7), then charges' contacts
// (TA7.3, TA7.6–TA7.8), end pivots (TA4.2), the town rule (TA5.4) and generals (TA4.9).
import { bearing, dir, dist, type Pt } from "./geometry";
import { newMover, pivotAll, roomFor, runSteps, type Mover } from "./movement";
import { isEnemy, unitById } from "./rules";
import { footInTown } from "./terrain";
import { T } from "./tables";
import { footprint, footprintAt } from "./units";
import type { GeneralOrder, Melee, ReportLine, State, Unit, UnitOrder } from "./types";

const round = (p: Pt) => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 });

export function movementPhase(s: State, unitOrders: Map<string, UnitOrder>, generalOrders: Map<string, GeneralOrder>, lines: ReportLine[]): void {
  const ids = [...unitOrders.keys()].sort();
  const get = (id: string) => unitById(s, id);

  // TA4.6: formation changes, pivot included, only where there is room.
  const changes = ids.flatMap((id) => {
    const o = unitOrders.get(id)!;
    const u = get(id);
    return u && "formation" in o ? [{ unit: u, facing: o.face ?? u.facing, formation: o.formation }] : [];
  });
  const refusedChange = pivotAll(s.battlefield, s.units, changes);
  for (const c of changes) {
    const why = refusedChange.get(c.unit.id);
    lines.push(why ? { rule: "TA4.6", kind: "no-room", unit: c.unit.id, blockedBy: why } : { rule: "TA4.6", kind: "formation", unit: c.unit.id, formation: c.formation });
  }

  // TA4.2, TA7.2: start pivots of moves and charges, all at once.
  const chargeOf = new Map<string, { target: string; start: Pt; targetStart: Pt }>();
  const pivots: { unit: Unit; facing: number }[] = [];
  for (const id of ids) {
    const o = unitOrders.get(id)!;
    const u = get(id);
    if (!u) continue;
    if ("move" in o && o.move.face !== undefined) pivots.push({ unit: u, facing: ((o.move.face % 360) + 360) % 360 });
    if ("charge" in o) {
      const t = get(o.charge);
      if (!t) continue;
      chargeOf.set(id, { target: t.id, start: u.pos, targetStart: t.pos });
      pivots.push({ unit: u, facing: bearing(u.pos, t.pos) });
    }
  }
  const refusedPivot = pivotAll(s.battlefield, s.units, pivots);
  for (const [id, why] of refusedPivot) lines.push({ rule: "TA4.2", kind: "no-room", unit: id, blockedBy: why });

  // TA4.7: the stepped move.
  const movers: Mover[] = [];
  const startOf = new Map<string, Pt>();
  for (const id of ids) {
    const o = unitOrders.get(id)!;
    const u = get(id);
    if (!u || refusedPivot.has(id)) continue;
    startOf.set(id, u.pos);
    if ("move" in o && (o.move.distance ?? 0) > 0) movers.push(newMover(u, dir(u.facing), o.move.distance!, T.steps, o.move.march === true));
    if ("charge" in o && chargeOf.has(id)) {
      const m = newMover(u, dir(u.facing), T.allowance[u.arm], T.steps);
      m.enemiesOf = (other) => isEnemy(s, u, other);
      movers.push(m);
    }
  }
  runSteps(s.battlefield, s.units, s.teams, movers, T.steps);

  // TA5.4: cavalry and artillery never end in a town.
  for (const m of movers) {
    if (m.unit.arm === "infantry" || chargeOf.has(m.unit.id) || !footInTown(s.battlefield, footprint(m.unit))) continue;
    const back = footprintAt(m.unit, m.lastClearOfTown, m.unit.facing);
    if (!roomFor(s.battlefield, s.units, m.unit, back)) {
      m.covered -= dist(m.unit.pos, m.lastClearOfTown);
      m.unit.pos = m.lastClearOfTown;
      lines.push({ rule: "TA5.4", kind: "out-of-town", unit: m.unit.id, to: round(m.unit.pos) });
    }
  }
  for (const m of movers) {
    if (chargeOf.has(m.unit.id)) continue;
    const line: ReportLine = { rule: m.march ? "TA4.4" : "TA4.7", kind: "move", unit: m.unit.id, from: round(startOf.get(m.unit.id)!), to: round(m.unit.pos), covered: Math.round(m.covered * 10) / 10 };
    if (m.stoppedBy) line.stoppedBy = m.stoppedBy;
    lines.push(line);
  }

  // TA7.3, TA7.6–TA7.8: which charges make contact and engage.
  const claims = new Map<string, Mover[]>();
  const chargers = movers.filter((m) => chargeOf.has(m.unit.id));
  for (const m of chargers) {
    const hit = m.against ? get(m.against) : undefined;
    const ok = hit && isEnemy(s, m.unit, hit) && !(m.unit.arm === "infantry" && hit.arm === "cavalry") && !s.melees.some((x) => x.attacker === hit.id || x.defender === hit.id);
    if (ok) claims.set(hit.id, [...(claims.get(hit.id) ?? []), m]);
    else {
      const c = chargeOf.get(m.unit.id)!;
      const moved = unitById(s, c.target) && dist(unitById(s, c.target)!.pos, c.targetStart) > 0.05;
      lines.push(m.against || m.stoppedBy
        ? { rule: "TA7.6", kind: "charge-halts", unit: m.unit.id, target: c.target, blockedBy: m.stoppedBy ?? m.against, to: round(m.unit.pos) }
        : { rule: "TA7.8", kind: "charge-falls-short", unit: m.unit.id, target: c.target, targetMoved: moved, to: round(m.unit.pos), covered: Math.round(m.covered) });
    }
  }
  const fresh: Melee[] = [];
  for (const [defender, list] of [...claims].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    list.sort((a, b) => a.stopStep! - b.stopStep! || a.stopShare! - b.stopShare! || (a.unit.id < b.unit.id ? -1 : 1));
    const [first, ...rest] = list;
    const c = chargeOf.get(first!.unit.id)!;
    fresh.push({ attacker: first!.unit.id, defender });
    const mutual = chargeOf.get(defender)?.target === first!.unit.id;
    lines.push({ rule: mutual ? "TA7.7" : "TA7.6", kind: "charge-contact", unit: first!.unit.id, target: c.target, defender, diverted: defender !== c.target, to: round(first!.unit.pos) });
    for (const m of rest) lines.push({ rule: "TA7.3", kind: "charge-halts", unit: m.unit.id, target: chargeOf.get(m.unit.id)!.target, blockedBy: `${first!.unit.id} engaged ${defender} first`, to: round(m.unit.pos) });
  }
  s.melees.push(...fresh);

  // TA4.2: end pivots, all at once.
  const ends = ids.flatMap((id) => {
    const o = unitOrders.get(id)!;
    const u = get(id);
    return u && "move" in o && o.move.endFace !== undefined && !refusedPivot.has(id) ? [{ unit: u, facing: ((o.move.endFace % 360) + 360) % 360 }] : [];
  });
  for (const [id, why] of pivotAll(s.battlefield, s.units, ends)) lines.push({ rule: "TA4.2", kind: "no-room", unit: id, blockedBy: why, end: true });

  // TA4.9: generals, never blocked by units.
  for (const g of [...s.generals].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const o = generalOrders.get(g.id);
    if (o && "move" in o) {
      lines.push({ rule: "TA4.9", kind: "general-move", general: g.id, from: round(g.pos), to: round(o.move) });
      g.pos = { x: o.move.x, y: o.move.y };
    }
  }
}
