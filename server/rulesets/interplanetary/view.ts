// IP10: what each viewer may see. The filtered view is the only road out of a state.
import type { Viewer } from "../ruleset";
import { BOARD } from "./board";
import { distance } from "./hex";
import { inPlay } from "./ships";
import type { Report, ReportLine, Ship, State } from "./types";

export const DETECTION_RANGE = 3;

export type ShipView = Omit<Ship, "fuel" | "maxFuel" | "guns" | "stock" | "hp"> & Partial<Pick<Ship, "fuel" | "maxFuel" | "guns" | "stock" | "hp">> & { manifest: "shown" | "hidden" };

export type View =
  | { viewer: "outsider"; scenario: State["scenario"]; turn: number; sides: string[]; ended: State["ended"] }
  | (Omit<State, "ships"> & { viewer: "side" | "spectator"; ships: ShipView[] });

/** IP10.2: the scenarios played under fog of war. */
export const fogOfWar = (state: Pick<State, "scenario">) => state.scenario === "hostile-takeover";

function hideManifest(ship: Ship): ShipView {
  const { fuel: _f, maxFuel: _m, guns: _g, stock: _s, hp: _h, ...rest } = structuredClone(ship);
  return { ...rest, manifest: "hidden" };
}

/** IP10.2: under fog of war a side sees an enemy's manifest only within 3 hexes of its ships or bases. */
function detected(state: State, side: string, ship: Ship): boolean {
  if (ship.side === side) return true;
  const eyes = [
    ...state.ships.filter((s) => s.side === side && inPlay(s)).map((s) => s.pos),
    ...Object.entries(state.bases).filter(([, b]) => b.owner === side && !b.destroyed).map(([id]) => BOARD.bases.get(id)!.hex),
  ];
  return eyes.some((h) => distance(h, ship.pos) <= DETECTION_RANGE);
}

export function viewState(state: State, viewer: Viewer): View {
  if (viewer.kind === "outsider") return { viewer: "outsider", scenario: state.scenario, turn: state.turn, sides: [...state.sides], ended: structuredClone(state.ended) };
  const { ships, ...rest } = structuredClone(state);
  const shown = (s: Ship) => !fogOfWar(state) || (viewer.kind === "side" && detected(state, viewer.side, s));
  return {
    ...rest,
    // Under fog of war torpedo fuel is part of a manifest too (IP10.2).
    ordnance: rest.ordnance.map((o) => (fogOfWar(state) && (viewer.kind !== "side" || o.side !== viewer.side) ? { ...o, fuel: 0 } : o)),
    bases: fogOfWar(state) ? Object.fromEntries(Object.entries(rest.bases).map(([id, b]) => [id, viewer.kind === "side" && b.owner === viewer.side ? b : { ...b, busters: 0 }])) : rest.bases,
    viewer: viewer.kind,
    ships: ships.map((s) => (shown(s) ? { ...s, manifest: "shown" as const } : hideManifest(s))),
  };
}

/** Report lines whose numbers are part of a ship's manifest (IP10.2): damage taken, fuel and repairs, a loaded buster. */
const MANIFEST_LINES: Record<string, (line: ReportLine) => ReportLine> = {
  hit: ({ rule, kind, ship }) => ({ rule, kind, text: `${String(ship)} is hit`, ship }),
  resupply: ({ rule, kind, ship, base }) => ({ rule, kind, text: `${String(ship)} is served at a base`, ship, base }),
};

/**
 * IP10.3: a resolved turn's report for a viewer. Under fog of war (hostile takeover) the numbers of
 * an enemy's manifest — a hit's subsystem and damage, a resupply's fuel, repairs and buster — are
 * shown only to the ship's own side; spectators see them for no ship. What happened (moves, hits,
 * disabled, destroyed, launches) stays public (IP10.1). Other scenarios hide nothing.
 */
export function viewReport(report: Report, viewer: Viewer, state: State): Report {
  if (!fogOfWar(state)) return report;
  const sideOf = new Map(state.ships.map((s) => [s.id, s.side]));
  const own = (line: ReportLine) => viewer.kind === "side" && sideOf.get(String(line.ship)) === viewer.side;
  return { ...report, lines: report.lines.map((line) => (MANIFEST_LINES[line.kind] && !own(line) ? MANIFEST_LINES[line.kind]!(line) : line)) };
}
