// R5.1 — AA fire at aircraft passing over or ending in hostile territory with a hostile AA gun.
import { teamOf } from "../teams";
import type { UnitCounts } from "../types";
import { UNIT_STATS, isAir } from "../units";
import { fire } from "./fire";
import { defaultCasualties } from "./casualties";
import { anyAlive, piece, type Phase, type Piece, type Run } from "../turn/context";

function hostileAaAt(ph: Phase, run: Run, territory: string): boolean {
  const owner = ph.start.owners[territory];
  if (!owner || teamOf(owner) === run.team) return false;
  return ph.view.unitsAt(territory).some((u) => u.type === "aaGun" && teamOf(u.nation) !== run.team);
}

/** Each territory of the path fires once per order at every aircraft of it still alive. */
export function aaFire(ph: Phase): void {
  // Indexed: this loop runs once a phase over every run, mostly unoptimised, where `for…of` makes an
  // iterator result a run (at 100 copies of the board, half a megabyte a phase).
  for (let r = 0; r < ph.runs.length; r++) {
    const run = ph.runs[r]!;
    let fired: Set<string> | undefined; // made at the first shot: most orders pass no AA gun
    // Only AA fire at this order kills its aircraft: the list changes only after a shot.
    let aircraft: Piece[] = [];
    for (const id of run.unitIds) {
      const p = piece(ph, id);
      if (p.alive && isAir(p.type)) aircraft.push(p);
    }
    for (const territory of run.order.path) {
      if (aircraft.length === 0) break;
      if (fired?.has(territory) || !hostileAaAt(ph, run, territory)) continue;
      (fired ??= new Set()).add(territory);
      // Low luck (R6.8) treats the AA shots of one territory at one order as one group of value 1 each.
      const shooters = aircraft.map((p) => ({ id: p.id, nation: p.nation, type: p.type, value: 1 }));
      const record = fire(shooters, ph.dice(`aa|${run.nation}|${run.order.id}|${territory}`), ph.lowLuck);
      // The owner of the aircraft loses the cheapest ones first (R6.9 applied to AA hits).
      const candidates = aircraft.map((p) => ({ id: p.id, nation: p.nation, type: p.type, value: UNIT_STATS[p.type].attack, room: 1 }));
      const lost: UnitCounts = {};
      for (const id of defaultCasualties(candidates, record.hits)) {
        const p = ph.byId[id]!;
        p.alive = false;
        lost[p.type] = (lost[p.type] ?? 0) + 1;
      }
      ph.report.aa.push({ territory, order: run.order.id, nation: run.nation, shots: aircraft.length, hits: record.hits, lost, fire: record });
      aircraft = aircraft.filter((p) => p.alive);
      if (!anyAlive(ph, run.unitIds)) {
        run.status = "destroyed";
        run.rule = "R5.1";
        run.reason = `All aircraft were shot down by AA fire in ${territory} (R5.1)`;
        run.pos = run.order.path.indexOf(territory) + 1;
        break;
      }
    }
  }
}
