// Scenarios as data (TA10): battlefields and orders of battle under data/, turned into a state.
import curupaytyField from "./data/battlefields/curupayty.json";
import encuentroField from "./data/battlefields/encuentro.json";
import tuyutiField from "./data/battlefields/tuyuti.json";
import curupayty from "./data/scenarios/curupayty.json";
import encuentro from "./data/scenarios/encuentro.json";
import tuyuti from "./data/scenarios/tuyuti.json";
import { convexOverlaps, type Pt } from "./geometry";
import { blockedByArea, offTable } from "./terrain";
import { footprint } from "./units";
import type { TeamInfo } from "../ruleset";
import { RULESET_ID, type Battlefield, type General, type State, type Unit } from "./types";

type XY = number[];
interface FieldData {
  id: string;
  name: string;
  width: number;
  height: number;
  areas: { kind: string; name?: string; poly: XY[] }[];
  lines: { kind: string; name?: string; width?: number; points: XY[] }[];
}
interface ScenarioData {
  id: string;
  name: string;
  battlefield: string;
  turnLimit: number;
  breakFraction: number;
  sides: Record<string, string>;
  units: (Omit<Unit, "pos" | "hits"> & { pos: XY; hits?: number })[];
  generals: (Omit<General, "pos"> & { pos: XY })[];
}

const pt = (p: XY): Pt => ({ x: p[0]!, y: p[1]! });
export function battlefieldFrom(d: FieldData): Battlefield {
  return {
    id: d.id,
    name: d.name,
    width: d.width,
    height: d.height,
    areas: d.areas.map((a) => ({ kind: a.kind as Battlefield["areas"][number]["kind"], name: a.name, poly: a.poly.map(pt) })),
    lines: d.lines.map((l) => ({ kind: l.kind as "river" | "road", name: l.name, width: l.width, points: l.points.map(pt) })),
  };
}

export const BATTLEFIELDS: Record<string, FieldData> = { encuentro: encuentroField, tuyuti: tuyutiField, curupayty: curupaytyField };
export const SCENARIO_DATA: Record<string, ScenarioData> = { encuentro: encuentro as ScenarioData, tuyuti: tuyuti as ScenarioData, curupayty: curupayty as ScenarioData };
export const SCENARIOS = Object.keys(SCENARIO_DATA);

/** TA1.7: the teams of a scenario's sides (side → team), in the order the sides are listed. */
export function scenarioTeams(sides: Record<string, string>): TeamInfo[] {
  const names = [...new Set(Object.values(sides))];
  return names.map((name) => ({ name, sides: Object.keys(sides).filter((side) => sides[side] === name) }));
}

export interface SetupOptions {
  /** Fewer or more turns than the scenario's (TA9.3). */
  turnLimit?: number;
}

/** Builds a state from scenario data, checking that the data is sound (TA10.1). */
export function stateFrom(d: ScenarioData, field: FieldData, turnLimit?: number): { ok: true; state: State } | { ok: false; rule: string; message: string } {
  const battlefield = battlefieldFrom(field);
  const units: Unit[] = d.units.map((u) => ({ ...u, pos: pt(u.pos), hits: u.hits ?? 0 }));
  for (const u of units) {
    const foot = footprint(u);
    if (offTable(battlefield, foot)) return { ok: false, rule: "TA10.1", message: `${u.id} stands off the table (TA10.1)` };
    const area = blockedByArea(battlefield, u.arm, foot);
    if (area) return { ok: false, rule: "TA10.1", message: `${u.id} stands in ${area} (TA10.1)` };
    const other = units.find((o) => o.id !== u.id && convexOverlaps(foot, footprint(o)));
    if (other) return { ok: false, rule: "TA10.1", message: `${u.id} overlaps ${other.id} (TA10.1)` };
  }
  const teams = d.sides;
  const startUnits: Record<string, number> = {};
  for (const u of units) {
    if (!teams[u.side]) return { ok: false, rule: "TA10.1", message: `${u.id}: side ${u.side} is not in the scenario (TA10.1)` };
    startUnits[teams[u.side]!] = (startUnits[teams[u.side]!] ?? 0) + 1;
  }
  return {
    ok: true,
    state: {
      ruleset: RULESET_ID,
      scenario: d.id,
      turn: 1,
      turnLimit: turnLimit ?? d.turnLimit,
      breakFraction: d.breakFraction,
      battlefield,
      sides: Object.keys(teams),
      teams,
      units,
      generals: d.generals.map((g) => ({ ...g, pos: pt(g.pos) })),
      melees: [],
      startUnits,
      inflicted: Object.fromEntries([...new Set(Object.values(teams))].map((t) => [t, 0])),
    },
  };
}

export function setupScenario(id: string, options: SetupOptions | undefined): { ok: true; state: State } | { ok: false; rule: string; message: string } {
  const d = SCENARIO_DATA[id];
  if (!d) return { ok: false, rule: "TA10.1", message: `unknown scenario "${id}": one of ${SCENARIOS.join(", ")} (TA10.1)` };
  const field = BATTLEFIELDS[d.battlefield];
  if (!field || field.id !== d.battlefield) return { ok: false, rule: "TA10.1", message: `scenario ${id} names an unknown battlefield (TA10.1)` };
  const limit = options?.turnLimit;
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) return { ok: false, rule: "TA9.3", message: "turnLimit is a positive whole number (TA9.3)" };
  return stateFrom(d, field, limit);
}
