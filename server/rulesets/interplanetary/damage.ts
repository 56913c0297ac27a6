// IP7.6, IP7.7: disability and hits on a ship's subsystems.
import type { DiceStream } from "../shared/dice";
import type { ReportLine, Ship } from "./types";

const LOCATIONS = ["structure", "guns", "launchers", "fuel", "reactor", "systems"] as const;

/** IP7.6: disabled for n turns; a disabled ship ignores a further disabled result. */
export function disable(ship: Ship, turns: number, lines: ReportLine[]): void {
  if (turns === 0 || ship.status === "destroyed") return;
  if (ship.disabled > 0) {
    lines.push({ rule: "IP7.6", kind: "disabled-ignored", text: `${ship.id} is already disabled; the result is ignored`, ship: ship.id });
    return;
  }
  ship.disabled = turns;
  lines.push({ rule: "IP7.6", kind: "disabled", text: `${ship.id} is disabled for ${turns} turn(s)`, ship: ship.id, turns });
}

/** IP7.7: a hit: d6 for the subsystem, d6 for the damage; what a subsystem cannot hold goes to Structure. */
export function hit(ship: Ship, dice: DiceStream, lines: ReportLine[]): void {
  if (ship.status === "destroyed") return;
  const where = LOCATIONS[dice.d6() - 1]!;
  let points = dice.d6();
  const taken = points;
  if (where === "fuel") {
    const lost = Math.min(ship.fuel, points);
    ship.fuel -= lost;
    points -= lost;
  } else if (where !== "structure") {
    const lost = Math.min(ship.hp[where], points);
    ship.hp[where] -= lost;
    points -= lost;
    if (where === "launchers") dropStock(ship);
  }
  ship.hp.structure = Math.max(0, ship.hp.structure - points);
  lines.push({ rule: "IP7.7", kind: "hit", text: `${ship.id} is hit: ${taken} damage to ${where}${points > 0 ? `, ${points} of it to structure` : ""}`, ship: ship.id, location: where, damage: taken, overflow: points });
  if (ship.hp.structure === 0) {
    ship.status = "destroyed";
    lines.push({ rule: "IP7.7", kind: "destroyed", text: `${ship.id} is destroyed (structure gone)`, ship: ship.id });
  }
}

/** Launcher damage: each point of launcher capacity lost destroys one stowed weapon (IP7.7). */
function dropStock(ship: Ship): void {
  let excess = Object.values(ship.stock).reduce((a, b) => a + b, 0) - ship.hp.launchers;
  for (const kind of ["buster", "torpedo", "missile", "rocket", "mine"] as const) {
    while (excess > 0 && ship.stock[kind] > 0) {
      ship.stock[kind]--;
      excess--;
    }
  }
}

/** Guns work while the gun mounts and the reactor hold (IP7.7) and the ship is not disabled (IP7.6). */
export const workingGuns = (ship: Ship): number => (ship.hp.guns > 0 && ship.hp.reactor > 0 && ship.disabled === 0 ? ship.guns : 0);
