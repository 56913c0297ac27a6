// Hand-to-hand (TA8): every combat at once, one-sided; then withdrawals and combats that go on.
import type { Dice } from "../shared/dice";
import { bearing, dir, type Pt } from "./geometry";
import { takeHits, removeEliminated } from "./hits";
import { newMover, pivotAll, runSteps } from "./movement";
import { faceOf, unitById } from "./rules";
import { onHill } from "./terrain";
import { ratingMod, T } from "./tables";
import { basesLeft, inColumn } from "./units";
import type { Melee, ReportLine, State, Unit } from "./types";

/** Hits from an attacker's roll (TA8.1, TA8.3–TA8.5). */
export function meleeHits(roll: number, attacker: Unit, defender: Unit, face: "front" | "flank" | "rear", hill: boolean): { mod: number; hits: number } {
  const mod = ratingMod(attacker.rating) + (attacker.hits >= T.deteriorationHits ? -1 : 0);
  let hits = Math.max(0, roll + mod);
  if (hill) hits = Math.ceil(hits / 2);
  if (face !== "front") hits *= 2;
  if (inColumn(defender)) hits *= 2;
  return { mod, hits };
}

const tenth = (p: Pt): Pt => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 });

export function meleePhase(s: State, dice: Dice, lines: ReportLine[]): void {
  const fights = [...s.melees].sort((a, b) => (a.attacker + ":" + a.defender < b.attacker + ":" + b.defender ? -1 : 1));
  const basesBefore = new Map(s.units.map((u) => [u.id, basesLeft(u.hits)]));
  const pending: { target: Unit; hits: number; team: string }[] = [];
  for (const m of fights) {
    const a = unitById(s, m.attacker)!;
    const d = unitById(s, m.defender)!;
    if (d.arm === "artillery") {
      pending.push({ target: d, hits: T.hitsToEliminate, team: s.teams[a.side]! });
      lines.push({ rule: "TA8.2", kind: "guns-overrun", attacker: a.id, defender: d.id });
      continue;
    }
    const face = faceOf(d, a.pos);
    const hill = onHill(s.battlefield, d.pos);
    const roll = dice(`melee:${a.id}:${d.id}`).d6();
    const r = meleeHits(roll, a, d, face, hill);
    pending.push({ target: d, hits: r.hits, team: s.teams[a.side]! });
    lines.push({ rule: "TA8.1", kind: "melee", attacker: a.id, defender: d.id, roll, mod: r.mod, face, hill, column: inColumn(d), hits: r.hits });
  }
  for (const p of pending) takeHits(s, p.target, p.hits, p.team);
  const alive = (id: string) => unitById(s, id)!.hits < T.hitsToEliminate;
  // TA8.6: who withdraws, once each, away from its opponent.
  const withdraw = new Map<string, string>();
  const goingOn: Melee[] = [];
  for (const m of fights) {
    const a = unitById(s, m.attacker)!;
    const d = unitById(s, m.defender)!;
    if (!alive(a.id) || !alive(d.id)) continue;
    const lostBase = basesLeft(d.hits) < basesBefore.get(d.id)!;
    if (lostBase) {
      if (!withdraw.has(d.id)) withdraw.set(d.id, a.id);
    } else if (a.arm === "cavalry") {
      if (!withdraw.has(a.id)) withdraw.set(a.id, d.id);
    }
  }
  for (const m of fights) {
    if (!alive(m.attacker) || !alive(m.defender) || withdraw.has(m.attacker) || withdraw.has(m.defender)) continue;
    goingOn.push(m);
    lines.push({ rule: "TA8.7", kind: "melee-continues", attacker: m.attacker, defender: m.defender });
  }
  s.melees = goingOn;
  const gone = removeEliminated(s);
  for (const u of gone) lines.push({ rule: "TA9.1", kind: "eliminated", unit: u.id, side: u.side });
  const ids = [...withdraw.keys()].sort();
  const movers = ids.map((id) => {
    const u = unitById(s, id)!;
    const from = unitById(s, withdraw.get(id)!)!;
    return { u, from, away: bearing(from.pos, u.pos) };
  });
  pivotAll(s.battlefield, s.units, movers.map((w) => ({ unit: w.u, facing: bearing(w.u.pos, w.from.pos) })));
  const ms = movers.map((w) => newMover(w.u, dir(w.away), T.withdrawDistance, T.steps));
  const starts = movers.map((w) => w.u.pos);
  runSteps(s.battlefield, s.units, s.teams, ms, T.steps);
  ms.forEach((m, i) => lines.push({ rule: "TA8.6", kind: "withdraw", unit: m.unit.id, from: movers[i]!.from.id, at: tenth(starts[i]!), to: tenth(m.unit.pos), covered: Math.round(m.covered), facing: Math.round(m.unit.facing) }));
}
