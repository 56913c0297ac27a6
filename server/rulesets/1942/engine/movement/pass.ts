// R5.2 — a movement pass, played in steps: head-on conflicts (R5.2b), then meetings (R5.2a),
// then blitz captures as armour passes (R5.2d).
import { otherTeam, teamOf } from "../teams";
import { TEAMS, type Team } from "../types";
import { TRANSPORT_CAPACITY, UNIT_STATS, isAir, isLandUnit, isShip } from "../units";
import { transferCapitalCredits } from "../economy/capitals";
import { capture, type Capture } from "./capture";
import { aboardOf, aliveOf, cargoPieces, disembark, embark, moveTo, runPosition, type Phase, type Piece, type Run } from "../turn/context";

export type PassKind = "sea" | "land";

/** Pieces that count for meetings in this pass: ships at sea, land units on land (R5.2a). */
function countsInPass(kind: PassKind, p: Piece, invisible: ReadonlySet<number>): boolean {
  if (!p.alive || p.aboard !== undefined || invisible.has(p.id)) return false;
  return kind === "sea" ? isShip(p.type) : isLandUnit(p.type);
}

/** Units of a run alive at the start of the pass (no unit dies during a pass). */
function unitsOf(ph: Phase, run: Run): Piece[] {
  return (run.live ??= aliveOf(ph, run.unitIds));
}

/** Surface part of a run: the units that make a force (stealth submarines never do). */
function surface(ph: Phase, run: Run): Piece[] {
  return run.stealth ? [] : unitsOf(ph, run).filter((p) => !isAir(p.type));
}

function value(pieces: readonly Piece[]): number {
  return pieces.reduce((sum, p) => sum + UNIT_STATS[p.type].cost, 0);
}

interface Force {
  team: Team;
  from: string;
  to: string;
  runs: Run[];
  value: number;
}

/**
 * R5.2b — the force of one team crossing one edge in one direction at step k. Summed in one walk of
 * each run's units, with no list made a run: it runs for both teams at every crossing of every step.
 * The runs keep their order: those with surface units first, then air-only runs on their final step.
 */
function forceOf(ph: Phase, runs: Run[], k: number, team: Team, from: string, to: string): Force | undefined {
  const withSurface: Run[] = [];
  const finalAir: Run[] = [];
  let total = 0;
  for (const r of runs) {
    if (r.team !== team) continue;
    const final = r.order.path.length === k;
    if (final && r.airOnly) finalAir.push(r);
    if (r.stealth) continue; // stealth submarines make no force
    let surfaceValue = 0;
    let hasSurface = false;
    let airValue = 0;
    for (const p of unitsOf(ph, r)) {
      if (isAir(p.type)) {
        airValue += UNIT_STATS[p.type].cost;
        continue;
      }
      hasSurface = true;
      surfaceValue += UNIT_STATS[p.type].cost;
      if (p.type === "transport") surfaceValue += value(cargoPieces(ph, p.id));
    }
    if (!hasSurface) continue;
    withSurface.push(r);
    total += surfaceValue;
    // The air units of a mixed order join only on their final step, like any air order.
    if (final) total += airValue;
  }
  if (withSurface.length === 0) return undefined;
  for (const r of finalAir) total += value(unitsOf(ph, r));
  withSurface.push(...finalAir);
  return { team, from, to, runs: withSurface, value: total };
}

/** The first place in an ascending column whose value is at least `x`. */
function lowerBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function headOns(ph: Phase, kind: PassKind, active: Run[], k: number): void {
  // Crossings by edge direction, one key a pair of territory numbers (from × territories + to), as
  // one column of numbers sorted in place: key × runs + the run's place, so a direction's runs lie
  // together in their order. No map by key (at 100 copies of the board a hash table of thousands of
  // crossings a step, each probe a cache miss, and a list a crossing).
  const size = ph.board.ids.length;
  const n = active.length;
  if (n === 0) return;
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = active[i]!;
    sorted[i] = (r.steps[r.pos]! * size + r.steps[k]!) * n + i; // below 2^53 on any board of 2^16 territories
  }
  sorted.sort();
  const keyAt = (j: number) => (sorted[j]! - (sorted[j]! % n)) / n;
  // The runs of one direction: the slice of the sorted column whose key is `key`, in their order.
  const runsOf = (start: number): Run[] => {
    const key = keyAt(start);
    const out: Run[] = [];
    for (let j = start; j < n && keyAt(j) === key; j++) out.push(active[sorted[j]! % n]!);
    return out;
  };
  // Each edge once, from its lower number, in key order: numbers follow the sorted ids, so this is the order of the names.
  for (let j = 0; j < n; ) {
    const key = keyAt(j);
    let next = j + 1;
    while (next < n && keyAt(next) === key) next++;
    const start = j;
    j = next;
    const from = Math.floor(key / size);
    const to = key - from * size;
    if (from >= to) continue;
    const back = lowerBound(sorted, (to * size + from) * n);
    if (back >= n || keyAt(back) !== to * size + from) continue;
    const forward = runsOf(start);
    const backward = runsOf(back);
    const a = ph.board.ids[from]!;
    const b = ph.board.ids[to]!;
    for (const team of TEAMS) {
      const f1 = forceOf(ph, forward, k, team, a, b);
      const f2 = forceOf(ph, backward, k, otherTeam(team), b, a);
      if (!f1 || !f2) continue;
      const orders = [...f1.runs, ...f2.runs].map((r) => r.order.id);
      const nations = [...f1.runs, ...f2.runs].map((r) => r.nation);
      const forces = [f1, f2].map((f) => ({ team: f.team, from: f.from, to: f.to, value: f.value, orders: f.runs.map((r) => r.order.id), nations: f.runs.map((r) => r.nation) }));
      if (f1.value === f2.value) {
        for (const r of [...f1.runs, ...f2.runs]) {
          r.status = "bounced";
          r.rule = "R5.2b";
          r.reason = `Bounced in a head-on crossing between ${a} and ${b}: both forces are worth ${f1.value} (R5.2b)`;
        }
        ph.report.conflicts.push({ kind: "head-on", pass: kind, step: k, territory: a, edge: [a, b], forces, result: "bounced", orders, nations, rule: "R5.2b" });
        continue;
      }
      const [winner, loser] = f1.value > f2.value ? [f1, f2] : [f2, f1];
      for (const r of loser.runs) {
        r.status = "stopped";
        r.rule = "R5.2b";
        r.reason = `Stopped in ${loser.from}: lost a head-on crossing to ${loser.to}, ${loser.value} against ${winner.value} (R5.2b)`;
      }
      ph.report.conflicts.push({ kind: "head-on", pass: kind, step: k, territory: loser.from, edge: [a, b], forces, result: "advanced", orders, nations, rule: "R5.2b" });
    }
  }
}

function enter(ph: Phase, run: Run, k: number): void {
  run.pos = k;
  const to = run.steps[k]!;
  for (const p of unitsOf(ph, run)) {
    if (run.cargoOf !== undefined) {
      disembark(ph, p); // R5.3: cargo goes ashore
      p.unloaded = true;
    }
    moveTo(ph, p, to);
    p.moved = true;
    for (const c of aboardOf(ph, p.id)) if (c.alive) moveTo(ph, c, to); // moving cargo changes where it stands, never what is aboard
  }
}

/**
 * R4.7 — the transports take their load aboard when they stand in the load zone. The transports of
 * one order add their capacities, so all their cargo is spread again: non-infantry one per
 * transport first, then infantry where room is left (validation checked the totals).
 */
export function load(ph: Phase, run: Run): void {
  const transports = aliveOf(ph, run.unitIds).filter((p) => p.type === "transport");
  const cargo = [...transports.flatMap((t) => cargoPieces(ph, t.id)), ...aliveOf(ph, run.loadIds)];
  for (const p of cargo) disembark(ph, p);
  const heavy = cargo.filter((p) => p.type !== "infantry");
  const light = cargo.filter((p) => p.type === "infantry");
  const count = new Map(transports.map((t) => [t.id, 0]));
  heavy.forEach((p, i) => {
    const t = transports[i];
    if (!t) return; // never for a valid order
    embark(ph, p, t);
    count.set(t.id, 1);
  });
  for (const p of light) {
    const t = transports.find((x) => count.get(x.id)! < TRANSPORT_CAPACITY);
    if (!t) continue;
    embark(ph, p, t);
    count.set(t.id, count.get(t.id)! + 1);
  }
}

/** Whether units of both teams that count in this pass stand in a territory (R5.2a). */
function bothTeamsIn(ph: Phase, kind: PassKind, territory: number, invisible: ReadonlySet<number>): boolean {
  let first: Team | undefined;
  for (const p of ph.here[territory] ?? []) {
    if (!countsInPass(kind, p, invisible)) continue;
    const team = teamOf(p.nation);
    if (first === undefined) first = team;
    else if (team !== first) return true;
  }
  return false;
}

function meetings(ph: Phase, kind: PassKind, moved: Run[], k: number, invisible: ReadonlySet<number>): void {
  // Runs by the number of the territory they entered, walked in number order (the sorted ids'
  // order): one column of territory × runs + the run's place, sorted in place, so a territory's runs
  // lie together in their order. No map by territory (a hash table of thousands at 100 copies).
  const count = moved.length;
  const sorted = new Float64Array(count);
  let m = 0;
  for (let i = 0; i < count; i++) {
    const r = moved[i]!;
    if (r.airOnly || r.stealth) continue; // R5.2a: air and stealth submarines never meet while moving
    sorted[m++] = r.steps[r.pos]! * count + i;
  }
  const column = sorted.subarray(0, m).sort();
  for (let j = 0; j < m; ) {
    const n = (column[j]! - (column[j]! % count)) / count;
    const start = j;
    while (j < m && column[j]! < (n + 1) * count) j++;
    if (!bothTeamsIn(ph, kind, n, invisible)) continue; // the list of its runs only where they meet
    const runs: Run[] = [];
    for (let i = start; i < j; i++) runs.push(moved[column[i]! % count]!);
    const territory = ph.board.ids[n]!;
    for (const r of runs) {
      if (r.order.path.length === k) continue; // its last territory: the order completes there
      r.status = "stopped";
      r.rule = "R5.2a";
      r.reason = `Stopped in ${territory}: met hostile units there (R5.2a)`;
    }
    ph.report.conflicts.push({ kind: "meeting", pass: kind, step: k, territory, orders: runs.map((r) => r.order.id), nations: runs.map((r) => r.nation), rule: "R5.2a" });
  }
}

/** R5.2d — a hostile territory an armour group passes through changes owner when passed. */
function blitzes(ph: Phase, moved: Run[], k: number): Capture[] {
  const captures: Capture[] = [];
  for (const r of moved) {
    if (r.status !== "moving" || r.order.path.length === k) continue;
    const owner = ph.owners[runPosition(r)];
    if (!owner || teamOf(owner) === r.team || surface(ph, r).length === 0) continue;
    const c = capture(ph, runPosition(r), r.team, "blitz");
    if (!c) continue;
    transferCapitalCredits(ph, [c]); // R8.2: a blitz takes the credits when it passes
    captures.push(c);
  }
  return captures;
}

/** Play one pass to its end. Returns the blitz captures made on the way (land pass). */
export function runPass(ph: Phase, kind: PassKind, runs: Run[]): Capture[] {
  for (const r of runs) r.live = undefined; // units may have died since the last pass
  const invisible = new Set(runs.filter((r) => r.stealth).flatMap((r) => r.unitIds));
  const blitzed: Capture[] = [];
  for (const r of runs) if (r.order.load && r.order.load.atStep === 0) load(ph, r);
  // A run active at step k was active at every step before it (a run never moves again once it
  // stops, and its units are fixed for the pass): each step looks only at the runs that moved in
  // the step before, not at every run of the pass, and the pass ends when none is left.
  let moved = runs;
  for (let k = 1; moved.length > 0; k++) {
    const active = moved.filter((r) => r.status === "moving" && r.order.path.length >= k && unitsOf(ph, r).length > 0);
    headOns(ph, kind, active, k);
    moved = active.filter((r) => r.status === "moving");
    for (const r of moved) enter(ph, r, k);
    for (const r of moved) if (r.order.load && r.order.load.atStep === k) load(ph, r);
    meetings(ph, kind, moved, k, invisible);
    if (kind === "land") blitzed.push(...blitzes(ph, moved, k));
  }
  for (const r of runs) {
    if (r.status === "moving") r.status = "completed";
    r.live = undefined; // the pass's cache: let it go now rather than keep it to the phase's end
  }
  return blitzed;
}
