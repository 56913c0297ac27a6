// R5.4 — industrial raids: one die per surviving raider, never low luck, capped at the territory's value.
import { teamOf } from "../teams";
import { aliveOf, runPosition, type Phase, type Run } from "../turn/context";

/** Runs whose bombers raid: marked raid and standing at their target when the land pass ends. */
export function raidingRuns(ph: Phase): Run[] {
  return ph.runs.filter((r) => r.order.raid && r.status === "completed" && aliveOf(ph, r.unitIds).length > 0);
}

export function raiderIds(ph: Phase): Set<number> {
  return new Set(raidingRuns(ph).flatMap((r) => aliveOf(ph, r.unitIds).map((p) => p.id)));
}

export function raids(ph: Phase): void {
  const byTarget = new Map<string, Run[]>();
  for (const r of raidingRuns(ph)) byTarget.set(runPosition(r), [...(byTarget.get(runPosition(r)) ?? []), r]);
  for (const territory of [...byTarget.keys()].sort()) {
    // By nation name, then order id (no nation's name begins another's, so this is the order of "nation|id").
    const runs = byTarget.get(territory)!.sort((a, b) => (a.nation !== b.nation ? (a.nation < b.nation ? -1 : 1) : a.order.id < b.order.id ? -1 : 1));
    const victim = ph.start.owners[territory]!;
    const rolls: number[] = [];
    for (const r of runs) {
      const stream = ph.dice(`raid|${territory}|${r.nation}|${r.order.id}`);
      for (const _ of aliveOf(ph, r.unitIds)) rolls.push(stream.d6());
    }
    const raider = runs[0]!.nation;
    const friendlyNow = teamOf(ph.owners[territory]!) === teamOf(raider);
    // Capped at the territory's value for all raids on it this turn, and never below 0 credits.
    const capped = Math.min(rolls.reduce((s, x) => s + x, 0), ph.board.value(territory));
    const damage = friendlyNow ? 0 : Math.min(capped, ph.treasury[victim]);
    ph.treasury[victim] -= damage;
    ph.report.raids.push({
      territory,
      nation: victim,
      raiders: runs.map((r) => r.order.id),
      rolls,
      damage,
      reason: friendlyNow ? `${territory} is friendly to the raiders by now: the raid does nothing (R5.4)` : undefined,
    });
  }
}
