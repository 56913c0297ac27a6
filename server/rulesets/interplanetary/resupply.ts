// IP8: resupply at a base that serves the ship's side: fuel to full, repairs, busters at home.
import { BOARD } from "./board";
import hull from "./data/hull.json";
import { baseServes, inPlay } from "./ships";
import type { ReportLine, State, Subsystems } from "./types";

const CAPACITY: Subsystems = { structure: hull.structure, guns: hull.gunMounts, launchers: hull.launchers, reactor: hull.reactor, systems: hull.systems };
const REPAIR_ORDER: (keyof Subsystems)[] = ["structure", "reactor", "guns", "launchers", "systems"];

export function resupply(state: State, lines: ReportLine[]): void {
  for (const ship of state.ships) {
    if (!inPlay(ship) || !ship.base || !baseServes(state, ship.base, ship.side)) continue;
    const base = BOARD.bases.get(ship.base)!;
    const fuel = ship.maxFuel - ship.fuel;
    ship.fuel = ship.maxFuel;
    // IP8.2: planet and asteroid yards repair 2 points a turn, orbital stations 1.
    let repair = base.kind === "orbital" ? 1 : 2;
    let repaired = 0;
    for (const part of REPAIR_ORDER) {
      while (repair > 0 && ship.hp[part] < CAPACITY[part]) {
        ship.hp[part]++;
        repair--;
        repaired++;
      }
    }
    // IP8.3: a ship at its side's own base loads a kinetic buster from the base's stock.
    const bs = state.bases[ship.base]!;
    let loaded = false;
    if (bs.owner === ship.side && bs.busters > 0 && ship.stock.buster === 0) {
      bs.busters--;
      ship.stock.buster = 1;
      loaded = true;
    }
    if (fuel > 0 || repaired > 0 || loaded)
      lines.push({ rule: "IP8.1", kind: "resupply", text: `${ship.id} at ${base.name}: +${fuel} fuel, ${repaired} repaired${loaded ? ", loads a kinetic buster" : ""}`, ship: ship.id, base: base.id, fuel, repaired, loaded });
  }
}
