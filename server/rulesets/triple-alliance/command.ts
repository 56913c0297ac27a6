// Command (TA3): every rally at once, at the start of the turn.
import type { Dice } from "../shared/dice";
import { generalTouches, unitById } from "./rules";
import { setHits } from "./hits";
import { T } from "./tables";
import type { GeneralOrder, ReportLine, State } from "./types";

export function commandPhase(s: State, generalOrders: Map<string, GeneralOrder>, dice: Dice, lines: ReportLine[]): void {
  const lost = new Set<string>();
  for (const g of [...s.generals].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const o = generalOrders.get(g.id);
    if (!o || !("rally" in o)) continue;
    const u = unitById(s, o.rally);
    if (!u || !generalTouches(g.pos, u)) continue;
    const roll = dice(`rally:${g.id}`).d6();
    // TA3.1: never a lost base back.
    const floor = T.hitsPerBase * Math.floor(u.hits / T.hitsPerBase);
    const before = u.hits;
    setHits(u, Math.max(floor, u.hits - roll));
    lines.push({ rule: "TA3.1", kind: "rally", general: g.id, unit: u.id, roll, removed: before - u.hits, hits: u.hits });
    if (roll === 1) {
      lost.add(g.id);
      lines.push({ rule: "TA3.2", kind: "general-lost", general: g.id, side: g.side });
    }
  }
  s.generals = s.generals.filter((g) => !lost.has(g.id));
}
